import type { Ok, TierRunView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `POST /apiSa/tiers/deactivate` (I-12): refused while programs give VIP tier rewards. */
export function postTierDeactivate(kind: TierProgramKind = "vip"): Promise<Ok<TierRunView>> {
  return api.post<TierRunView>(`${tierApiBase(kind)}/deactivate`);
}

export function usePostTierDeactivate() {
  const queryClient = useQueryClient();
  const kind = useTierProgramKind();
  return useMutation({
    mutationFn: () => postTierDeactivate(kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
