import type { Ok, TierProgramView, TierSettingsBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `PUT /apiSa/tiers/settings` (I-05): refused while tiers are enabled (I-12). */
export function putTierSettings(body: TierSettingsBody): Promise<Ok<TierProgramView>> {
  return api.put<TierProgramView>("/tiers/settings", body);
}

export function usePutTierSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTierSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
