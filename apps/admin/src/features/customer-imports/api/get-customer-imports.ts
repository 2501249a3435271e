import type { CustomerImportsListResponse } from "@laurel/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerImportKeys } from "../../../lib/query-keys";

/** `GET /apiSa/customers/imports` (J-12): the import history, newest first, one keyset page. */
export async function getCustomerImports(cursor: string | undefined, signal?: AbortSignal) {
  const q = new URLSearchParams({ pageSize: "10" });
  if (cursor) q.set("cursor", cursor);
  return (await api.get<CustomerImportsListResponse>(`/customers/imports?${q.toString()}`, signal)).data;
}

export function useCustomerImports(cursor: string | undefined) {
  return useQuery({
    queryKey: customerImportKeys.list(cursor),
    queryFn: ({ signal }) => getCustomerImports(cursor, signal),
    placeholderData: keepPreviousData,
    // An import running in the background moves on: the history follows it.
    refetchInterval: (query) =>
      query.state.data?.imports.some((i) => i.status === "importing") ? 1_000 : false,
  });
}
