import type { CustomerImportRowError } from "@laurel/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerImportKeys } from "../../../lib/query-keys";

/** `GET /apiSa/customers/imports/:id/errors`: refused rows after a line, in line order. */
export async function getImportErrors(id: string, after: number, signal?: AbortSignal) {
  const q = new URLSearchParams({ after: String(after), pageSize: "20" });
  return (
    await api.get<{ errors: CustomerImportRowError[]; nextAfter: number | null }>(
      `/customers/imports/${encodeURIComponent(id)}/errors?${q.toString()}`,
      signal,
    )
  ).data;
}

export function useImportErrors(id: string | undefined, after: number) {
  return useQuery({
    queryKey: [...customerImportKeys.detail(id ?? ""), "errors", after],
    queryFn: ({ signal }) => getImportErrors(id as string, after, signal),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}
