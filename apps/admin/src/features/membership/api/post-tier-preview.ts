import type { TierPreview } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/tiers/preview`: what a launch of the tiers as edited would do; writes nothing. */
export async function postTierPreview(): Promise<TierPreview> {
  return (await api.post<TierPreview>("/tiers/preview")).data;
}

export function usePostTierPreview() {
  return useMutation({ mutationFn: postTierPreview });
}
