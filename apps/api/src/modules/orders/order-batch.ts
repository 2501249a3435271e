import type { CustomerRow, OrderRow, ShopRow, Tx } from "@laurel/db";
import {
  type ActivityType,
  DEFAULT_CURRENCY,
  DEFAULT_EARNING_TRIGGER,
  type EarningProgram,
  evaluateOrderEarning,
  type OrderEvent,
  orderReversalPoints,
  type ProductCollections,
  type ProductFacts,
  reachedEarningTrigger,
  rulesReadCollections,
  rulesReadProductFacts,
  splitTakeBack,
  withLineCollections,
  withLineProductFacts,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import type { PlatformOrder, PlatformRefund } from "../../platform/order";
import { collectionMembershipOf, productFactsOf } from "../catalogue/catalogue.service";
import { ensureCustomers, lockCustomers } from "../customers/customers.service";
import {
  earningCustomerOf,
  earningShopOf,
  earningStandingsOf,
  orderLimitOf,
  programsReadStanding,
} from "../earning/earning-context";
import { type EntryInput, listPriorAwardsOfCustomers, postEntries } from "../ledger/ledger.service";
import { markCouponsUsed } from "../rewards/rewards.service";
import { countTransactions } from "../shops/shops.service";
import {
  cycleStartOf,
  ORDER_ACTIVITY,
  type OrderOutcome,
  type StoredAward,
  toEarningOrder,
} from "./order-facts";
import * as repo from "./orders.repository";

/**
 * One shop's order news in a batch, applied set-based (decision 0018): every order row is locked
 * at once (in id order), every customer at once, then the domain decides each piece of news in
 * arrival order against the rows in memory, and the results are written with a handful of
 * multi-row statements — the ledger entries, the balance moves, the orders, the refunds. A batch
 * of one is the same code, so there is one implementation of every order rule.
 */
export type OrderNews =
  | {
      kind: "order";
      event: OrderEvent;
      order: PlatformOrder;
      /**
       * C-27: the past-order sync tells a past order (decision 0165). It earns through the same
       * rules as any order, once: an order still open, or one logged without points (the shop had
       * no running program then), is evaluated again; a rewarded or cancelled order is left as it
       * is, and one the rules still refuse is not logged a second time.
       */
      prior?: boolean;
    }
  | { kind: "refund"; refund: PlatformRefund };

/** C-27: the key of a past order's sync credit when its `order:<id>:earn` is a 0-point log line. */
export const priorOrderEarnKey = (orderId: string) => `order:${orderId}:earn:prior-sync`;

interface RefundState {
  refund_id: string;
  order_id: string;
  amount_minor: number;
  applied: boolean;
  created_seq: number;
}

export async function applyOrderNews(
  deps: Deps,
  trx: Tx,
  shop: ShopRow,
  news: readonly OrderNews[],
): Promise<OrderOutcome[]> {
  if (news.length === 0) return [];
  const now = deps.clock.now();
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;

  // 1. Lock the orders of the batch that have a row (the others get theirs, written once, in
  //    step 5), then load their refunds.
  const seeds = new Map<string, repo.OrderSeed>();
  for (const n of news) {
    const id = n.kind === "order" ? n.order.orderId : n.refund.orderId;
    if (seeds.has(id)) continue;
    seeds.set(
      id,
      n.kind === "order"
        ? {
            order_id: id,
            name: n.order.name,
            currency: n.order.currency,
            total_minor: n.order.total,
            ordered_at: n.order.createdAt,
          }
        : { order_id: id, name: null, currency, total_minor: 0, ordered_at: now },
    );
  }
  const rows = new Map((await repo.lockOrders(trx, shop.id, [...seeds.keys()])).map((r) => [r.order_id, r]));
  const created = new Set<string>();
  for (const [id, seed] of seeds) {
    if (rows.has(id)) continue;
    rows.set(id, repo.newOrderRow(shop.id, seed, now));
    created.add(id);
  }
  const refunds = new Map<string, RefundState>();
  const refundIds = news.flatMap((n) => (n.kind === "refund" ? [n.refund.refundId] : []));
  for (const r of await repo.listRefundsOfOrders(trx, shop.id, [...rows.keys()], refundIds)) {
    refunds.set(r.refund_id, { ...r, applied: r.applied_at !== null, created_seq: refunds.size });
  }

  // 2. The customers: the shoppers the orders name (created if new), and those the rows already link.
  const shoppers = news.flatMap((n) =>
    n.kind === "order" && n.order.customerPlatformId
      ? [
          {
            platformCustomerId: n.order.customerPlatformId,
            email: n.order.email,
            firstName: null,
            lastName: null,
          },
        ]
      : [],
  );
  const byPlatformId = new Map(
    (await ensureCustomers(deps, trx, shop.id, shoppers)).map((c) => [c.platform_customer_id, c]),
  );
  const customers = new Map([...byPlatformId.values()].map((c) => [c.id, c]));
  const linkedOnly = [...rows.values()].flatMap((r) =>
    r.customer_id && !customers.has(r.customer_id) ? [r.customer_id] : [],
  );
  for (const c of await lockCustomers(trx, shop.id, linkedOnly)) customers.set(c.id, c);

  // 3. What the earning rules read besides the order: loaded once, kept current in memory.
  const programs = (await deps.shopContexts.byId(shop.id, trx))?.earningPrograms ?? [];
  // Tier and order totals only for shops whose programs read them (C-19, C-22): one statement.
  const standings = programsReadStanding(programs)
    ? await earningStandingsOf(trx, shop.id, [...customers.keys()])
    : new Map();
  const hasLimit = programs.some(
    (p) => p.event === "place_order" && p.status === "active" && "hasLimit" in p.config && p.config.hasLimit,
  );
  const priorAwards = hasLimit
    ? await listPriorAwardsOfCustomers(
        trx,
        shop.id,
        [...customers.keys()],
        [ORDER_ACTIVITY.earn, ORDER_ACTIVITY.earnPending],
      )
    : new Map<string, { programId: string; at: string }[]>();
  let ordersThisCycle =
    orderLimitOf(shop) === null ? 0 : await repo.countOrdersSince(trx, shop.id, cycleStartOf(shop, now));

  const entries: EntryInput[] = [];
  const newRefunds: { refund_id: string; order_id: string; amount_minor: number }[] = [];
  const appliedRefunds: { refund_id: string; points_removed: number; applied_at: Date }[] = [];
  const outcomes: OrderOutcome[] = [];
  const changed = new Set<string>();
  let transactions = 0;

  /** Posts an entry in memory: the customer's balances move at once for the next decision. */
  const post = (e: EntryInput) => {
    entries.push(e);
    const c = customers.get(e.customerId);
    if (c) {
      customers.set(e.customerId, {
        ...c,
        available_points: c.available_points + (e.available ?? 0),
        pending_points: c.pending_points + (e.pending ?? 0),
        tier_points: c.tier_points + (e.tierPoints ?? 0),
      });
    }
  };

  /** H-17: takes points back, pending first, never overdrawing (the domain splits). */
  const takeBack = (row: OrderRow, points: number, key: string, activity: ActivityType): OrderRow => {
    if (points <= 0 || !row.customer_id) return row;
    const c = customers.get(row.customer_id);
    if (!c) throw new Error(`customer ${row.customer_id} of order ${row.order_id} vanished`);
    const split = splitTakeBack(points, {
      orderPending: row.pending_points,
      pending: c.pending_points,
      available: Math.max(0, c.available_points),
      tier: c.tier_points,
    });
    const note = split.forgiven > 0 ? `${split.forgiven} points already spent` : null;
    const base = { shopId: shop.id, customerId: row.customer_id, sourceRef: row.order_id, note };
    if (split.fromPending > 0) {
      post({
        ...base,
        activityType: ORDER_ACTIVITY.deductPending,
        pending: -split.fromPending,
        tierPoints: split.fromAvailable > 0 ? 0 : -split.tierPoints,
        idempotencyKey: `${key}:pending`,
      });
    }
    if (split.fromAvailable > 0) {
      post({
        ...base,
        activityType: activity,
        available: -split.fromAvailable,
        tierPoints: -split.tierPoints,
        idempotencyKey: key,
      });
    }
    return { ...row, pending_points: row.pending_points - split.fromPending };
  };

  const applyRefund = (row: OrderRow, refund: RefundState): OrderRow => {
    const full = row.refunded_minor + refund.amount_minor >= row.earnable_minor;
    const take = orderReversalPoints(
      storedAwards(row),
      {
        kind: full ? "full_refund" : "partial_refund",
        refundedBefore: row.refunded_minor,
        amount: refund.amount_minor,
      },
      { pointsAwarded: row.points_awarded, pointsReversed: row.points_reversed },
    );
    const after = takeBack(
      row,
      take,
      `refund:${refund.refund_id}`,
      full ? ORDER_ACTIVITY.refund : ORDER_ACTIVITY.partialRefund,
    );
    refund.applied = true;
    appliedRefunds.push({ refund_id: refund.refund_id, points_removed: take, applied_at: now });
    return {
      ...after,
      refunded_minor: row.refunded_minor + refund.amount_minor,
      points_reversed: row.points_reversed + take,
    };
  };

  const cancel = (row: OrderRow, at: Date): OrderRow => {
    if (row.status === "cancelled") return row;
    if (row.status !== "rewarded" || !row.customer_id)
      return { ...row, status: "cancelled", cancelled_at: at };
    const take = orderReversalPoints(
      storedAwards(row),
      { kind: "cancel", refundedBefore: row.refunded_minor, amount: 0 },
      { pointsAwarded: row.points_awarded, pointsReversed: row.points_reversed },
    );
    const after = takeBack(row, take, `order:${row.order_id}:cancel`, ORDER_ACTIVITY.cancel);
    return { ...after, status: "cancelled", cancelled_at: at, points_reversed: row.points_reversed + take };
  };

  const award = (row: OrderRow, order: PlatformOrder, customer: CustomerRow, prior = false): OrderRow => {
    const decision = evaluateOrderEarning({
      order: toEarningOrder(order, row, earningCustomerOf(customer, standings.get(customer.id)), now),
      programs,
      // The shop's counters as this batch has moved them so far (B-30: the transaction limit).
      shop: earningShopOf(
        { ...shop, count_transactions: shop.count_transactions + transactions },
        order.createdAt,
        ordersThisCycle,
      ),
      priorAwards: priorAwards.get(customer.id) ?? [],
      now: now.toISOString(),
    });
    // Anti-cheat waits for payment (C-35): an unpaid order stays open, evaluated again when paid.
    if (decision.kind === "log_only" && decision.trace.some((t) => t.reason === "not_paid")) return row;
    // C-27: a logged order the rules still refuse keeps its one log line (nothing is written).
    const relogged = prior && row.status === "logged";
    if (decision.kind === "log_only" && relogged) return row;
    // The pipeline's key; a logged order's holds its 0-point log line, so its sync credit has its own.
    const key = relogged ? priorOrderEarnKey(row.order_id) : `order:${row.order_id}:earn`;
    const base = { shopId: shop.id, customerId: customer.id, idempotencyKey: key, sourceRef: row.order_id };
    if (orderLimitOf(shop) !== null) ordersThisCycle += 1;
    if (decision.kind === "log_only") {
      // logged, not rewarded; the ledger keeps a zero entry as the order's trace (H-05).
      post({ ...base, activityType: ORDER_ACTIVITY.log, note: decision.reason });
      // Each program's decision stays with the order: "why didn't this order earn?" (issue 14).
      const facts = {
        ...(row.facts as object),
        earningTrace: decision.trace,
      } as unknown as OrderRow["facts"];
      return { ...row, status: "logged", reason: decision.reason, facts, rewarded_at: now };
    }
    const pendingAward = decision.awards.find((a) => a.pending);
    const pending = pendingAward !== undefined;
    const points = decision.total;
    post({
      ...base,
      activityType: pending ? ORDER_ACTIVITY.earnPending : ORDER_ACTIVITY.earn,
      available: pending ? 0 : points,
      pending: pending ? points : 0,
      tierPoints: points,
      programId: decision.awards[0]?.programId ?? null,
    });
    if (shop.should_limit_transactions) transactions += 1;
    const list = priorAwards.get(customer.id) ?? [];
    for (const a of decision.awards) list.push({ programId: a.programId, at: now.toISOString() });
    priorAwards.set(customer.id, list);
    // What each program gave, and on which money, so refunds reverse each award pro rata (H-17).
    const awards: StoredAward[] = decision.awards.map((a) => ({
      programId: a.programId,
      points: a.points,
      earnableAmount: a.earnableAmount,
      autoRemovePoints: autoRemoveOf(programs, a.programId),
    }));
    let rewarded: OrderRow = {
      ...row,
      status: "rewarded",
      facts: { ...order, awards, earningTrace: decision.trace } as unknown as OrderRow["facts"],
      reason: null,
      earnable_minor: Math.max(0, ...awards.map((a) => a.earnableAmount)),
      points_awarded: points,
      pending_points: pending ? points : 0,
      pending_until: pendingAward?.pendingUntil ? new Date(pendingAward.pendingUntil) : null,
      rewarded_at: now,
    };
    // Refunds that arrived before the award are applied now, once each, oldest first.
    for (const refund of waitingRefunds(refunds, row.order_id)) rewarded = applyRefund(rewarded, refund);
    return rewarded;
  };

  // 4. Each piece of news in arrival order, against the rows as the earlier news left them.
  const trigger = shop.settings.orderEarningTrigger ?? DEFAULT_EARNING_TRIGGER;
  for (const n of await withCatalogue(trx, shop.id, programs, news)) {
    if (n.kind === "refund") {
      const { refund } = n;
      let row = rows.get(refund.orderId) as OrderRow;
      const before = row;
      if (refunds.has(refund.refundId)) continue; // seen before: applied once, or waiting
      const state: RefundState = {
        refund_id: refund.refundId,
        order_id: refund.orderId,
        amount_minor: refund.lineAmount,
        applied: false,
        created_seq: refunds.size,
      };
      refunds.set(refund.refundId, state);
      newRefunds.push({
        refund_id: state.refund_id,
        order_id: state.order_id,
        amount_minor: state.amount_minor,
      });
      // Not yet rewarded: the refund waits for the award (or for nothing, if none comes).
      if (row.status === "rewarded") row = applyRefund(row, state);
      rows.set(row.order_id, row);
      changed.add(row.order_id);
      outcomes.push(outcomeOf(shop, "refunded", before, row));
      continue;
    }
    const { event, order } = n;
    const before = rows.get(order.orderId) as OrderRow;
    if (n.prior) {
      // C-27 (decision 0165): a past order earns once, through `award` like any order; whatever
      // else it is (rewarded, cancelled, paid for points, a guest's) it is left exactly as it is.
      const customer = order.customerPlatformId ? (byPlatformId.get(order.customerPlatformId) ?? null) : null;
      const linked = before.customer_id ?? customer?.id ?? null;
      const undecided =
        before.status === "open" || (before.status === "logged" && before.points_awarded === 0);
      if (!undecided || linked === null || order.cancelledAt !== null) continue;
      let row: OrderRow = before.status === "open" ? mergeOrderFacts(before, order, event, now) : before;
      if (row.customer_id === null) row = { ...row, customer_id: linked };
      const reached =
        before.status === "logged" ||
        reachedEarningTrigger(trigger, event, {
          paidAt: row.paid_at,
          fulfilledAt: row.fulfilled_at,
          financialStatus: order.financialStatus,
        });
      const holder = customers.get(linked);
      if (!reached || !holder) continue;
      const decided = award(row, order, holder, true);
      // Not decided (unpaid, or still refused after its log line): nothing is written.
      if (decided === row) continue;
      row = decided;
      rows.set(row.order_id, row);
      changed.add(row.order_id);
      outcomes.push(outcomeOf(shop, event, before, row));
      continue;
    }
    let row = mergeOrderFacts(before, order, event, now);
    const customer = order.customerPlatformId ? (byPlatformId.get(order.customerPlatformId) ?? null) : null;
    // A refund may have created the row first, knowing only the order's id: link the customer once.
    if (row.customer_id === null && customer !== null) row = { ...row, customer_id: customer.id };
    await markCouponsUsed(trx, shop.id, order.discountCodes, order.orderId, now);
    if (event === "cancelled" || order.cancelledAt !== null) {
      row = cancel(row, order.cancelledAt ?? now);
    } else if (
      row.status === "open" &&
      customer !== null &&
      reachedEarningTrigger(trigger, event, {
        paidAt: row.paid_at,
        fulfilledAt: row.fulfilled_at,
        financialStatus: order.financialStatus,
      })
    ) {
      row = award(row, order, customers.get(customer.id) ?? customer);
    }
    rows.set(row.order_id, row);
    changed.add(row.order_id);
    outcomes.push(outcomeOf(shop, event, before, row));
  }

  // 5. Written set-based: entries and balances, the orders, the refunds, the shop's counter.
  await postEntries(trx, entries);
  const final = [...changed].map((id) => rows.get(id) as OrderRow);
  await repo.insertOrders(
    trx,
    final.filter((r) => created.has(r.order_id)),
  );
  await repo.saveOrders(
    trx,
    final.filter((r) => !created.has(r.order_id)),
  );
  await repo.saveRefunds(trx, shop.id, newRefunds, appliedRefunds);
  await countTransactions(trx, shop, transactions);
  return outcomes;
}

/** What a webhook tells about the order, merged into its row (facts kept once it is decided). */
/**
 * Issue 14: webhooks name each line's product, never its collections, type or tags. When a rule
 * names collections or describes them by title, the batch's lines get theirs (ids and kept titles)
 * from the kept membership; when a rule has product type or tag conditions, the products' kept type
 * and tags (decision 0175). One statement each, and the order's facts keep them (explanations and
 * backtests read the same lines).
 */
async function withCatalogue(
  trx: Tx,
  shopId: string,
  programs: readonly EarningProgram[],
  news: readonly OrderNews[],
): Promise<readonly OrderNews[]> {
  const collections = rulesReadCollections(programs);
  const productFacts = rulesReadProductFacts(programs);
  if (!collections && !productFacts) return news;
  const productIds = new Set<string>();
  for (const n of news) {
    if (n.kind !== "order") continue;
    for (const l of n.order.lines) if (l.productId !== null) productIds.add(l.productId);
  }
  const membership = collections
    ? await collectionMembershipOf(trx, shopId, [...productIds])
    : new Map<string, ProductCollections>();
  const facts = productFacts
    ? await productFactsOf(trx, shopId, [...productIds])
    : new Map<string, ProductFacts>();
  if (membership.size === 0 && facts.size === 0) return news;
  return news.map((n) =>
    n.kind === "order"
      ? {
          ...n,
          order: {
            ...n.order,
            lines: withLineProductFacts(withLineCollections(n.order.lines, membership), facts),
          },
        }
      : n,
  );
}

function mergeOrderFacts(row: OrderRow, o: PlatformOrder, event: OrderEvent, now: Date): OrderRow {
  return {
    ...row,
    name: o.name,
    currency: o.currency,
    ordered_at: o.createdAt,
    total_minor: o.total,
    facts: row.status === "open" ? (o as unknown as OrderRow["facts"]) : row.facts,
    paid_at: row.paid_at ?? (event === "paid" ? now : null),
    fulfilled_at: row.fulfilled_at ?? (event === "fulfilled" ? now : null),
  };
}

function waitingRefunds(refunds: Map<string, RefundState>, orderId: string): RefundState[] {
  return [...refunds.values()]
    .filter((r) => r.order_id === orderId && !r.applied)
    .sort((a, b) => a.created_seq - b.created_seq);
}

function storedAwards(row: OrderRow): StoredAward[] {
  return ((row.facts as { awards?: StoredAward[] }).awards ?? []) as StoredAward[];
}

function autoRemoveOf(programs: readonly EarningProgram[], programId: string): boolean {
  const config = programs.find((p) => p.id === programId)?.config as
    | { autoRemovePoints?: boolean }
    | undefined;
  return config?.autoRemovePoints !== false;
}

function outcomeOf(
  shop: ShopRow,
  event: OrderOutcome["event"],
  before: OrderRow,
  after: OrderRow,
): OrderOutcome {
  return {
    shop,
    event,
    order: after,
    previousStatus: before.status,
    pointsEarned: after.points_awarded - before.points_awarded,
    pointsTakenBack: after.points_reversed - before.points_reversed,
  };
}
