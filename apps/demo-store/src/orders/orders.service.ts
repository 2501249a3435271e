/**
 * Orders after checkout: the order page's view, refunds and cancellation. Each change is stored
 * first, then told to Laurel with the webhooks Shopify sends for it.
 */
import type { DemoOrderRow } from "@laurel/db";
import type { Shopper } from "../accounts/accounts.service";
import { newPlatformId, shopifyTime } from "../platform/ids";
import {
  type OrderState,
  orderWebhookPayload,
  refundWebhookPayload,
  type StoredOrder,
  type StoredRefund,
} from "../platform/shopify-payloads";
import { type DeliveryResult, deliverWebhook, type WebhookTransport } from "../platform/webhook-sender";
import * as repo from "../store.repository";
import type { Logger, StoreDeps, StoreShop } from "../store-deps";

export function stateOf(row: DemoOrderRow): OrderState {
  return {
    financialStatus: row.financial_status,
    cancelledAt: row.cancelled_at ? shopifyTime(row.cancelled_at) : null,
    refunds: row.refunds as unknown as StoredRefund[],
    updatedAt: shopifyTime(row.updated_at),
  };
}

export interface OrderView {
  row: DemoOrderRow;
  order: StoredOrder;
  state: OrderState;
  /** Per line: quantity and money not yet refunded. */
  remaining: { lineId: string; quantity: number; amount: number }[];
  remainingShipping: number;
  refundable: number;
  deliveries: Awaited<ReturnType<typeof repo.listDeliveries>>;
}

function remainingOf(order: StoredOrder, refunds: StoredRefund[]) {
  const remaining = order.lines.map((l) => {
    const refunded = refunds.flatMap((r) => r.lines).filter((rl) => rl.lineId === l.lineId);
    return {
      lineId: l.lineId,
      quantity: l.quantity - refunded.reduce((s, rl) => s + rl.quantity, 0),
      amount: l.price * l.quantity - l.discount - refunded.reduce((s, rl) => s + rl.subtotal, 0),
    };
  });
  const remainingShipping =
    order.shipping - order.shippingDiscount - refunds.reduce((s, r) => s + r.shipping, 0);
  return { remaining, remainingShipping };
}

function viewOf(row: DemoOrderRow, deliveries: OrderView["deliveries"]): OrderView {
  const order = row.data as unknown as StoredOrder;
  const state = stateOf(row);
  const { remaining, remainingShipping } = remainingOf(order, state.refunds);
  const refundable = remaining.reduce((s, r) => s + r.amount, 0) + remainingShipping;
  return { row, order, state, remaining, remainingShipping, refundable, deliveries };
}

export async function getOrder(deps: StoreDeps, shop: StoreShop, orderId: string): Promise<OrderView | null> {
  if (!/^\d{1,19}$/.test(orderId)) return null;
  const row = await repo.findOrder(deps.db, shop.shopId, orderId);
  if (!row) return null;
  return viewOf(row, await repo.listDeliveries(deps.db, shop.shopId, { orderId }));
}

export async function listShopperOrders(deps: StoreDeps, shop: StoreShop, customerId: string) {
  const rows = await repo.listCustomerOrders(deps.db, shop.shopId, customerId);
  return rows.map((row) => viewOf(row, []));
}

/** Whoever may act on an order: its signed-in customer, or anyone holding its order-status key. */
export function mayAccessOrder(view: OrderView, shopper: Shopper | null, key: string | undefined): boolean {
  if (shopper && view.row.customer_id === shopper.customerId) return true;
  return typeof key === "string" && key.length > 0 && key === view.order.token;
}

type OrderActionResult =
  | { ok: true; view: OrderView; deliveries: DeliveryResult[] }
  | { ok: false; message: string };

/**
 * Refund: the chosen line's remaining quantity, or everything left (lines and shipping), back to
 * the card; refunds/create tells Laurel.
 */
