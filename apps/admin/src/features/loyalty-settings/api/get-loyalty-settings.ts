import type { LoyaltySettings } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { loyaltySettingsKeys } from "./keys";

/** `GET /apiSa/lp/settings`: order earning, pending points, sandbox, exchange rate, coupon revokes. */
export async function getLoyaltySettings(signal?: AbortSignal): Promise<LoyaltySettings> {
  return (await api.get<LoyaltySettings>("/lp/settings", signal)).data;
}

export function useLoyaltySettings() {
  return useQuery(
    queryOptions({ queryKey: loyaltySettingsKeys.all, queryFn: ({ signal }) => getLoyaltySettings(signal) }),
  );
}
