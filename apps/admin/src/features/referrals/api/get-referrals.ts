import type { ReferralListResponse } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { referralListKeys } from "../../../lib/query-keys";

export const REFERRALS_PAGE_SIZE = 10;

/** `GET /apiSa/referrals`: newest first, by status, with the counts for the tabs (E-12). */
export async function getReferrals(status: string, page: number, referrerId: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(page), pageSize: String(REFERRALS_PAGE_SIZE) });
  if (status) search.set("status", status);
  if (referrerId) search.set("referrerId", referrerId);
  return (await api.get<ReferralListResponse>(`/referrals?${search}`, signal)).data;
}

/** `referrerId` "": every referral of the shop; otherwise one customer's referrals. */
export function getReferralsQueryOptions(status: string, page: number, referrerId = "") {
  return queryOptions({
    queryKey: referralListKeys.list(status, page, referrerId),
    queryFn: ({ signal }) => getReferrals(status, page, referrerId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferrals(status: string, page: number, referrerId = "") {
  return useQuery(getReferralsQueryOptions(status, page, referrerId));
}
