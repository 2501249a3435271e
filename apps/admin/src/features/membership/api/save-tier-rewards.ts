import type { Ok, TierRewardsBody, TierView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `PUT /apiSa/tiers/:id/rewards`: entry points, tier-up coupon, pre-tier reward; 400 names the field. */
export function saveTierRewards(input: { id: string; body: TierRewardsBody }): Promise<Ok<TierView>> {
  return api.put<TierView>(`/tiers/${encodeURIComponent(input.id)}/rewards`, input.body);
}

export function useSaveTierRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTierRewards,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
