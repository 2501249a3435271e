import type { CustomerRow, OrderRow, ShopRow, Tx } from "@laurel/db";
import {
  type ActivityType,
  computeOrderReversal,
  type EarningCustomer,
  type EarningOrder,
  type EarningProgram,
  evaluateOrderEarning,
  settlePendingAward,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import type { PlatformOrder, PlatformRefund } from "../../platform/order";
import { ensureCustomer, lockCustomer } from "../customers/customers.service";
import { earningCustomerOf, earningShopOf, orderLimitOf } from "../earning/earning-context";
import { listPriorAwards, postEntry } from "../ledger/ledger.service";
import { markCouponsUsed } from "../rewards/rewards.service";
import { countTransaction, getShopOrThrow } from "../shops/shops.service";
import * as repo from "./orders.repository";

/**
 * Orders → points (DESIGN §4, H-17, decision 0012). Every webhook about an order locks the
 * order's row first, so deliveries in any order and any number converge: the award is posted at
 * most once (`order:{id}:earn`), each refund is applied at most once (`refund:{id}`), and a refund
 * that arrives before the award is kept and applied the moment the points exist.
 */
export type OrderEvent = "created" | "paid" | "fulfilled" | "cancelled";
export type EarningTrigger = "created" | "paid" | "fulfilled";

const CYCLE_MS = 30 * 86_400_000;

export const ORDER_ACTIVITY = {
  earn: "earn_place_order",
  earnPending: "earn_pending_point",
  log: "log_place_order",
  cancel: "remove_cancel_order",
  refund: "remove_refund",
  partialRefund: "remove_partial_refund",
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
  // Lock order: the order's row, then the customer's (as refunds do), so deliveries never deadlock.
  let row = await repo.lockAndMergeOrder(trx, {
    shopId: shop.id,
    orderId: order.orderId,
    name: order.name,
    currency: order.currency,
    totalMinor: order.total,
    orderedAt: order.createdAt,
    facts: JSON.stringify(order),
    paidAt: event === "paid" ? now : null,
    fulfilledAt: event === "fulfilled" ? now : null,
  });
  const customer = order.customerPlatformId
    ? await ensureCustomer(deps, trx, shop.id, {
        platformCustomerId: order.customerPlatformId,
        email: order.email,
        firstName: null,
        lastName: null,
      })
    : null;
  // A refund may have created the row first, knowing only the order's id: link the customer once.
  // On the award path the link rides on the award's own update.
  const linked = row.customer_id === null && customer !== null;
  const link = () =>
    linked ? repo.updateOrder(trx, shop.id, row.order_id, { customer_id: customer?.id ?? null }) : row;

  await markCouponsUsed(trx, shop.id, order.discountCodes, order.orderId, now);
  const cancelled = event === "cancelled" || order.cancelledAt !== null;
  if (cancelled) {
    row = await link();
    return cancelOrder(trx, shop, row, order.cancelledAt ?? now);
  }
  if (row.status !== "open" || !customer) return link();
  if (!reachedTrigger(earningTriggerOf(shop), event, order, row)) return link();
  const programs = (await deps.shopContexts.byId(shop.id, trx))?.earningPrograms ?? [];
  row = { ...row, customer_id: row.customer_id ?? customer.id };
  return awardOrder(trx, shop, { row, linked }, order, {
    customer,
    programs,
    now,
  });
}

async function awardOrder(
  trx: Tx,
  shop: ShopRow,
  { row, linked }: { row: OrderRow; linked: boolean },
  order: PlatformOrder,
  { customer, programs, now }: { customer: CustomerRow; programs: readonly EarningProgram[]; now: Date },
): Promise<OrderRow> {
  // Earning limits (C-24) are the only rule that reads earlier awards: loaded only when one applies.
  const hasLimit = programs.some(
    (p) => p.event === "place_order" && p.status === "active" && "hasLimit" in p.config && p.config.hasLimit,
  );
  const priorAwards = hasLimit
    ? await listPriorAwards(trx, shop.id, customer.id, [ORDER_ACTIVITY.earn, ORDER_ACTIVITY.earnPending])
    : [];
  // Counted only where a limit applies: counting a busy shop's cycle on every order is not free.
  const ordersThisCycle =
    orderLimitOf(shop) === null ? 0 : await repo.countOrdersSince(trx, shop.id, cycleStart(shop, now));
  const decision = evaluateOrderEarning({
    order: toEarningOrder(order, row, earningCustomerOf(customer), now),
    programs,
    shop: earningShopOf(shop, order.createdAt, ordersThisCycle),
    priorAwards,
    now: now.toISOString(),
  });

  // Anti-cheat waits for payment (C-35): an unpaid order stays open and is evaluated again when paid.
  if (decision.kind === "log_only" && decision.trace.some((t) => t.reason === "not_paid")) {
    return linked ? repo.updateOrder(trx, shop.id, row.order_id, { customer_id: row.customer_id }) : row;
  }
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
      customer_id: row.customer_id,
      status: "logged",
      reason: decision.reason,
      rewarded_at: now,
    });
  }

  const pendingAward = decision.awards.find((a) => a.pending);
  const pending = pendingAward !== undefined;
  const until = pendingAward?.pendingUntil ? new Date(pendingAward.pendingUntil) : null;
  const points = decision.total;
  await postEntry(trx, {
    shopId: shop.id,
    customerId: customer.id,
    activityType: pending ? ORDER_ACTIVITY.earnPending : ORDER_ACTIVITY.earn,
    available: pending ? 0 : points,
    pending: pending ? points : 0,
    tierPoints: points,
    idempotencyKey: `order:${row.order_id}:earn`,
    programId: decision.awards[0]?.programId ?? null,
    sourceRef: row.order_id,
  });
  await countTransaction(trx, shop);
  // What each program gave, and on which money, so refunds reverse each award pro rata (H-17).
  const awards: StoredAward[] = decision.awards.map((a) => ({
    programId: a.programId,
    points: a.points,
    earnableAmount: a.earnableAmount,
    autoRemovePoints: autoRemoveOf(programs, a.programId),
  }));
  const rewarded = await repo.updateOrderSeeingRefunds(trx, shop.id, row.order_id, {
    customer_id: row.customer_id,
    status: "rewarded",
    facts: JSON.stringify({ ...order, awards }),
    reason: null,
    earnable_minor: Math.max(0, ...awards.map((a) => a.earnableAmount)),
    points_awarded: points,
    pending_points: pending ? points : 0,
    pending_until: until,
    rewarded_at: now,
  });
  // Refunds that arrived before the award are applied now, once each.
  let updated = rewarded.row;
  const waiting = rewarded.hasUnappliedRefunds
    ? await repo.listUnappliedRefunds(trx, shop.id, row.order_id)
    : [];
  for (const refund of waiting) {
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
  const take = reversalOf(row, { kind: "cancel", refundedBefore: row.refunded_minor, amount: 0 });
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
  // Lock the order first (creating a placeholder when the refund is the first news of it), so a
  // refund and the award serialise: the award always sees the refunds that came before it.
  const row = await repo.lockOrder(trx, {
    shopId: shop.id,
    orderId: refund.orderId,
    customerId: null,
    name: null,
    currency: shop.platform_info.currency ?? "USD",
    totalMinor: 0,
    orderedAt: deps.clock.now(),
  });
  const fresh = await repo.insertRefundIfAbsent(trx, {
    shopId: shop.id,
    refundId: refund.refundId,
    orderId: refund.orderId,
    amountMinor: refund.lineAmount,
  });
  // Seen before, or not yet rewarded: the refund waits for the award (or for nothing, if none comes).
  if (!fresh || row.status !== "rewarded") return;
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
  const full = row.refunded_minor + amount >= row.earnable_minor;
  const take = reversalOf(row, {
    kind: full ? "full_refund" : "partial_refund",
    refundedBefore: row.refunded_minor,
    amount,
  });
  const activity = full ? ORDER_ACTIVITY.refund : ORDER_ACTIVITY.partialRefund;
  const changes = await takeBack(trx, shop, row, take, `refund:${refundId}`, activity);
  await repo.markRefundApplied(trx, shop.id, refundId, take, at);
  return repo.updateOrder(trx, shop.id, row.order_id, {
    ...changes,
    refunded_minor: row.refunded_minor + amount,
    points_reversed: row.points_reversed + take,
  });
}

