import type { TierDesignView } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { membershipKeys } from "./membership-keys";

/** `GET /apiSa/tiers/design`: the VIP Design tab (I-03, I-04, I-27). */
export async function getTierDesign(signal?: AbortSignal): Promise<TierDesignView> {
  return (await api.get<TierDesignView>("/tiers/design", signal)).data;
}

export function getTierDesignQueryOptions() {
  return queryOptions({
    queryKey: membershipKeys.tierDesign(),
    queryFn: ({ signal }) => getTierDesign(signal),
  });
}

export function useTierDesign() {
  return useQuery(getTierDesignQueryOptions());
}
