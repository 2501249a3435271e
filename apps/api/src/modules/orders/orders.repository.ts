import type { Db, OrderRefundRow, OrderRow, OrderStatus, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

/**
 * The order's row, created on first sight and locked for the rest of the transaction: every
 * webhook about one order serialises here, whatever order they arrive in.
 */
export async function lockOrder(
  trx: Tx,
  o: {
    shopId: string;
    orderId: string;
    customerId: string | null;
    name: string | null;
    currency: string;
    totalMinor: number;
    orderedAt: Date;
  },
): Promise<OrderRow> {
  await trx
    .insertInto("orders")
    .values({
      shop_id: o.shopId,
      order_id: o.orderId,
      customer_id: o.customerId,
      name: o.name,
      currency: o.currency,
      total_minor: o.totalMinor,
      ordered_at: o.orderedAt,
    })
    .onConflict((oc) => oc.columns(["shop_id", "order_id"]).doNothing())
    .execute();
  return trx
    .selectFrom("orders")
    .selectAll()
    .where("shop_id", "=", o.shopId)
    .where("order_id", "=", o.orderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * `lockOrder` and the merge of what a webhook tells about the order, in one statement (every order
 * webhook starts here): the row is created or updated and locked for the rest of the transaction.
 * Facts are kept once the order is decided; paid and fulfilled instants from their first sighting.
 */
export async function lockAndMergeOrder(
  trx: Tx,
  o: {
    shopId: string;
    orderId: string;
    name: string | null;
    currency: string;
    totalMinor: number;
    orderedAt: Date;
    facts: string;
    paidAt: Date | null;
    fulfilledAt: Date | null;
  },
): Promise<OrderRow> {
  return trx
    .insertInto("orders")
    .values({
      shop_id: o.shopId,
      order_id: o.orderId,
      name: o.name,
      currency: o.currency,
      total_minor: o.totalMinor,
      ordered_at: o.orderedAt,
      facts: o.facts,
      paid_at: o.paidAt,
      fulfilled_at: o.fulfilledAt,
    })
    .onConflict((oc) =>
      oc.columns(["shop_id", "order_id"]).doUpdateSet({
        name: sql`excluded.name`,
        currency: sql`excluded.currency`,
        ordered_at: sql`excluded.ordered_at`,
        total_minor: sql`excluded.total_minor`,
        facts: sql`case when orders.status = 'open' then excluded.facts else orders.facts end`,
        paid_at: sql`coalesce(orders.paid_at, excluded.paid_at)`,
        fulfilled_at: sql`coalesce(orders.fulfilled_at, excluded.fulfilled_at)`,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

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

/**
 * `updateOrder` that also says whether refunds are waiting to be applied. Only after the row lock:
 * a statement's subqueries read its start-of-statement snapshot, so one that waited for the lock
 * (behind a refund's transaction) would not see that refund.
 */
export async function updateOrderSeeingRefunds(
  trx: Tx,
  shopId: string,
  orderId: string,
  changes: OrderChanges,
): Promise<{ row: OrderRow; hasUnappliedRefunds: boolean }> {
  const updated = await trx
    .updateTable("orders")
    .set({ ...changes, updated_at: sql`now()` })
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .returningAll()
    .returning(
      sql<boolean>`exists (select 1 from order_refunds r where r.shop_id = orders.shop_id
        and r.order_id = orders.order_id and r.applied_at is null)`.as("has_unapplied_refunds"),
    )
    .executeTakeFirstOrThrow();
  const { has_unapplied_refunds: hasUnappliedRefunds, ...row } = updated;
  return { row: row as OrderRow, hasUnappliedRefunds };
}

export function findOrder(conn: Conn, shopId: string, orderId: string): Promise<OrderRow | undefined> {
  return conn
    .selectFrom("orders")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

/** Records a refund once; answers false when this refund id was seen before. */
export async function insertRefundIfAbsent(
  trx: Tx,
  r: { shopId: string; refundId: string; orderId: string; amountMinor: number },
): Promise<boolean> {
  const row = await trx
    .insertInto("order_refunds")
    .values({ shop_id: r.shopId, refund_id: r.refundId, order_id: r.orderId, amount_minor: r.amountMinor })
    .onConflict((oc) => oc.columns(["shop_id", "refund_id"]).doNothing())
    .returning("refund_id")
    .executeTakeFirst();
  return row !== undefined;
}

export function listUnappliedRefunds(trx: Tx, shopId: string, orderId: string): Promise<OrderRefundRow[]> {
  return trx
    .selectFrom("order_refunds")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .where("applied_at", "is", null)
    .orderBy("created_at")
    .orderBy("refund_id")
    .execute();
}

export function markRefundApplied(
  trx: Tx,
  shopId: string,
  refundId: string,
  pointsRemoved: number,
  at: Date,
) {
  return trx
    .updateTable("order_refunds")
    .set({ applied_at: at, points_removed: pointsRemoved })
    .where("shop_id", "=", shopId)
    .where("refund_id", "=", refundId)
    .execute();
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