interface StoredAward {
  programId: string;
  points: number;
  earnableAmount: number;
  autoRemovePoints: boolean;
}

function autoRemoveOf(
  programs: readonly { id: string; event: string; config: object }[],
  programId: string,
): boolean {
  const config = programs.find((p) => p.id === programId)?.config as
    | { autoRemovePoints?: boolean }
    | undefined;
  return config?.autoRemovePoints !== false;
}

/**
 * H-17: each program's award is reversed pro rata on the money it was computed on, never more
 * than what is left (a cancel or full refund takes the rest), and only when the program says so.
 */
function reversalOf(
  row: OrderRow,
  refund: { kind: "partial_refund" | "full_refund" | "cancel"; refundedBefore: number; amount: number },
): number {
  const awards = ((row.facts as { awards?: StoredAward[] }).awards ?? []) as StoredAward[];
  const total = awards.reduce((sum, a) => sum + computeOrderReversal(a, refund), 0);
  return Math.min(total, Math.max(0, row.points_awarded - row.points_reversed));
}

/**
 * Takes points back from pending first (H-09: "deducted on refund"), then from available — at
 * most what is available: points already spent are forgiven, never an overdraft (only a
 * merchant's manual adjustment goes below zero; the ledger model, decision 0013).
 */
async function takeBack(
  trx: Tx,
  shop: ShopRow,
  row: OrderRow,
  points: number,
  key: string,
  activity: ActivityType,
): Promise<repo.OrderChanges> {
  if (points <= 0 || !row.customer_id) return {};
  const customer = await lockCustomer(trx, shop.id, row.customer_id);
  const fromPending = Math.min(points, row.pending_points, customer.pending_points);
  const fromAvailable = Math.min(points - fromPending, Math.max(0, customer.available_points));
  const tier = Math.min(points, Math.max(0, customer.tier_points));
  const note =
    points > fromPending + fromAvailable
      ? `${points - fromPending - fromAvailable} points already spent`
      : null;
  // Pending and available points are separate activities (H-09 "deduct pending point", H-01).
  if (fromPending > 0) {
    await postEntry(trx, {
      shopId: shop.id,
      customerId: row.customer_id,
      activityType: ORDER_ACTIVITY.deductPending,
      pending: -fromPending,
      tierPoints: fromAvailable > 0 ? 0 : -tier,
      idempotencyKey: `${key}:pending`,
      sourceRef: row.order_id,
      note,
    });
  }
  if (fromAvailable > 0) {
    await postEntry(trx, {
      shopId: shop.id,
      customerId: row.customer_id,
      activityType: activity,
      available: -fromAvailable,
      tierPoints: -tier,
      idempotencyKey: key,
      sourceRef: row.order_id,
      note,
    });
  }
  return { pending_points: row.pending_points - fromPending };
}

