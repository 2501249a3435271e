import type { ReferralBranding, ReferralBrandingResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { referralKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/referral/branding` (E-13): saves the whole design (checked again by the server). */
export function putReferralBranding(branding: ReferralBranding) {
  return api.put<ReferralBrandingResponse>("/referral/branding", branding);
}

export function useSaveReferralBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putReferralBranding,
    onSuccess: (envelope) => client.setQueryData(referralKeys.branding(), envelope.data),
  });
}
