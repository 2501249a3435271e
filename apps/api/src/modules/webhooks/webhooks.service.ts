import type { ShopRow, Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { insertDelivery } from "./webhooks.repository";

export interface WebhookContext {
  shop: ShopRow;
  topic: string;
  webhookId: string;
  payload: unknown;
}

export type WebhookHandler = (deps: Deps, trx: Tx, ctx: WebhookContext) => Promise<void>;

export type WebhookOutcome = "applied" | "duplicate" | "unknown_shop" | "ignored_topic";

/**
 * Applies one verified delivery: dedupe on the webhook id and the topic's effect in ONE
 * transaction, so a crash leaves either both or neither and a redelivery is harmless.
 */
export async function applyWebhook(
  deps: Deps,
  delivery: { shopDomain: string; topic: string; webhookId: string; payload: unknown },
  handler: WebhookHandler | undefined,
): Promise<WebhookOutcome> {
  const shop = (await deps.shopContexts.byDomain(delivery.shopDomain))?.shop;
  // Unknown shop (never installed, or already erased by shop/redact): acknowledge, nothing to do.
  if (!shop) return "unknown_shop";
  if (!handler) return "ignored_topic";
  return deps.db.transaction().execute(async (trx) => {
    if (!(await insertDelivery(trx, shop.id, delivery.webhookId, delivery.topic))) return "duplicate";
    await handler(deps, trx, {
      shop,
      topic: delivery.topic,
      webhookId: delivery.webhookId,
      payload: delivery.payload,
    });
    return "applied";
  });
}
