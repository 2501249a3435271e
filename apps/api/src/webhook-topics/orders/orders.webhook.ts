import { DEFAULT_CURRENCY, type OrderEvent } from "@laurel/domain";
import { parseInput } from "../../infra/errors";
import { applyOrderNewsAndEffects, type OrderNews } from "../../modules/orders/orders.service";
import type { BatchedWebhookTopic } from "../../modules/webhooks/webhook-handler";
import { orderPayload, refundPayload, toPlatformOrder, toPlatformRefund } from "./shopify-order";

/**
 * orders/create|paid|fulfilled|cancelled and refunds/create: parsed one by one (a malformed body
 * is parked alone, naming the field), applied per shop as one batch of order news (decision 0018).
 */
function orderTopic(parse: BatchedWebhookTopic<OrderNews>["parse"]): BatchedWebhookTopic<OrderNews> {
  return {
    batch: "orders",
    parse,
    async applyMany(deps, trx, shop, news) {
      await applyOrderNewsAndEffects(deps, trx, shop, news);
    },
  };
}

const orderEvent = (event: OrderEvent) =>
  orderTopic(({ payload }) => ({
    kind: "order",
    event,
    order: toPlatformOrder(parseInput(orderPayload, payload)),
  }));

export const ordersCreate = orderEvent("created");
export const ordersPaid = orderEvent("paid");
export const ordersFulfilled = orderEvent("fulfilled");
export const ordersCancelled = orderEvent("cancelled");

/** refunds/create: pro-rata reversal (H-17), applied once, even before the order earns. */
export const refundsCreate = orderTopic(({ shop, payload }) => ({
  kind: "refund",
  refund: toPlatformRefund(
    parseInput(refundPayload, payload),
    shop.platform_info.currency ?? DEFAULT_CURRENCY,
  ),
}));
