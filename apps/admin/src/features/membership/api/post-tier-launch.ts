import type { Ok, TierLaunchBody, TierRunView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `POST /apiSa/tiers/launch`: launch or relaunch; every member is recalculated by a job (I-10). */
export function postTierLaunch(body: TierLaunchBody): Promise<Ok<TierRunView>> {
  return api.post<TierRunView>("/tiers/launch", body);
}

export function usePostTierLaunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTierLaunch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
