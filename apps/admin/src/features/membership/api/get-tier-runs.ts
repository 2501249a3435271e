import type { TierRunView } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `GET /apiSa/tiers/runs`: launches, relaunches and deactivations, newest first (I-11). */
export async function getTierRuns(signal?: AbortSignal): Promise<TierRunView[]> {
  return (await api.get<TierRunView[]>("/tiers/runs", signal)).data;
}

export function useTierRuns() {
  return useQuery(queryOptions({ queryKey: tierKeys.runs(), queryFn: ({ signal }) => getTierRuns(signal) }));
}
