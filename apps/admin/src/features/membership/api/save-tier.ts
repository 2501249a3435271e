import type { Ok, TierBody, TierView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `POST /apiSa/tiers` (create) or `PUT /apiSa/tiers/:id` (save): 400 names the field (I-13). */
export function saveTier(
  input: { id: string | null; body: TierBody },
  kind: TierProgramKind = "vip",
): Promise<Ok<TierView>> {
  const base = tierApiBase(kind);
  return input.id === null
    ? api.post<TierView>(base, input.body)
    : api.put<TierView>(`${base}/${encodeURIComponent(input.id)}`, input.body);
}

export function useSaveTier() {
  const queryClient = useQueryClient();
  const kind = useTierProgramKind();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TierBody }) => saveTier(input, kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tierKeys.all }),
  });
}
