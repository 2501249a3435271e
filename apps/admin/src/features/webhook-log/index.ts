export { getWebhookDeliveries, useWebhookDeliveries } from "./api/get-webhook-deliveries";
export { getWebhookDelivery, useWebhookDelivery } from "./api/get-webhook-delivery";
export { postWebhookRetry, usePostWebhookRetry } from "./api/post-webhook-retry";
export { WebhookLogView } from "./components/webhook-log-view";
