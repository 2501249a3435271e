/**
 * The store's webhook sender: signs each body as Shopify does, sends it to Laurel's `POST
 * /webhooks` and records the attempt with the exact bytes, so a failure stays visible and can be
 * sent again. A 2xx only means Laurel recorded the delivery: its effect (points) follows later,
 * so nothing here reads Laurel's outcome from the answer (decision 0045).
 */
import { randomUUID } from "node:crypto";
import * as repo from "../store.repository";
import type { Logger, StoreDeps, StoreShop } from "../store-deps";
import { serializePayload } from "./shopify-payloads";
import { webhookHmac } from "./signatures";

/** Sends one webhook request to Laurel and reports the answer. */
export type WebhookTransport = (request: {
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number; body: string }>;

export interface DeliveryResult {
  webhookId: string;
  topic: string;
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** Signs and sends one webhook as Shopify does, and records the attempt (a failure stays visible). */
export async function deliverWebhook(
  deps: StoreDeps,
  shop: StoreShop,
  transport: WebhookTransport,
  log: Logger,
  w: { topic: string; payload: unknown; orderId: string | null; customerId: string | null },
): Promise<DeliveryResult> {
  const body = serializePayload(w.payload);
  const webhookId = randomUUID();
  const attempt = await send(deps, shop, transport, { webhookId, topic: w.topic, body });
  await repo.insertDelivery(deps.db, {
    shopId: shop.shopId,
    webhookId,
    topic: w.topic,
    orderId: w.orderId,
    customerId: w.customerId,
    body,
    status: attempt.status,
    error: attempt.error,
    at: deps.clock.now(),
    delivered: attempt.ok,
  });
  if (!attempt.ok) {
    log.warn(
      { topic: w.topic, webhookId, status: attempt.status, error: attempt.error, orderId: w.orderId },
      "demo store: webhook delivery to Laurel failed",
    );
  }
  return { webhookId, topic: w.topic, ...attempt };
}

async function send(
  deps: StoreDeps,
  shop: StoreShop,
  transport: WebhookTransport,
  w: { webhookId: string; topic: string; body: string },
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const now = deps.clock.now();
  const headers = {
    "content-type": "application/json",
    "x-shopify-topic": w.topic,
    "x-shopify-shop-domain": shop.shopDomain,
    "x-shopify-webhook-id": w.webhookId,
    "x-shopify-event-id": randomUUID(),
    "x-shopify-triggered-at": `${now.toISOString().slice(0, 23)}000Z`,
    "x-shopify-api-version": deps.apiVersion,
    "x-shopify-hmac-sha256": webhookHmac(w.body, deps.appSecret),
  };
  try {
    const res = await transport({ headers, body: w.body });
    // Shopify counts any 2xx as delivered; anything else (3xx included) is a failure.
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, error: ok ? null : res.body.slice(0, 500) };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends a failed delivery again: the same bytes and the same webhook id, as Shopify retries. */
export async function retryDelivery(
  deps: StoreDeps,
  shop: StoreShop,
  webhookId: string,
  transport: WebhookTransport,
  log: Logger,
): Promise<DeliveryResult | null> {
  const row = await repo.findDelivery(deps.db, shop.shopId, webhookId);
  if (!row) return null;
  if (row.delivered_at) return { webhookId, topic: row.topic, ok: true, status: row.status, error: null };
  const attempt = await send(deps, shop, transport, { webhookId, topic: row.topic, body: row.body });
  await repo.recordRetry(deps.db, shop.shopId, webhookId, {
    ...attempt,
    at: deps.clock.now(),
    delivered: attempt.ok,
  });
  if (!attempt.ok)
    log.warn({ topic: row.topic, webhookId, status: attempt.status }, "demo store: webhook retry failed");
  return { webhookId, topic: row.topic, ...attempt };
}

export function findDelivery(deps: StoreDeps, shop: StoreShop, webhookId: string) {
  return repo.findDelivery(deps.db, shop.shopId, webhookId);
}

export function listCustomerDeliveries(deps: StoreDeps, shop: StoreShop, customerId: string) {
  return repo.listDeliveries(deps.db, shop.shopId, { customerId });
}
