import type { GrowthRewards } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";

/** `GET /apiSa/growth-rewards` (F-09). */
export async function getGrowthRewards(signal?: AbortSignal) {
  return (await api.get<GrowthRewards>("/growth-rewards", signal)).data;
}

export const growthRewardsQueryOptions = () =>
  queryOptions({ queryKey: earnEventKeys.growth(), queryFn: ({ signal }) => getGrowthRewards(signal) });

export function useGrowthRewards() {
  return useQuery(growthRewardsQueryOptions());
}
