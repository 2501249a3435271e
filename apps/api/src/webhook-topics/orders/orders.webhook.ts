import { parseInput } from "../../infra/errors";
import { type OrderEvent, recordOrderEvent, recordRefund } from "../../modules/orders/orders.service";
import type { WebhookHandler } from "../../modules/webhooks/webhook-handler";
import { orderPayload, refundPayload, toPlatformOrder, toPlatformRefund } from "./shopify-order";

/** orders/create|paid|fulfilled|cancelled: the ledger effect happens in the delivery's transaction. */
function orderHandler(event: OrderEvent): WebhookHandler {
  return async (deps, trx, { shop, payload }) => {
    const order = toPlatformOrder(parseInput(orderPayload, payload));
    await recordOrderEvent(deps, trx, shop, event, order);
  };
}

export const ordersCreate = orderHandler("created");
export const ordersPaid = orderHandler("paid");
export const ordersFulfilled = orderHandler("fulfilled");
export const ordersCancelled = orderHandler("cancelled");

/** refunds/create: pro-rata reversal (H-17), applied once, even before the order earns. */
export const refundsCreate: WebhookHandler = async (deps, trx, { shop, payload }) => {
  const currency = shop.platform_info.currency ?? "USD";
  await recordRefund(deps, trx, shop, toPlatformRefund(parseInput(refundPayload, payload), currency));
};
