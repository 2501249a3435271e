import type { CustomerRow, OrderRow, ShopRow, Tx } from "@laurel/db";
import {
  computeCancellationReversal,
  computeRefundReversal,
  type EarningOrder,
  evaluateOrderEarning,
  type PlaceOrderProgram,
  pendingUntil,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { utcOffsetMinutes } from "../../infra/timezone";
import { ensureCustomer } from "../customers/customers.service";
import { listPriorAwards, postEntry } from "../ledger/ledger.service";
import { listActivePrograms } from "../programs/programs.service";
import { countTransaction } from "../shops/shops.service";
import * as repo from "./orders.repository";
import type { PlatformOrder, PlatformRefund } from "./platform-order";

/**
 * Orders → points (DESIGN §4, H-17, decision 0012). Every webhook about an order locks the
 * order's row first, so deliveries in any order and any number converge: the award is posted at
 * most once (`order:{id}:earn`), each refund is applied at most once (`refund:{id}`), and a refund
 * that arrives before the award is kept and applied the moment the points exist.
 */
export type OrderEvent = "created" | "paid" | "fulfilled" | "cancelled";
export type EarningTrigger = "created" | "paid" | "fulfilled";

/** the one order-volume limit that stops programs (Starter); paid plans bill usage instead. */
export const STARTER_MONTHLY_ORDER_LIMIT = 150;
const CYCLE_MS = 30 * 86_400_000;

export const ORDER_ACTIVITY = {
  earn: "earn_place_order",
  earnPending: "earn_pending_point",
  log: "log_order",
  cancel: "cancel_order",
  refund: "refund_order",
  partialRefund: "partial_refund_order",
  deductPending: "deduct_pending_point",
  convertPending: "convert_pending_point",
} as const;

const PAID_STATUSES = new Set(["paid", "partially_refunded", "refunded"]);

/** Has the order reached the shop's earning event, whichever topic told us? */
function reachedTrigger(
  trigger: EarningTrigger,
  event: OrderEvent,
  o: PlatformOrder,
  row: OrderRow,
): boolean {
  switch (trigger) {
    case "created":
      return true;
    case "paid":
      return event === "paid" || row.paid_at !== null || PAID_STATUSES.has(o.financialStatus ?? "");
    case "fulfilled":
      return event === "fulfilled" || row.fulfilled_at !== null;
  }
}

export function earningTriggerOf(shop: ShopRow): EarningTrigger {
  return shop.settings.orderEarningTrigger ?? "paid";
}

/** the 30-day cycle containing `now`, anchored at the subscription start (or install). */
export function cycleStart(shop: ShopRow, now: Date): Date {
  const anchor = (shop.sub_start_at ?? shop.installed_at).getTime();
  const cycles = Math.max(0, Math.floor((now.getTime() - anchor) / CYCLE_MS));
  return new Date(anchor + cycles * CYCLE_MS);
}

export async function recordOrderEvent(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  event: OrderEvent,
  order: PlatformOrder,
): Promise<OrderRow> {
  const now = deps.clock.now();
  const customer = order.customerPlatformId
    ? await ensureCustomer(deps, trx, shop.id, {
        platformCustomerId: order.customerPlatformId,
        email: order.email,
        firstName: null,
        lastName: null,
      })
    : null;
  let row = await repo.lockOrder(trx, {
    shopId: shop.id,
    orderId: order.orderId,
    customerId: customer?.id ?? null,
    name: order.name,
    currency: order.currency,
    totalMinor: order.total,
    orderedAt: order.createdAt,
  });
  row = await repo.updateOrder(trx, shop.id, order.orderId, {
    customer_id: row.customer_id ?? customer?.id ?? null,
    total_minor: order.total,
    facts: JSON.stringify(order),
    ...(event === "paid" && !row.paid_at ? { paid_at: now } : {}),
    ...(event === "fulfilled" && !row.fulfilled_at ? { fulfilled_at: now } : {}),
  });

  const cancelled = event === "cancelled" || order.cancelledAt !== null;
  if (cancelled) return cancelOrder(trx, shop, row, order.cancelledAt ?? now);
  if (row.status !== "open" || !customer) return row;
  if (!reachedTrigger(earningTriggerOf(shop), event, order, row)) return row;
  return awardOrder(trx, shop, row, order, customer, now);
}

async function awardOrder(
  trx: Tx,
  shop: ShopRow,
  row: OrderRow,
  order: PlatformOrder,
  customer: CustomerRow,
  now: Date,
): Promise<OrderRow> {
  const programs = await listActivePrograms(trx, shop.id, "earning", "place_order");
  const priorAwards = await listPriorAwards(
    trx,
    shop.id,
    customer.id,
    [ORDER_ACTIVITY.earn, ORDER_ACTIVITY.earnPending],
    row.order_id,
  );
  const settings = shop.settings;
  const decision = evaluateOrderEarning({
    order: toEarningOrder(order),
    customer: {
      id: customer.id,
      state: customer.type,
      email: customer.email ?? order.email,
      tags: order.customerTags,
      isB2B: false,
      vipTierId: null,
    },
    programs: programs.flatMap(asPlaceOrderProgram),
    shop: {
      utcOffsetMinutes: utcOffsetMinutes(shop.platform_info.ianaTimezone, order.createdAt),
      eligibility: settings.eligibility ?? "all",
      sandbox: settings.sandbox ?? { enabled: false, testEmails: [] },
      ordersThisCycle: await repo.countOrdersSince(trx, shop.id, cycleStart(shop, now)),
      orderLimit: shop.plan === "free" ? STARTER_MONTHLY_ORDER_LIMIT : null,
      transactionsLimited: shop.should_limit_transactions,
      transactionCount: shop.count_transactions,
      transactionLimit: shop.transaction_limit,
    },
    priorAwards,
    now: now.toISOString(),
  });

  if (decision.kind === "log_only") {
    // logged, not rewarded; the ledger keeps a zero entry as the order's trace (H-05).
    await postEntry(trx, {
      shopId: shop.id,
      customerId: customer.id,
      activityType: ORDER_ACTIVITY.log,
      idempotencyKey: `order:${row.order_id}:earn`,
      sourceRef: row.order_id,
      note: decision.reason,
    });
    return repo.updateOrder(trx, shop.id, row.order_id, {
      status: "logged",
      reason: decision.reason,
      rewarded_at: now,
    });
  }

  const pending = settings.pendingPoints?.enabled ? settings.pendingPoints : null;
  const until = pending ? new Date(pendingUntil(now.toISOString(), pending)) : null;
  await postEntry(trx, {
    shopId: shop.id,
    customerId: customer.id,
    activityType: pending ? ORDER_ACTIVITY.earnPending : ORDER_ACTIVITY.earn,
    available: pending ? 0 : decision.points,
    pending: pending ? decision.points : 0,
    tierPoints: decision.points,
    idempotencyKey: `order:${row.order_id}:earn`,
    programId: decision.awards[0]?.programId ?? null,
    sourceRef: row.order_id,
  });
  await countTransaction(trx, shop.id);
  const awarding = programs.find((p) => p.id === decision.awards[0]?.programId);
  const autoRemovePoints =
    (awarding?.config as { autoRemovePoints?: boolean } | undefined)?.autoRemovePoints !== false;
  let updated = await repo.updateOrder(trx, shop.id, row.order_id, {
    status: "rewarded",
    facts: JSON.stringify({ ...order, autoRemovePoints }),
    reason: null,
    earnable_minor: decision.earnableAmount,
    points_awarded: decision.points,
    pending_points: pending ? decision.points : 0,
    pending_until: until,
    rewarded_at: now,
  });
  // Refunds that arrived before the award are applied now, once each.
  for (const refund of await repo.listUnappliedRefunds(trx, shop.id, row.order_id)) {
    updated = await applyRefund(trx, shop, updated, refund.refund_id, refund.amount_minor, now);
  }
  return updated;
}

/** Cancellation (H-17): an order that never earned never will; an earned one gives back what remains. */
async function cancelOrder(trx: Tx, shop: ShopRow, row: OrderRow, at: Date): Promise<OrderRow> {
  if (row.status === "cancelled") return row;
  if (row.status !== "rewarded" || !row.customer_id) {
    return repo.updateOrder(trx, shop.id, row.order_id, { status: "cancelled", cancelled_at: at });
  }
  const take = computeCancellationReversal(row.points_awarded, row.points_reversed);
  const changes = await takeBack(trx, shop, row, take, `order:${row.order_id}:cancel`, ORDER_ACTIVITY.cancel);
  return repo.updateOrder(trx, shop.id, row.order_id, {
    ...changes,
    status: "cancelled",
    cancelled_at: at,
    points_reversed: row.points_reversed + take,
  });
}

export async function recordRefund(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  refund: PlatformRefund,
): Promise<void> {
  const fresh = await repo.insertRefundIfAbsent(trx, {
    shopId: shop.id,
    refundId: refund.refundId,
    orderId: refund.orderId,
    amountMinor: refund.lineAmount,
  });
  if (!fresh) return;
  const row = await repo.findOrderForUpdate(trx, shop.id, refund.orderId);
  // Unknown or not yet rewarded: the refund waits for the award (or for nothing, if none comes).
  if (row?.status !== "rewarded") return;
  await applyRefund(trx, shop, row, refund.refundId, refund.lineAmount, deps.clock.now());
}

async function applyRefund(
  trx: Tx,
  shop: ShopRow,
  row: OrderRow,
  refundId: string,
  amount: number,
  at: Date,
): Promise<OrderRow> {
  const take = shouldAutoRemove(row)
    ? computeRefundReversal({
        pointsAwarded: row.points_awarded,
        earnableAmount: row.earnable_minor,
        refundedBefore: row.refunded_minor,
        pointsReversedBefore: row.points_reversed,
        refundAmount: amount,
      })
    : 0;
  const full = row.refunded_minor + amount >= row.earnable_minor;
  const activity = full ? ORDER_ACTIVITY.refund : ORDER_ACTIVITY.partialRefund;
  const changes = await takeBack(trx, shop, row, take, `refund:${refundId}`, activity);
  await repo.markRefundApplied(trx, shop.id, refundId, take, at);
  return repo.updateOrder(trx, shop.id, row.order_id, {
    ...changes,
    refunded_minor: row.refunded_minor + amount,
    points_reversed: row.points_reversed + take,
  });
}

/** H-17: points come back only when the program says so (`autoRemovePoints`, on by default). */
function shouldAutoRemove(row: OrderRow): boolean {
  const facts = row.facts as { autoRemovePoints?: boolean };
  return facts.autoRemovePoints !== false;
}

/**
 * Takes points back from pending first (H-09: "deducted on refund"), then from available. The
 * reversal may take the available balance below zero: the points were really earned and spent.
 */
async function takeBack(
  trx: Tx,
  shop: ShopRow,
  row: OrderRow,
  points: number,
  key: string,
  activity: string,
): Promise<repo.OrderChanges> {
  if (points <= 0 || !row.customer_id) return {};
  const fromPending = Math.min(points, row.pending_points);
  const fromAvailable = points - fromPending;
  await postEntry(trx, {
    shopId: shop.id,
    customerId: row.customer_id,
    activityType: fromPending > 0 && fromAvailable === 0 ? ORDER_ACTIVITY.deductPending : activity,
    available: -fromAvailable,
    pending: -fromPending,
    tierPoints: -points,
    idempotencyKey: key,
    sourceRef: row.order_id,
    allowNegative: true,
  });
  return { pending_points: row.pending_points - fromPending };
}

/** H-09: pending points whose holding period is over become available, once per order. */
export async function convertDuePendingPoints(deps: Deps, limit = 500): Promise<number> {
  const now = deps.clock.now();
  const due = await repo.listDuePendingOrders(deps.db, now, limit);
  let converted = 0;
  for (const { shop_id, order_id } of due) {
    await deps.db.transaction().execute(async (trx) => {
      const row = await repo.findOrderForUpdate(trx, shop_id, order_id);
      if (!row?.customer_id || row.pending_points <= 0 || !row.pending_until || row.pending_until > now)
        return;
      await postEntry(trx, {
        shopId: shop_id,
        customerId: row.customer_id,
        activityType: ORDER_ACTIVITY.convertPending,
        available: row.pending_points,
        pending: -row.pending_points,
        idempotencyKey: `order:${order_id}:pending-convert`,
        sourceRef: order_id,
      });
      await repo.updateOrder(trx, shop_id, order_id, { pending_points: 0, pending_until: null });
      converted += 1;
    });
  }
  return converted;
}

const EARN_BY = new Set(["price", "order", "item", "fixed_order"]);

/** Settings are validated when saved; a row that does not parse (hand-edited, older) earns nothing. */
function asPlaceOrderProgram<P extends { config: Record<string, unknown> }>(p: P): PlaceOrderProgram[] {
  const ok = EARN_BY.has(String(p.config.earnBy)) && Number.isFinite(p.config.earnPoint);
  return ok ? [p as unknown as PlaceOrderProgram] : [];
}

function toEarningOrder(o: PlatformOrder): EarningOrder {
  return {
    orderId: o.orderId,
    source: o.source,
    tags: o.tags,
    currency: o.currency,
    cancelled: o.cancelledAt !== null,
    lines: o.lines,
    shipping: o.shipping,
    fees: o.fees,
    taxes: o.taxes,
    storeCreditPaid: o.storeCreditPaid,
    total: o.total,
  };
}
