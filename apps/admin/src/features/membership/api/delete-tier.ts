import type { Ok } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `DELETE /apiSa/tiers/:id`: applied to members at the next relaunch. */
export function deleteTier(id: string): Promise<Ok<null>> {
  return api.delete<null>(`/tiers/${encodeURIComponent(id)}`);
}

export function useDeleteTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTier,
    // Not awaited: the editor leaves first, so it never renders its own tier as missing.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: tierKeys.all });
    },
  });
}
