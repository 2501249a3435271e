import type { GetShopsResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { shopKeys } from "../../../lib/query-keys";

/** `GET /apiSa/shops`: the shop, its platform facts, whether it is blocked, the session. */
export async function getShops(signal?: AbortSignal): Promise<GetShopsResponse> {
  const envelope = await api.get<GetShopsResponse>("/shops", signal);
  return envelope.data;
}

export function getShopsQueryOptions() {
  return queryOptions({
    queryKey: shopKeys.current(),
    queryFn: ({ signal }) => getShops(signal),
  });
}

export function useShops() {
  return useQuery(getShopsQueryOptions());
}
