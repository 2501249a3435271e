import type { AdminActivity, CustomerActivityFilter, PageInfo } from "@laurel/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

export const ACTIVITY_PAGE_SIZE = 10;

/** `GET /apiSa/customers/:id/activities` (H-21): one sub-tab of the ledger, newest first. */
export async function getCustomerActivities(
  id: string,
  filter: CustomerActivityFilter,
  page: number,
  signal?: AbortSignal,
) {
  const q = new URLSearchParams({ filter, page: String(page), pageSize: String(ACTIVITY_PAGE_SIZE) });
  const envelope = await api.get<{ activities: AdminActivity[]; pageInfo: PageInfo }>(
    `/customers/${encodeURIComponent(id)}/activities?${q.toString()}`,
    signal,
  );
  return envelope.data;
}

export function useCustomerActivities(id: string, filter: CustomerActivityFilter, page: number) {
  return useQuery({
    queryKey: customerKeys.activities(id, filter, page),
    queryFn: ({ signal }) => getCustomerActivities(id, filter, page, signal),
    placeholderData: keepPreviousData,
  });
}
