import type { Ok } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `DELETE /apiSa/tiers/:id`: applied to members at the next relaunch. */
export function deleteTier(id: string, kind: TierProgramKind = "vip"): Promise<Ok<null>> {
  return api.delete<null>(`${tierApiBase(kind)}/${encodeURIComponent(id)}`);
}

export function useDeleteTier() {
  const queryClient = useQueryClient();
  const kind = useTierProgramKind();
  return useMutation({
    mutationFn: (id: string) => deleteTier(id, kind),
    // Not awaited: the editor leaves first, so it never renders its own tier as missing.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tierKeys.all });
    },
  });
}
