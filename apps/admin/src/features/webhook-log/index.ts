export { WebhookLogView } from "./components/webhook-log-view";
