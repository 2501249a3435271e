import type { CustomerImport } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerImportKeys } from "../../../lib/query-keys";

/** `GET /apiSa/customers/imports/:id`: one import; polled every second while it is importing. */
export async function getCustomerImport(id: string, signal?: AbortSignal) {
  return (await api.get<CustomerImport>(`/customers/imports/${encodeURIComponent(id)}`, signal)).data;
}

export function useCustomerImport(id: string | undefined) {
  return useQuery({
    queryKey: customerImportKeys.detail(id ?? ""),
    queryFn: ({ signal }) => getCustomerImport(id as string, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === "importing" ? 1_000 : false),
  });
}
