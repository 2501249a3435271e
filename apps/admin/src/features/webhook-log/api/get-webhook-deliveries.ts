import type { WebhookDeliveryStatus, WebhookLogResponse } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { webhookLogKeys } from "../../../lib/query-keys";

/** How often the log refreshes itself while the page is visible. */
export const WEBHOOK_LOG_REFRESH_MS = 5_000;

export interface WebhookLogParams {
  shop?: string | undefined;
  status?: WebhookDeliveryStatus | undefined;
  topic?: string | undefined;
  cursor?: string | undefined;
}

/** `GET /apiSa/dev_zone/webhooks` (staff only): one page of deliveries, newest first, and counts. */
export async function getWebhookDeliveries(
  params: WebhookLogParams,
  signal?: AbortSignal,
): Promise<WebhookLogResponse> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  const envelope = await api.get<WebhookLogResponse>(`/dev_zone/webhooks${query ? `?${query}` : ""}`, signal);
  return envelope.data;
}

export function getWebhookDeliveriesQueryOptions(params: WebhookLogParams) {
  return queryOptions({
    queryKey: webhookLogKeys.list({ ...params }),
    queryFn: ({ signal }) => getWebhookDeliveries(params, signal),
    // TanStack Query pauses the interval while the tab is hidden (refetchIntervalInBackground: false).
    refetchInterval: WEBHOOK_LOG_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useWebhookDeliveries(params: WebhookLogParams) {
  return useQuery(getWebhookDeliveriesQueryOptions(params));
}
