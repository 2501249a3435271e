import type { Ok, TierProgramView, TierSettingsBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `PUT /apiSa/tiers/settings` (I-05): refused while tiers are enabled (I-12). */
export function putTierSettings(
  body: TierSettingsBody,
  kind: TierProgramKind = "vip",
): Promise<Ok<TierProgramView>> {
  return api.put<TierProgramView>(`${tierApiBase(kind)}/settings`, body);
}

export function usePutTierSettings() {
  const queryClient = useQueryClient();
  const kind = useTierProgramKind();
  return useMutation({
    mutationFn: (body: TierSettingsBody) => putTierSettings(body, kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
