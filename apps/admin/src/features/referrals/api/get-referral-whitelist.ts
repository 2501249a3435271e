import type { ReferralWhitelistResponse } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { referralKeys } from "../../../lib/query-keys";

/** `GET /apiSa/referral/whitelist?search=`: whitelisted customers (E-10). */
export async function getReferralWhitelist(search: string, signal?: AbortSignal) {
  const query = search ? `?search=${encodeURIComponent(search)}` : "";
  return (await api.get<ReferralWhitelistResponse>(`/referral/whitelist${query}`, signal)).data;
}

export function getReferralWhitelistQueryOptions(search: string) {
  return queryOptions({
    queryKey: referralKeys.whitelist(search),
    queryFn: ({ signal }) => getReferralWhitelist(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReferralWhitelist(search: string) {
  return useQuery(getReferralWhitelistQueryOptions(search));
}
