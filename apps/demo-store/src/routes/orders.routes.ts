import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cancelOrder, getOrder, mayAccessOrder, refundOrder } from "../orders/orders.service";
import { findDelivery, retryDelivery } from "../platform/webhook-sender";
import { LOGIN_PATH, notFoundPage, STORE_PATH } from "../views/layout";
import { orderPage } from "../views/order.views";
import { field, PUBLIC, type StoreHttp } from "./store-http";

/** The order page: refund, cancel, send a failed webhook again. */
export function registerOrderRoutes(scope: FastifyInstance, h: StoreHttp): void {
  const { deps, shopOr503, pageContext, sendPage, seeOther, transport, log } = h;
  // ── Orders ──────────────────────────────────────────────────────────────────────────────
  const NOTICES: Record<string, string> = {
    placed: "Thank you! Your order is confirmed and paid.",
    refunded: "Refund issued to your original payment.",
    cancelled: "Your order is cancelled and refunded.",
    retried: "Sent again.",
  };

  async function orderFor(request: FastifyRequest, reply: FastifyReply) {
    const shop = await shopOr503(reply);
    if (!shop) return null;
    const { ctx, shopper } = await pageContext(request, shop);
    const { orderId } = request.params as { orderId: string };
    const query = request.query as Record<string, string | undefined>;
    const key = field(request.body, "key", 64) || query.key || "";
    const view = await getOrder(deps, shop, orderId);
    if (!view || !mayAccessOrder(view, shopper, key)) {
      if (!shopper && !key && view) {
        void seeOther(
          reply,
          `${LOGIN_PATH}?return_to=${encodeURIComponent(`${STORE_PATH}/orders/${orderId}`)}`,
        );
        return null;
      }
      void sendPage(reply, notFoundPage(ctx, "We couldn't find this order."), 404);
      return null;
    }
    return { shop, ctx, shopper, view, key: shopper ? "" : key };
  }

  const backToOrder = (orderId: string, key: string, done: string) =>
    `${STORE_PATH}/orders/${orderId}?${done}=1${key ? `&key=${encodeURIComponent(key)}` : ""}`;

  scope.get(`${STORE_PATH}/orders/:orderId`, PUBLIC, async (request, reply) => {
    const found = await orderFor(request, reply);
    if (!found) return reply;
    const query = request.query as Record<string, string | undefined>;
    const notice = Object.keys(NOTICES).find((k) => query[k] === "1");
    return sendPage(
      reply,
      orderPage(found.ctx, found.view, {
        key: found.key || null,
        notice: notice ? (NOTICES[notice] ?? null) : null,
      }),
    );
  });

  scope.post(`${STORE_PATH}/orders/:orderId/cancel`, PUBLIC, async (request, reply) => {
    const found = await orderFor(request, reply);
    if (!found) return reply;
    const result = await cancelOrder(deps, found.shop, found.view.order.orderId, transport, log(request));
    if (!result.ok)
      return sendPage(
        reply,
        orderPage(found.ctx, found.view, { key: found.key, notice: result.message }),
        409,
      );
    return seeOther(reply, backToOrder(found.view.order.orderId, found.key, "cancelled"));
  });

  scope.post(`${STORE_PATH}/orders/:orderId/refund`, PUBLIC, async (request, reply) => {
    const found = await orderFor(request, reply);
    if (!found) return reply;
    const line = field(request.body, "line", 19);
    const result = await refundOrder(
      deps,
      found.shop,
      found.view.order.orderId,
      { lineId: line || null },
      transport,
      log(request),
    );
    if (!result.ok)
      return sendPage(
        reply,
        orderPage(found.ctx, found.view, { key: found.key, notice: result.message }),
        409,
      );
    return seeOther(reply, backToOrder(found.view.order.orderId, found.key, "refunded"));
  });

  scope.post(`${STORE_PATH}/orders/:orderId/deliveries/:webhookId/retry`, PUBLIC, async (request, reply) => {
    const found = await orderFor(request, reply);
    if (!found) return reply;
    const { webhookId } = request.params as { webhookId: string };
    const delivery = await findDelivery(deps, found.shop, webhookId);
    if (delivery?.order_id === found.view.order.orderId)
      await retryDelivery(deps, found.shop, webhookId, transport, log(request));
    return seeOther(reply, backToOrder(found.view.order.orderId, found.key, "retried"));
  });
}
