import type { TierProgramView } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** While a launch runs, its progress is read this often. */
export const TIER_RUN_POLL_MS = 1_000;

/** `GET /apiSa/tiers`: the VIP program (settings, tiers with members, status, latest run). */
export async function getTierProgram(signal?: AbortSignal): Promise<TierProgramView> {
  return (await api.get<TierProgramView>("/tiers", signal)).data;
}

export function getTierProgramQueryOptions() {
  return queryOptions({
    queryKey: tierKeys.program(),
    queryFn: ({ signal }) => getTierProgram(signal),
    refetchInterval: (query) => (query.state.data?.run?.status === "running" ? TIER_RUN_POLL_MS : false),
  });
}

export function useTierProgram() {
  return useQuery(getTierProgramQueryOptions());
}
