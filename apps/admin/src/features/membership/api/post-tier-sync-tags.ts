import type { Ok } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `POST /apiSa/tiers/sync-tags` (I-08, or B2B's, I-20): every member in a tier re-tagged on the store, by jobs. */
export function postTierSyncTags(kind: TierProgramKind = "vip"): Promise<Ok<{ members: number }>> {
  return api.post<{ members: number }>(`${tierApiBase(kind)}/sync-tags`);
}

export function usePostTierSyncTags() {
  const kind = useTierProgramKind();
  return useMutation({ mutationFn: () => postTierSyncTags(kind) });
}
