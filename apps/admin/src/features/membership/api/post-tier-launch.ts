import type { Ok, TierLaunchBody, TierRunView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `POST /apiSa/tiers/launch`: launch or relaunch; every member is recalculated by a job (I-10). */
export function postTierLaunch(
  body: TierLaunchBody,
  kind: TierProgramKind = "vip",
): Promise<Ok<TierRunView>> {
  return api.post<TierRunView>(`${tierApiBase(kind)}/launch`, body);
}

export function usePostTierLaunch() {
  const queryClient = useQueryClient();
  const kind = useTierProgramKind();
  return useMutation({
    mutationFn: (body: TierLaunchBody) => postTierLaunch(body, kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
