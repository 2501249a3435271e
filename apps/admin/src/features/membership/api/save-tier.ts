import type { Ok, TierBody, TierView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `POST /apiSa/tiers` (create) or `PUT /apiSa/tiers/:id` (save): 400 names the field (I-13). */
export function saveTier(input: { id: string | null; body: TierBody }): Promise<Ok<TierView>> {
  return input.id === null
    ? api.post<TierView>("/tiers", input.body)
    : api.put<TierView>(`/tiers/${encodeURIComponent(input.id)}`, input.body);
}

export function useSaveTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTier,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