/** H-09: pending points whose holding period is over become available, once per order. */
export async function convertDuePendingPoints(deps: Deps, limit = 500): Promise<number> {
  const now = deps.clock.now();
  const due = await repo.listDuePendingOrders(deps.db, now, limit);
  let converted = 0;
  for (const { shop_id, order_id } of due) {
    if (await convertOrderPendingPoints(deps, shop_id, order_id, { featureEnabled: true })) converted += 1;
  }
  return converted;
}

/**
 * H-09, H-10: one order's pending points become available, in its own transaction under the
 * order's lock, once whoever asks (`order:{id}:pending-convert`): when the holding period is over,
 * or at once when the shop turned the feature off (`featureEnabled: false`). True if converted now.
 */
export async function convertOrderPendingPoints(
  deps: Deps,
  shopId: string,
  orderId: string,
  state: { featureEnabled: boolean },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findOrderForUpdate(trx, shopId, orderId);
    if (!row?.customer_id || row.pending_points <= 0) return false;
    const settlement = settlePendingAward(
      { points: row.pending_points, pendingUntil: row.pending_until?.toISOString() ?? null },
      { pointsRemoved: 0, featureEnabled: state.featureEnabled },
      now.toISOString(),
    );
    if (settlement.kind !== "convert") return false;
    await postEntry(trx, {
      shopId,
      customerId: row.customer_id,
      activityType: ORDER_ACTIVITY.convertPending,
      available: settlement.points,
      pending: -settlement.points,
      idempotencyKey: `order:${orderId}:pending-convert`,
      sourceRef: orderId,
    });
    await repo.updateOrder(trx, shopId, orderId, { pending_points: 0, pending_until: null });
    return true;
  });
}

