import type { ShopActivityResponse } from "@laurel/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

export interface ShopActivityParams {
  action?: string | undefined;
  customer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
}

/** `GET /apiSa/activities` (K-01, K-03): the shop's point activity, newest first. */
export async function getShopActivity(params: ShopActivityParams, signal?: AbortSignal) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) q.set(key, value);
  return (await api.get<ShopActivityResponse>(`/activities?${q.toString()}`, signal)).data;
}

export function useShopActivity(params: ShopActivityParams) {
  return useQuery({
    queryKey: customerKeys.shopActivity({ ...params }),
    queryFn: ({ signal }) => getShopActivity(params, signal),
    placeholderData: keepPreviousData,
  });
}