export async function refundOrder(
  deps: StoreDeps,
  shop: StoreShop,
  orderId: string,
  what: { lineId: string | null },
  transport: WebhookTransport,
  log: Logger,
): Promise<OrderActionResult> {
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findOrderForUpdate(trx, shop.shopId, orderId);
    if (!row) return { ok: false as const, message: "This order doesn't exist." };
    if (row.cancelled_at)
      return { ok: false as const, message: "This order is cancelled: it was refunded then." };
    const order = row.data as unknown as StoredOrder;
    const refunds = row.refunds as unknown as StoredRefund[];
    const { remaining, remainingShipping } = remainingOf(order, refunds);
    const lines = remaining.filter(
      (r) => r.quantity > 0 && (what.lineId === null || r.lineId === what.lineId),
    );
    if (lines.length === 0 && (what.lineId !== null || remainingShipping <= 0))
      return { ok: false as const, message: "Nothing is left to refund on this order." };
    const refund = newRefund(deps, lines, what.lineId === null ? remainingShipping : 0, "Refund requested");
    const all = [...refunds, refund];
    const left = remainingOf(order, all);
    const nothingLeft = left.remaining.every((r) => r.amount <= 0) && left.remainingShipping <= 0;
    const updated = await repo.updateOrder(trx, shop.shopId, orderId, {
      financialStatus: nothingLeft ? "refunded" : "partially_refunded",
      refunds: all as unknown as object[],
      updatedAt: deps.clock.now(),
    });
    return { ok: true as const, row: updated, refund };
  });
  if (!done.ok) return done;
  const order = done.row.data as unknown as StoredOrder;
  const delivery = await deliverWebhook(deps, shop, transport, log, {
    topic: "refunds/create",
    payload: refundWebhookPayload(order, done.refund),
    orderId,
    customerId: order.customer?.id ?? null,
  });
  const view = await getOrder(deps, shop, orderId);
  return { ok: true, view: view as OrderView, deliveries: [delivery] };
}

function newRefund(
  deps: StoreDeps,
  lines: { lineId: string; quantity: number; amount: number }[],
  shipping: number,
  note: string,
): StoredRefund {
  const now = deps.clock.now();
  const refundLines = lines.map((l) => ({
    refundLineId: newPlatformId(now),
    lineId: l.lineId,
    quantity: l.quantity,
    subtotal: Math.max(0, l.amount),
  }));
  return {
    refundId: newPlatformId(now),
    createdAt: shopifyTime(now),
    note,
    lines: refundLines,
    shipping: Math.max(0, shipping),
    shippingRefundId: newPlatformId(now),
    amount: refundLines.reduce((s, l) => s + l.subtotal, 0) + Math.max(0, shipping),
    transactionId: newPlatformId(now),
  };
}

/**
 * Cancel: as Shopify's "cancel order" with "refund payment": whatever is not yet refunded is
 * refunded, the order is cancelled; orders/cancelled (carrying its refunds) then refunds/create.
 */
export async function cancelOrder(
  deps: StoreDeps,
  shop: StoreShop,
  orderId: string,
  transport: WebhookTransport,
  log: Logger,
): Promise<OrderActionResult> {
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findOrderForUpdate(trx, shop.shopId, orderId);
    if (!row) return { ok: false as const, message: "This order doesn't exist." };
    if (row.cancelled_at) return { ok: false as const, message: "This order is already cancelled." };
    if (row.financial_status === "refunded")
      return { ok: false as const, message: "This order is fully refunded: there is nothing to cancel." };
    const order = row.data as unknown as StoredOrder;
    const refunds = row.refunds as unknown as StoredRefund[];
    const { remaining, remainingShipping } = remainingOf(order, refunds);
    const open = remaining.filter((r) => r.quantity > 0);
    const refund =
      open.length > 0 || remainingShipping > 0
        ? newRefund(deps, open, remainingShipping, "Order cancelled by the customer")
        : null;
    const all = refund ? [...refunds, refund] : refunds;
    const now = deps.clock.now();
    const updated = await repo.updateOrder(trx, shop.shopId, orderId, {
      financialStatus: "refunded",
      cancelledAt: now,
      refunds: all as unknown as object[],
      updatedAt: now,
    });
    return { ok: true as const, row: updated, refund };
  });
  if (!done.ok) return done;
  const order = done.row.data as unknown as StoredOrder;
  const customerId = order.customer?.id ?? null;
  const deliveries = [
    await deliverWebhook(deps, shop, transport, log, {
      topic: "orders/cancelled",
      payload: orderWebhookPayload(order, stateOf(done.row), shop.shopDomain),
      orderId,
      customerId,
    }),
  ];
  if (done.refund) {
    deliveries.push(
      await deliverWebhook(deps, shop, transport, log, {
        topic: "refunds/create",
        payload: refundWebhookPayload(order, done.refund),
        orderId,
        customerId,
      }),
    );
  }
  const view = await getOrder(deps, shop, orderId);
  return { ok: true, view: view as OrderView, deliveries };
}
