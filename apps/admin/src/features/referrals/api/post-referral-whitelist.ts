import type { ReferralWhitelistResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { referralKeys } from "../../../lib/query-keys";

/** `POST /apiSa/referral/whitelist` (add) or `/remove`: customers by id or e-mail (E-10). */
export function postReferralWhitelist(change: { customers: string[]; remove: boolean }) {
  const path = change.remove ? "/referral/whitelist/remove" : "/referral/whitelist";
  return api.post<ReferralWhitelistResponse>(path, { customers: change.customers });
}

export function useChangeReferralWhitelist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postReferralWhitelist,
    onSuccess: () => client.invalidateQueries({ queryKey: [...referralKeys.all, "whitelist"] }),
  });
}
