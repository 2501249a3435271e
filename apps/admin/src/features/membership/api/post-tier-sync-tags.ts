import type { Ok } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/tiers/sync-tags` (I-08): every member in a tier re-tagged on the store, by jobs. */
export function postTierSyncTags(): Promise<Ok<{ members: number }>> {
  return api.post<{ members: number }>("/tiers/sync-tags");
}

export function usePostTierSyncTags() {
  return useMutation({ mutationFn: postTierSyncTags });
}
