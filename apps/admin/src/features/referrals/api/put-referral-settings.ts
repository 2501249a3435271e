import type { ReferralSettings, ReferralSettingsResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { referralKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/referral/settings`: saves every field at once (E-04 checked again by the server). */
export function putReferralSettings(settings: ReferralSettings) {
  return api.put<ReferralSettingsResponse>("/referral/settings", settings);
}

export function useSaveReferralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putReferralSettings,
    onSuccess: (envelope) => client.setQueryData(referralKeys.settings(), envelope.data),
  });
}
