import type { Db, OrderRow, OrderStatus, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

export interface OrderChanges {
  customer_id?: string | null;
  name?: string | null;
  currency?: string;
  ordered_at?: Date;
  status?: OrderStatus;
  reason?: string | null;
  facts?: string;
  earnable_minor?: number;
  refunded_minor?: number;
  points_awarded?: number;
  points_reversed?: number;
  pending_points?: number;
  pending_until?: Date | null;
  paid_at?: Date | null;
  fulfilled_at?: Date | null;
  cancelled_at?: Date | null;
  rewarded_at?: Date | null;
  total_minor?: number;
}

export function updateOrder(
  trx: Tx,
  shopId: string,
  orderId: string,
  changes: OrderChanges,
): Promise<OrderRow> {
  return trx
    .updateTable("orders")
    .set({ ...changes, updated_at: sql`now()` })
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Orders whose pending points are due to convert (H-09), oldest first. */
export function listDuePendingOrders(conn: Conn, now: Date, limit: number) {
  return conn
    .selectFrom("orders")
    .select(["shop_id", "order_id"])
    .where("pending_points", ">", 0)
    .where("pending_until", "<=", now)
    .orderBy("pending_until")
    .limit(limit)
    .execute();
}

/** H-10: one shop's orders still holding pending points, whatever their due date. */
export function listPendingOrdersOfShop(conn: Conn, shopId: string, after: string | null, limit: number) {
  let q = conn
    .selectFrom("orders")
    .select(["order_id"])
    .where("shop_id", "=", shopId)
    .where("pending_points", ">", 0);
  if (after !== null) q = q.where("order_id", ">", after);
  return q.orderBy("order_id").limit(limit).execute();
}

/** Orders placed in the shop's current cycle that earned or were logged (plan limits, X-08). */
export async function countOrdersSince(conn: Conn, shopId: string, since: Date): Promise<number> {
  const r = await conn
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_id", "=", shopId)
    .where("status", "in", ["rewarded", "logged"])
    .where("rewarded_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function findOrderForUpdate(trx: Tx, shopId: string, orderId: string): Promise<OrderRow | undefined> {
  return trx
    .selectFrom("orders")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** What the first news of an order tells, before it has a row. */
export interface OrderSeed {
  order_id: string;
  name: string | null;
  currency: string;
  total_minor: number;
  ordered_at: Date;
}

/** The row an order gets at its first sighting (the table's defaults), kept in memory until saved. */
export function newOrderRow(shopId: string, seed: OrderSeed, now: Date): OrderRow {
  return {
    shop_id: shopId,
    customer_id: null,
    status: "open",
    reason: null,
    facts: {},
    earnable_minor: 0,
    refunded_minor: 0,
    points_awarded: 0,
    points_reversed: 0,
    pending_points: 0,
    pending_until: null,
    paid_at: null,
    fulfilled_at: null,
    cancelled_at: null,
    rewarded_at: null,
    created_at: now,
    updated_at: now,
    ...seed,
  };
}

/**
 * The existing rows of many orders of one shop, locked for the rest of the transaction in
 * order-id order (every writer of orders locks in this order: no deadlocks). Orders without a
 * row get theirs from `insertOrders` at the end, written once with their final state.
 */
export function lockOrders(trx: Tx, shopId: string, orderIds: readonly string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("orders")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .forUpdate()
    .execute();
}

/**
 * A writer that met no row for an order found one when it came to insert it: another transaction
 * created it meanwhile (a lease that ran out, reconciliation). Nothing is written; the deliveries
 * are retried and then see the row.
 */
class OrderCreatedConcurrently extends Error {
  constructor(orderIds: readonly string[]) {
    super(`orders created concurrently, retried: ${orderIds.slice(0, 5).join(", ")}`);
  }
}

/** Inserts orders first seen in this transaction, with their final state, in order-id order. */
export async function insertOrders(trx: Tx, rows: readonly OrderRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (a.order_id < b.order_id ? -1 : a.order_id > b.order_id ? 1 : 0));
  const inserted = await trx
    .insertInto("orders")
    .values(
      sorted.map(({ created_at: _c, updated_at: _u, ...r }) => ({ ...r, facts: JSON.stringify(r.facts) })),
    )
    .onConflict((oc) => oc.columns(["shop_id", "order_id"]).doNothing())
    .returning("order_id")
    .execute();
  if (inserted.length < sorted.length) {
    const written = new Set(inserted.map((r) => r.order_id));
    throw new OrderCreatedConcurrently(sorted.filter((r) => !written.has(r.order_id)).map((r) => r.order_id));
  }
}

/** Writes the final state of many orders of one shop in one statement. */
export async function saveOrders(trx: Tx, rows: readonly OrderRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.shop_id}::text, ${r.order_id}::text, ${r.customer_id}::text, ${r.name}::text,
        ${r.currency}::text, ${r.total_minor}::bigint, ${r.status}::text, ${r.reason}::text,
        ${JSON.stringify(r.facts)}::jsonb, ${r.earnable_minor}::bigint, ${r.refunded_minor}::bigint,
        ${r.points_awarded}::int, ${r.points_reversed}::int, ${r.pending_points}::int,
        ${r.pending_until}::timestamptz, ${r.ordered_at}::timestamptz, ${r.paid_at}::timestamptz,
        ${r.fulfilled_at}::timestamptz, ${r.cancelled_at}::timestamptz, ${r.rewarded_at}::timestamptz)`,
    ),
  );
  await sql`
    update orders o set customer_id = v.customer_id, name = v.name, currency = v.currency,
      total_minor = v.total_minor, status = v.status, reason = v.reason, facts = v.facts,
      earnable_minor = v.earnable_minor, refunded_minor = v.refunded_minor,
      points_awarded = v.points_awarded, points_reversed = v.points_reversed,
      pending_points = v.pending_points, pending_until = v.pending_until, ordered_at = v.ordered_at,
      paid_at = v.paid_at, fulfilled_at = v.fulfilled_at, cancelled_at = v.cancelled_at,
      rewarded_at = v.rewarded_at, updated_at = now()
    from (values ${values}) as v (shop_id, order_id, customer_id, name, currency, total_minor, status,
      reason, facts, earnable_minor, refunded_minor, points_awarded, points_reversed, pending_points,
      pending_until, ordered_at, paid_at, fulfilled_at, cancelled_at, rewarded_at)
    where o.shop_id = v.shop_id and o.order_id = v.order_id`.execute(trx);
}

/**
 * Refunds of these orders, and refunds with these ids whatever their order (a refund id is unique
 * per shop: one seen before is never applied again), oldest first (the order they apply in).
 */
export function listRefundsOfOrders(
  trx: Tx,
  shopId: string,
  orderIds: readonly string[],
  refundIds: readonly string[],
) {
  return trx
    .selectFrom("order_refunds")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where((eb) =>
      refundIds.length === 0
        ? eb("order_id", "in", [...orderIds])
        : eb.or([eb("order_id", "in", [...orderIds]), eb("refund_id", "in", [...refundIds])]),
    )
    .orderBy("created_at")
    .orderBy("refund_id")
    .execute();
}

/** New refunds (first sighting) and refunds applied now, in two statements at most. */
export async function saveRefunds(
  trx: Tx,
  shopId: string,
  inserted: readonly { refund_id: string; order_id: string; amount_minor: number }[],
  applied: readonly { refund_id: string; points_removed: number; applied_at: Date }[],
): Promise<void> {
  if (inserted.length > 0) {
    await trx
      .insertInto("order_refunds")
      .values(inserted.map((r) => ({ shop_id: shopId, ...r })))
      .onConflict((oc) => oc.columns(["shop_id", "refund_id"]).doNothing())
      .execute();
  }
  if (applied.length > 0) {
    const values = sql.join(
      applied.map((a) => sql`(${a.refund_id}::text, ${a.points_removed}::int, ${a.applied_at}::timestamptz)`),
    );
    await sql`
      update order_refunds r set points_removed = v.points_removed, applied_at = v.applied_at
      from (values ${values}) as v (refund_id, points_removed, applied_at)
      where r.shop_id = ${shopId} and r.refund_id = v.refund_id`.execute(trx);
  }
}

/**
 * Orders to explain (issue 14): by order name (`#1001`, `1001`) or by the customer's e-mail,
 * newest first, with the customer's e-mail and name.
 */
export function findOrdersToExplain(conn: Conn, shopId: string, query: string, limit: number) {
  const q = query.trim();
  const name = q.startsWith("#") ? q : `#${q}`;
  return conn
    .selectFrom("orders as o")
    .leftJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "o.shop_id").onRef("c.id", "=", "o.customer_id"),
    )
    .select([
      "o.order_id",
      "o.name",
      "o.currency",
      "o.total_minor",
      "o.status",
      "o.reason",
      "o.facts",
      "o.points_awarded",
      "o.points_reversed",
      "o.pending_points",
      "o.pending_until",
      "o.refunded_minor",
      "o.ordered_at",
      "o.customer_id",
      "c.email",
      "c.first_name",
      "c.last_name",
    ])
    .where("o.shop_id", "=", shopId)
    .where((eb) =>
      eb.or([
        eb("o.name", "=", q),
        eb("o.name", "=", name),
        eb("o.order_id", "=", q),
        eb("o.customer_id", "=", q),
        eb(sql`lower(c.email)`, "=", q.toLowerCase()),
      ]),
    )
    .orderBy("o.ordered_at", "desc")
    .limit(limit)
    .execute();
}

