import type { ReferralSettingsResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { referralKeys } from "../../../lib/query-keys";

/** `GET /apiSa/referral/settings`: the settings, the plan's cap and this cycle's completed referrals. */
export async function getReferralSettings(signal?: AbortSignal): Promise<ReferralSettingsResponse> {
  return (await api.get<ReferralSettingsResponse>("/referral/settings", signal)).data;
}

export function getReferralSettingsQueryOptions() {
  return queryOptions({
    queryKey: referralKeys.settings(),
    queryFn: ({ signal }) => getReferralSettings(signal),
  });
}

export function useReferralSettings() {
  return useQuery(getReferralSettingsQueryOptions());
}
