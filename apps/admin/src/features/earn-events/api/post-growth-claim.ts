import type { GrowthRewards } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";

/** `POST /apiSa/growth-rewards/:threshold/claim` ('Failed to claim free order.' on refusal). */
export function postGrowthClaim(threshold: number) {
  return api.post<GrowthRewards>(`/growth-rewards/${threshold}/claim`);
}

export function useClaimGrowthReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postGrowthClaim,
    onSuccess: (envelope) => client.setQueryData(earnEventKeys.growth(), envelope.data),
  });
}
