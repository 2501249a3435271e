import type { TierProgramView } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

/** `GET /apiSa/tiers`, read for "VIP tier only" (C-22): the shop's tiers, by id and name. */
export function useVipTierNames(enabled: boolean) {
  return useQuery({
    queryKey: [...programKeys.all, "vip-tiers"],
    queryFn: async ({ signal }) =>
      (await api.get<TierProgramView>("/tiers", signal)).data.tiers.map((t) => ({ id: t.id, name: t.name })),
    enabled,
  });
}
