import type { Db, DemoFinancialStatus, DemoOrderRow, Tx } from "@laurel/db";
import { sql } from "kysely";

/** The demo store's own tables (migration 0010): shoppers, orders, outgoing webhook deliveries. */

type Conn = Db | Tx;

export function findShopperByEmail(conn: Conn, shopId: string, email: string) {
  return conn
    .selectFrom("demo_shoppers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirst();
}

export function findShopper(conn: Conn, shopId: string, customerId: string) {
  return conn
    .selectFrom("demo_shoppers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
}

/** Inserts a shopper unless the id or the e-mail is taken; answers whether it was inserted. */
export async function insertShopper(
  conn: Conn,
  s: {
    shopId: string;
    customerId: string;
    email: string;
    passwordHash: string;
    firstName: string | null;
    lastName: string | null;
    createdAt: Date;
  },
): Promise<boolean> {
  const row = await conn
    .insertInto("demo_shoppers")
    .values({
      shop_id: s.shopId,
      customer_id: s.customerId,
      email: s.email,
      password_hash: s.passwordHash,
      first_name: s.firstName,
      last_name: s.lastName,
      created_at: s.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("customer_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Serialises checkouts of one shop (order numbers, discount usage), until the transaction ends. */
export async function lockCheckout(trx: Tx, shopId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`demo-store:${shopId}`}))`.execute(trx);
}

export async function nextOrderNumber(trx: Tx, shopId: string): Promise<number> {
  const row = await trx
    .selectFrom("demo_orders")
    .select((eb) => eb.fn.max("number").as("n"))
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
  return Math.max(1000, Number(row?.n ?? 1000)) + 1;
}

export function findOrderByCheckoutToken(conn: Conn, shopId: string, token: string) {
  return conn
    .selectFrom("demo_orders")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where(sql<boolean>`data->>'checkoutToken' = ${token}`)
    .executeTakeFirst();
}

export async function insertOrder(
  trx: Tx,
  o: {
    shopId: string;
    orderId: string;
    number: number;
    customerId: string | null;
    email: string;
    discountCode: string | null;
    data: object;
    createdAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto("demo_orders")
    .values({
      shop_id: o.shopId,
      order_id: o.orderId,
      number: o.number,
      customer_id: o.customerId,
      email: o.email,
      discount_code: o.discountCode,
      data: JSON.stringify(o.data),
      created_at: o.createdAt,
      updated_at: o.createdAt,
    })
    .execute();
}

export function findOrder(conn: Conn, shopId: string, orderId: string) {
  return conn
    .selectFrom("demo_orders")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

export function findOrderForUpdate(trx: Tx, shopId: string, orderId: string) {
  return trx
    .selectFrom("demo_orders")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
}

export function listCustomerOrders(conn: Conn, shopId: string, customerId: string, limit = 50) {
  return conn
    .selectFrom("demo_orders")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .orderBy("created_at", "desc")
    .orderBy("number", "desc")
    .limit(limit)
    .execute();
}

export async function updateOrder(
  trx: Tx,
  shopId: string,
  orderId: string,
  changes: {
    financialStatus?: DemoFinancialStatus;
    cancelledAt?: Date;
    refunds?: object[];
    updatedAt: Date;
  },
): Promise<DemoOrderRow> {
  return trx
    .updateTable("demo_orders")
    .set({
      ...(changes.financialStatus ? { financial_status: changes.financialStatus } : {}),
      ...(changes.cancelledAt ? { cancelled_at: changes.cancelledAt } : {}),
      ...(changes.refunds ? { refunds: JSON.stringify(changes.refunds) } : {}),
      updated_at: changes.updatedAt,
    })
    .where("shop_id", "=", shopId)
    .where("order_id", "=", orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertDelivery(
  conn: Conn,
  d: {
    shopId: string;
    webhookId: string;
    topic: string;
    orderId: string | null;
    customerId: string | null;
    body: string;
    status: number | null;
    error: string | null;
    at: Date;
    delivered: boolean;
  },
): Promise<void> {
  await conn
    .insertInto("demo_webhook_deliveries")
    .values({
      shop_id: d.shopId,
      webhook_id: d.webhookId,
      topic: d.topic,
      order_id: d.orderId,
      customer_id: d.customerId,
      body: d.body,
      status: d.status,
      error: d.error,
      delivered_at: d.delivered ? d.at : null,
      created_at: d.at,
    })
    .execute();
}

export async function recordRetry(
  conn: Conn,
  shopId: string,
  webhookId: string,
  r: { status: number | null; error: string | null; at: Date; delivered: boolean },
): Promise<void> {
  await conn
    .updateTable("demo_webhook_deliveries")
    .set((eb) => ({
      status: r.status,
      error: r.error,
      attempts: eb("attempts", "+", 1),
      ...(r.delivered ? { delivered_at: r.at } : {}),
    }))
    .where("shop_id", "=", shopId)
    .where("webhook_id", "=", webhookId)
    .execute();
}

export function findDelivery(conn: Conn, shopId: string, webhookId: string) {
  return conn
    .selectFrom("demo_webhook_deliveries")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("webhook_id", "=", webhookId)
    .executeTakeFirst();
}

export function listDeliveries(conn: Conn, shopId: string, by: { orderId?: string; customerId?: string }) {
  let q = conn
    .selectFrom("demo_webhook_deliveries")
    .select([
      "webhook_id",
      "topic",
      "order_id",
      "customer_id",
      "status",
      "error",
      "attempts",
      "delivered_at",
      "created_at",
    ])
    .where("shop_id", "=", shopId);
  if (by.orderId) q = q.where("order_id", "=", by.orderId);
  if (by.customerId) q = q.where("customer_id", "=", by.customerId).where("order_id", "is", null);
  return q.orderBy("created_at", "asc").execute();
}
