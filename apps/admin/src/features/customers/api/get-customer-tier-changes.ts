import type { CustomerTierChangesResponse } from "@laurel/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

export const TIER_CHANGES_PAGE_SIZE = 10;

/** `GET /apiSa/customers/:id/tier-changes` (J-04): the member's VIP tier changes, newest first. */
export async function getCustomerTierChanges(id: string, page: number, signal?: AbortSignal) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(TIER_CHANGES_PAGE_SIZE) });
  const envelope = await api.get<CustomerTierChangesResponse>(
    `/customers/${encodeURIComponent(id)}/tier-changes?${q.toString()}`,
    signal,
  );
  return envelope.data;
}

export function useCustomerTierChanges(id: string, page: number) {
  return useQuery({
    queryKey: customerKeys.tierChanges(id, page),
    queryFn: ({ signal }) => getCustomerTierChanges(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
