import type { TierProgramView } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** While a launch runs, its progress is read this often. */
export const TIER_RUN_POLL_MS = 1_000;

/** `GET /apiSa/tiers` (or `/apiSa/b2b/tiers`): the program (settings, tiers with members, status, latest run). */
export async function getTierProgram(
  signal?: AbortSignal,
  kind: TierProgramKind = "vip",
): Promise<TierProgramView> {
  return (await api.get<TierProgramView>(tierApiBase(kind), signal)).data;
}

export function getTierProgramQueryOptions(kind: TierProgramKind = "vip") {
  return queryOptions({
    queryKey: tierKeys.program(kind),
    queryFn: ({ signal }) => getTierProgram(signal, kind),
    refetchInterval: (query) => (query.state.data?.run?.status === "running" ? TIER_RUN_POLL_MS : false),
  });
}

export function useTierProgram() {
  return useQuery(getTierProgramQueryOptions(useTierProgramKind()));
}