/**
 * What a backtest reads of a decided order, and nothing more (P12: each timestamp and column
 * costs parsing on 100,000 rows).
 */
const BACKTEST_COLUMNS = [
  "o.order_id",
  "o.name",
  "o.customer_id",
  "o.paid_at",
  "o.rewarded_at",
  "o.ordered_at",
  "o.facts",
  "c.type as customer_type",
  "c.email",
] as const;

/** Decided orders (rewarded, logged, cancelled) since `since`, with the customer's state. */
export function listDecidedOrdersSince(conn: Conn, shopId: string, since: Date, limit: number) {
  return conn
    .selectFrom("orders as o")
    .leftJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "o.shop_id").onRef("c.id", "=", "o.customer_id"),
    )
    .select(BACKTEST_COLUMNS)
    .where("o.shop_id", "=", shopId)
    .where("o.ordered_at", ">=", since)
    .where("o.status", "in", ["rewarded", "logged", "cancelled"])
    .orderBy("o.ordered_at")
    .limit(limit)
    .execute();
}

/** Decided orders (as `listDecidedOrdersSince` reads them) since an instant: how many. */
export async function countDecidedOrdersSince(conn: Conn, shopId: string, since: Date): Promise<number> {
  const row = await conn
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_id", "=", shopId)
    .where("ordered_at", ">=", since)
    .where("status", "in", ["rewarded", "logged", "cancelled"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of decided orders since `since`, oldest first, after a (ordered_at, order_id) key. */
export function listDecidedOrdersPage(
  conn: Conn,
  shopId: string,
  since: Date,
  after: { orderedAt: Date; orderId: string } | null,
  limit: number,
) {
  let q = conn
    .selectFrom("orders as o")
    .leftJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "o.shop_id").onRef("c.id", "=", "o.customer_id"),
    )
    .select(BACKTEST_COLUMNS)
    .where("o.shop_id", "=", shopId)
    .where("o.ordered_at", ">=", since)
    .where("o.status", "in", ["rewarded", "logged", "cancelled"]);
  if (after) {
    // A row comparison is an index condition on (shop_id, ordered_at, order_id): each page starts
    // where the last ended. The equivalent OR form is only a filter, so every page re-read the
    // period from its start (P12: 20 pages of 5,000 read about a million rows).
    q = q.where((eb) =>
      eb(eb.refTuple("o.ordered_at", "o.order_id"), ">", eb.tuple(after.orderedAt, after.orderId)),
    );
  }
  return q.orderBy("o.ordered_at").orderBy("o.order_id").limit(limit).execute();
}

/** The (ordered_at, order_id) key of the decided order at `offset` (oldest first) since `since`. */
export function decidedOrderKeyAt(conn: Conn, shopId: string, since: Date, offset: number) {
  return conn
    .selectFrom("orders")
    .select(["ordered_at", "order_id"])
    .where("shop_id", "=", shopId)
    .where("ordered_at", ">=", since)
    .where("status", "in", ["rewarded", "logged", "cancelled"])
    .orderBy("ordered_at")
    .orderBy("order_id")
    .offset(offset)
    .limit(1)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// The past-order sync (C-27, decision 0165): Laurel's own orders that have not earned

/** Orders that may still earn: undecided, or logged without points, with a customer. */
function unearnedOrders(conn: Conn, shopId: string, since: Date) {
  return conn
    .selectFrom("orders")
    .where("shop_id", "=", shopId)
    .where("ordered_at", ">=", since)
    .where("customer_id", "is not", null)
    .where("cancelled_at", "is", null)
    .where("points_awarded", "=", 0)
    .where("status", "in", ["open", "logged"]);
}

export async function countUnearnedOrdersSince(conn: Conn, shopId: string, since: Date): Promise<number> {
  const row = await unearnedOrders(conn, shopId, since)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of them, oldest first, after a (ordered_at, order_id) key (the backtest's index). */
export function listUnearnedOrdersPage(
  conn: Conn,
  shopId: string,
  since: Date,
  after: { orderedAt: Date; orderId: string } | null,
  limit: number,
) {
  let q = unearnedOrders(conn, shopId, since).select(["order_id", "ordered_at", "facts"]);
  if (after) {
    q = q.where((eb) =>
      eb(eb.refTuple("ordered_at", "order_id"), ">", eb.tuple(after.orderedAt, after.orderId)),
    );
  }
  return q.orderBy("ordered_at").orderBy("order_id").limit(limit).execute();
}
