import type { Ok, TierRunView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `POST /apiSa/tiers/deactivate` (I-12): refused while programs give VIP tier rewards. */
export function postTierDeactivate(): Promise<Ok<TierRunView>> {
  return api.post<TierRunView>("/tiers/deactivate");
}

export function usePostTierDeactivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTierDeactivate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
