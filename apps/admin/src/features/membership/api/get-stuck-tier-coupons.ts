import type { StuckTierCouponsResponse } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** Rows per page of the stuck tier coupons list. */
export const STUCK_COUPONS_PAGE_SIZE = 20;

/** `GET /apiSa/tiers/stuck-coupons`: tier coupons the platform has not made, newest first (decision 0173). */
export async function getStuckTierCoupons(
  page: number,
  signal?: AbortSignal,
): Promise<StuckTierCouponsResponse> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(STUCK_COUPONS_PAGE_SIZE) });
  return (await api.get<StuckTierCouponsResponse>(`/tiers/stuck-coupons?${query}`, signal)).data;
}

export const stuckTierCouponsQuery = (page: number) =>
  queryOptions({
    queryKey: tierKeys.stuckCouponsPage(page),
    queryFn: ({ signal }) => getStuckTierCoupons(page, signal),
    placeholderData: keepPreviousData,
  });

export function useStuckTierCoupons(page: number) {
  return useQuery(stuckTierCouponsQuery(page));
}
