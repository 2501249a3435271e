import type { MembershipOverview } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { membershipKeys } from "./membership-keys";

/** `GET /apiSa/membership` (I-01, I-21, I-24). */
export async function getMembershipOverview(signal?: AbortSignal): Promise<MembershipOverview> {
  return (await api.get<MembershipOverview>("/membership", signal)).data;
}

export function getMembershipOverviewQueryOptions() {
  return queryOptions({
    queryKey: membershipKeys.overview(),
    queryFn: ({ signal }) => getMembershipOverview(signal),
  });
}

export function useMembershipOverview() {
  return useQuery(getMembershipOverviewQueryOptions());
}
