import type { ReferralBrandingResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { referralKeys } from "../../../lib/query-keys";

/** `GET /apiSa/referral/branding` (E-13): the referral pages' design and the preview's sample values. */
export async function getReferralBranding(signal?: AbortSignal): Promise<ReferralBrandingResponse> {
  return (await api.get<ReferralBrandingResponse>("/referral/branding", signal)).data;
}

export function getReferralBrandingQueryOptions() {
  return queryOptions({
    queryKey: referralKeys.branding(),
    queryFn: ({ signal }) => getReferralBranding(signal),
  });
}

export function useReferralBranding() {
  return useQuery(getReferralBrandingQueryOptions());
}
