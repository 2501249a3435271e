import type { SubscriptionSettings } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** The Subscription section (M-07, C-23): one query-key factory for the resource (DESIGN §6). */
export const subscriptionSettingsKeys = {
  all: ["subscription-settings"] as const,
};

/** `GET /apiSa/lp/settings/subscription`: subscription app, purchase types, programs with a subscription condition. */
export async function getSubscriptionSettings(signal?: AbortSignal): Promise<SubscriptionSettings> {
  return (await api.get<SubscriptionSettings>("/lp/settings/subscription", signal)).data;
}

export function useSubscriptionSettings() {
  return useQuery(
    queryOptions({
      queryKey: subscriptionSettingsKeys.all,
      queryFn: ({ signal }) => getSubscriptionSettings(signal),
    }),
  );
}
