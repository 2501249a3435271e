import type { LoyaltyPageResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/loyalty-page`: the loyalty page's settings (N-10) and its address. */
export async function getLoyaltyPage(signal?: AbortSignal): Promise<LoyaltyPageResponse> {
  return (await api.get<LoyaltyPageResponse>("/storefront/loyalty-page", signal)).data;
}

export function useLoyaltyPage() {
  return useQuery(
    queryOptions({ queryKey: onsiteKeys.loyaltyPage(), queryFn: ({ signal }) => getLoyaltyPage(signal) }),
  );
}
