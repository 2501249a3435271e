import type { WebhookDeliveryDetail } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { webhookLogKeys } from "../../../lib/query-keys";

/** `GET /apiSa/dev_zone/webhooks/:shopId/:webhookId` (staff only): one delivery with its body. */
export async function getWebhookDelivery(
  shopId: string,
  webhookId: string,
  signal?: AbortSignal,
): Promise<WebhookDeliveryDetail> {
  const path = `/dev_zone/webhooks/${encodeURIComponent(shopId)}/${encodeURIComponent(webhookId)}`;
  return (await api.get<WebhookDeliveryDetail>(path, signal)).data;
}

export function getWebhookDeliveryQueryOptions(shopId: string, webhookId: string) {
  return queryOptions({
    queryKey: webhookLogKeys.detail(shopId, webhookId),
    queryFn: ({ signal }) => getWebhookDelivery(shopId, webhookId, signal),
  });
}

export function useWebhookDelivery(ref: { shopId: string; webhookId: string } | null) {
  return useQuery({
    ...getWebhookDeliveryQueryOptions(ref?.shopId ?? "", ref?.webhookId ?? ""),
    enabled: ref !== null,
  });
}
