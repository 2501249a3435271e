import type { Db, Tx } from "@laurel/db";

/** The platform's ids of these customers (a guest's order has none to tag). */
export async function platformCustomerIdsOf(
  db: Db,
  shopId: string,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectFrom("customers")
    .select("platform_customer_id")
    .where("shop_id", "=", shopId)
    .where("id", "in", [...customerIds])
    .orderBy("id")
    .execute();
  return rows.map((r) => r.platform_customer_id).filter((id): id is string => !!id);
}

// "Tag past orders" (decision 0176, migration 0215)

type Conn = Db | Tx;
const ACTIVE = ["queued", "running"] as const;

export function latestTagging(conn: Conn, shopId: string) {
  return conn
    .selectFrom("past_order_taggings")
    .selectAll()
    .where("shop_id", "=", shopId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function activeTagging(conn: Conn, shopId: string) {
  return conn
    .selectFrom("past_order_taggings")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("status", "in", [...ACTIVE])
    .executeTakeFirst();
}

export function insertTagging(
  trx: Tx,
  r: {
    shopId: string;
    id: string;
    orderTags: string[];
    customerTags: string[];
    total: number;
    actorEmail: string | null;
  },
) {
  return trx
    .insertInto("past_order_taggings")
    .values({
      shop_id: r.shopId,
      id: r.id,
      order_tags: r.orderTags,
      customer_tags: r.customerTags,
      total_rows: r.total,
      actor_email: r.actorEmail,
    })
    .onConflict((oc) =>
      oc
        .column("shop_id")
        .where("status", "in", [...ACTIVE])
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

export function lockTagging(trx: Tx, shopId: string, id: string) {
  return trx
    .selectFrom("past_order_taggings")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Orders that earned points (awarded or pending), in id order after `after`: one keyset page. */
export function earningOrdersAfter(trx: Tx, shopId: string, after: string | null, limit: number) {
  let q = trx
    .selectFrom("orders")
    .select(["order_id", "customer_id"])
    .where("shop_id", "=", shopId)
    .where((eb) => eb.or([eb("points_awarded", ">", 0), eb("pending_points", ">", 0)]));
  if (after !== null) q = q.where("order_id", ">", after);
  return q.orderBy("order_id").limit(limit).execute();
}

export async function countEarningOrders(conn: Conn, shopId: string): Promise<number> {
  const row = await conn
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("shop_id", "=", shopId)
    .where((eb) => eb.or([eb("points_awarded", ">", 0), eb("pending_points", ">", 0)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function advanceTagging(
  trx: Tx,
  shopId: string,
  id: string,
  p: { cursor: string | null; handedOver: number },
) {
  return trx
    .updateTable("past_order_taggings")
    .set((eb) => ({
      status: "running",
      cursor: p.cursor,
      done_rows: eb("done_rows", "+", p.handedOver),
      // Orders that earned since the count are tagged too: the total follows.
      total_rows: eb.fn("greatest", [eb.ref("total_rows"), eb("done_rows", "+", p.handedOver)]),
    }))
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export function finishTagging(
  trx: Tx,
  shopId: string,
  id: string,
  f: { status: "done" | "failed"; error: string | null; at: Date },
) {
  return trx
    .updateTable("past_order_taggings")
    .set({ status: f.status, error: f.error, finished_at: f.at })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "in", [...ACTIVE])
    .execute();
}
