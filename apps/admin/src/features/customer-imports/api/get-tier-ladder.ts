import type { TierProgramView } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerImportKeys } from "../../../lib/query-keys";

/**
 * `GET /apiSa/tiers`, read for the migration's tier step (J-14): the shop's tiers with their entry
 * requirements (milestones) and the basis they are measured on.
 */
export function useTierLadder(enabled: boolean) {
  return useQuery({
    queryKey: [...customerImportKeys.all, "tier-ladder"],
    queryFn: async ({ signal }) => {
      const program = (await api.get<TierProgramView>("/tiers", signal)).data;
      return {
        basis: program.settings.basis,
        tiers: program.tiers
          .filter((t) => !t.exclusive)
          .map((t) => ({ id: t.id, name: t.name, milestone: t.milestone })),
      };
    },
    enabled,
  });
}
