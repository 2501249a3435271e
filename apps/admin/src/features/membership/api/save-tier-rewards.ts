import type { Ok, TierRewardsBody, TierView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `PUT /apiSa/tiers/:id/rewards`: entry points, tier-up coupon, pre-tier reward; 400 names the field. */
export function saveTierRewards(
  input: { id: string; body: TierRewardsBody },
  kind: TierProgramKind = "vip",
): Promise<Ok<TierView>> {
  return api.put<TierView>(`${tierApiBase(kind)}/${encodeURIComponent(input.id)}/rewards`, input.body);
}

export function useSaveTierRewards() {
  const queryClient = useQueryClient();
  const kind = useTierProgramKind();
  return useMutation({
    mutationFn: (input: { id: string; body: TierRewardsBody }) => saveTierRewards(input, kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
