import type { TierPreview } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `POST /apiSa/tiers/preview`: what a launch of the tiers as edited would do; writes nothing. */
export async function postTierPreview(kind: TierProgramKind = "vip"): Promise<TierPreview> {
  return (await api.post<TierPreview>(`${tierApiBase(kind)}/preview`)).data;
}

export function usePostTierPreview() {
  const kind = useTierProgramKind();
  return useMutation({ mutationFn: () => postTierPreview(kind) });
}
