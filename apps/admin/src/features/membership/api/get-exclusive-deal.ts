import type { ExclusiveDealView } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { membershipKeys } from "./membership-keys";

/** `GET /apiSa/membership/exclusive-deal` (I-22, I-23). */
export async function getExclusiveDeal(signal?: AbortSignal): Promise<ExclusiveDealView> {
  return (await api.get<ExclusiveDealView>("/membership/exclusive-deal", signal)).data;
}

export function getExclusiveDealQueryOptions() {
  return queryOptions({
    queryKey: membershipKeys.exclusiveDeal(),
    queryFn: ({ signal }) => getExclusiveDeal(signal),
  });
}

export function useExclusiveDeal() {
  return useQuery(getExclusiveDealQueryOptions());
}
