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