/**
 * H-10: the shop turned pending points off, so every pending award of the shop converts now,
 * whatever its holding period. One batch of orders by id after `after`; answers how many converted
 * and where the next batch starts (null when none is left). Safe to repeat.
 */
export async function convertShopPendingPoints(
  deps: Deps,
  shopId: string,
  batch: { after?: string | null; limit?: number } = {},
): Promise<{ converted: number; next: string | null }> {
  const limit = batch.limit ?? 500;
  const pending = await repo.listPendingOrdersOfShop(deps.db, shopId, batch.after ?? null, limit);
  let converted = 0;
  for (const { order_id } of pending) {
    if (await convertOrderPendingPoints(deps, shopId, order_id, { featureEnabled: false })) converted += 1;
  }
  return { converted, next: pending.length === limit ? (pending.at(-1)?.order_id ?? null) : null };
}

const PAID = new Set(["paid", "partially_refunded", "refunded", "partially_paid"]);

function toEarningOrder(o: PlatformOrder, row: OrderRow, customer: EarningCustomer, now: Date): EarningOrder {
  const paidAt = row.paid_at ?? (PAID.has(o.financialStatus ?? "") ? now : null);
  return {
    id: o.orderId,
    source: o.source,
    createdAt: o.createdAt.toISOString(),
    paidAt: paidAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    test: o.test,
    currency: o.currency,
    subtotal: o.subtotal,
    total: o.total,
    taxesIncluded: o.taxesIncluded,
    lines: o.lines.map((l) => ({
      id: l.lineId,
      productId: l.productId,
      variantId: l.variantId,
      collectionIds: l.collectionIds ?? [],
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      isGiftCard: l.isGiftCard,
      isFreeGift: l.isFreeGift,
      requiresShipping: l.requiresShipping,
    })),
    shipping: o.shipping,
    fees: o.fees,
    taxes: o.taxes,
    payments: o.storeCreditPaid > 0 ? [{ kind: "store_credit", amount: o.storeCreditPaid }] : [],
    tags: o.tags,
    customer: { ...customer, tags: o.customerTags },
  };
}

/** How far back reconciliation looks: webhooks are retried by Shopify for 48 hours. */
export const RECONCILE_WINDOW_MS = 72 * 3_600_000;

/**
 * Reconciliation: re-reads the shop's recent orders from the platform and applies each as if its
 * webhook had arrived. Everything above is idempotent, so an order already credited is left as it
 * is and a missed one is credited exactly once.
 */
export async function reconcileShopOrders(
  deps: Deps,
  shopId: string,
): Promise<{ seen: number; credited: number }> {
  const shop = await getShopOrThrow(deps, shopId);
  if (shop.uninstalled_at) return { seen: 0, credited: 0 };
  const since = new Date(deps.clock.now().getTime() - RECONCILE_WINDOW_MS);
  const orders = await deps.platform.listRecentOrders(
    { domain: shop.shopify_domain, accessToken: shop.access_token },
    since,
  );
  let credited = 0;
  for (const order of orders) {
    const event: OrderEvent = order.cancelledAt
      ? "cancelled"
      : PAID.has(order.financialStatus ?? "")
        ? "paid"
        : "created";
    await deps.db.transaction().execute(async (trx) => {
      const before = await repo.findOrder(trx, shop.id, order.orderId);
      const after = await recordOrderEvent(deps, trx, shop, event, order);
      if (before?.status !== "rewarded" && after.status === "rewarded") credited += 1;
    });
  }
  return { seen: orders.length, credited };
}
