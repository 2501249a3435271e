import type { TierRunView } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";
import { type TierProgramKind, tierApiBase, useTierProgramKind } from "./tier-program-kind";

/** `GET /apiSa/tiers/runs`: launches, relaunches and deactivations, newest first (I-11). */
export async function getTierRuns(
  signal?: AbortSignal,
  kind: TierProgramKind = "vip",
): Promise<TierRunView[]> {
  return (await api.get<TierRunView[]>(`${tierApiBase(kind)}/runs`, signal)).data;
}

export function useTierRuns() {
  const kind = useTierProgramKind();
  return useQuery(
    queryOptions({ queryKey: tierKeys.runs(kind), queryFn: ({ signal }) => getTierRuns(signal, kind) }),
  );
}
