import type { Ok, WebhookDeliverySummary } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { webhookLogKeys } from "../../../lib/query-keys";

export interface DeliveryRef {
  shopId: string;
  webhookId: string;
}

/**
 * `POST /apiSa/dev_zone/webhooks/:shopId/:webhookId/retry` (staff only, audit-logged): a failed
 * delivery goes back to the processor's queue. 409 `webhook_not_failed` for any other status.
 */
export function postWebhookRetry(ref: DeliveryRef): Promise<Ok<WebhookDeliverySummary>> {
  return api.post<WebhookDeliverySummary>(
    `/dev_zone/webhooks/${encodeURIComponent(ref.shopId)}/${encodeURIComponent(ref.webhookId)}/retry`,
  );
}

export function usePostWebhookRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postWebhookRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookLogKeys.all }),
  });
}
