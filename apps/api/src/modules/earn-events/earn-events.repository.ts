import type { Db, EarnEventKind, EarnEventRow, EarnEventStatus, ReviewExportsTable, Tx } from "@laurel/db";
import { type Insertable, sql } from "kysely";

type Conn = Db | Tx;

// ---------------------------------------------------------------------------------------------
// Inbound keys
// ---------------------------------------------------------------------------------------------

export function findInboundKey(conn: Conn, shopId: string) {
  return conn.selectFrom("inbound_keys").selectAll().where("shop_id", "=", shopId).executeTakeFirst();
}

/** Keeps the first secret when two requests race to create one; the caller reads it back. */
export async function insertInboundKey(trx: Conn, shopId: string, secret: string, at: Date) {
  await trx
    .insertInto("inbound_keys")
    .values({ shop_id: shopId, secret, created_at: at })
    .onConflict((oc) => oc.column("shop_id").doNothing())
    .execute();
}

export async function replaceInboundKey(trx: Tx, shopId: string, secret: string, at: Date) {
  await trx
    .insertInto("inbound_keys")
    .values({ shop_id: shopId, secret, created_at: at, rotated_at: at })
    .onConflict((oc) => oc.column("shop_id").doUpdateSet({ secret, rotated_at: at }))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

export interface NewEarnEvent {
  shop_id: string;
  id: string;
  kind: EarnEventKind;
  source: string;
  external_id: string;
  program_id: string | null;
  customer_id: string | null;
  status: EarnEventStatus;
  reason: string | null;
  rating?: number | null;
  content?: string | null;
  media_count?: number;
  verified_buyer?: boolean;
  product_id?: string | null;
  url?: string | null;
  points_due: number;
  created_at: Date;
  decided_at?: Date | null;
}

/** Inserts the event unless one with its (kind, source, external id) exists; answers whether it did. */
export async function insertEvent(trx: Tx, e: NewEarnEvent): Promise<boolean> {
  const rows = await trx
    .insertInto("earn_events")
    .values(e)
    .onConflict((oc) => oc.columns(["shop_id", "kind", "source", "external_id"]).doNothing())
    .returning("id")
    .execute();
  return rows.length > 0;
}

export function findEventByExternal(
  conn: Conn,
  shopId: string,
  kind: EarnEventKind,
  source: string,
  externalId: string,
) {
  return conn
    .selectFrom("earn_events")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("kind", "=", kind)
    .where("source", "=", source)
    .where("external_id", "=", externalId)
    .executeTakeFirst();
}

export function lockEvent(trx: Tx, shopId: string, kind: EarnEventKind, id: string) {
  return trx
    .selectFrom("earn_events")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("kind", "=", kind)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateEvent(
  trx: Tx,
  shopId: string,
  id: string,
  patch: { status: EarnEventStatus; points_paid: number; reason: string | null; decided_at: Date },
) {
  await trx
    .updateTable("earn_events")
    .set({ ...patch, changes: sql`changes + 1` })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export async function setPointsPaid(trx: Tx, shopId: string, id: string, pointsPaid: number) {
  await trx
    .updateTable("earn_events")
    .set({ points_paid: pointsPaid })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export function findEventWithCustomer(
  conn: Conn,
  shopId: string,
  id: string,
): Promise<EarnEventWithCustomer | undefined> {
  return conn
    .selectFrom("earn_events as e")
    .leftJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "e.shop_id").onRef("c.id", "=", "e.customer_id"),
    )
    .selectAll("e")
    .select(["c.first_name", "c.last_name", "c.email"])
    .where("e.shop_id", "=", shopId)
    .where("e.id", "=", id)
    .executeTakeFirst();
}

/** A connector that knows only the e-mail: the shop's customer with that address (members first). */
export function findCustomerByEmail(conn: Conn, shopId: string, email: string) {
  return conn
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .orderBy(sql`case type when 'member' then 0 when 'guest' then 1 else 2 end`)
    .orderBy("id")
    .executeTakeFirst();
}

export type EarnEventWithCustomer = EarnEventRow & {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

export function listEvents(
  conn: Conn,
  shopId: string,
  kinds: readonly EarnEventKind[],
  filter: { status?: string; customerId?: string },
  page: number,
  pageSize: number,
): Promise<EarnEventWithCustomer[]> {
  let q = conn
    .selectFrom("earn_events as e")
    .leftJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "e.shop_id").onRef("c.id", "=", "e.customer_id"),
    )
    .selectAll("e")
    .select(["c.first_name", "c.last_name", "c.email"])
    .where("e.shop_id", "=", shopId)
    .where("e.kind", "in", kinds);
  if (filter.status) q = q.where("e.status", "=", filter.status as EarnEventStatus);
  if (filter.customerId) q = q.where("e.customer_id", "=", filter.customerId);
  return q
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function countByStatus(
  conn: Conn,
  shopId: string,
  kinds: readonly EarnEventKind[],
  customerId?: string,
): Promise<Record<string, number>> {
  let q = conn
    .selectFrom("earn_events")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("shop_id", "=", shopId)
    .where("kind", "in", kinds);
  if (customerId) q = q.where("customer_id", "=", customerId);
  const rows = await q.groupBy("status").execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The customer's events of `kind` (the widget's state: done, pending). */
export function listCustomerEvents(
  conn: Conn,
  shopId: string,
  customerId: string,
  kinds: readonly EarnEventKind[],
) {
  return conn
    .selectFrom("earn_events")
    .select(["kind", "program_id", "status", "url", "points_paid", "created_at"])
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("kind", "in", kinds)
    .execute();
}

export async function countApprovedReviews(conn: Conn, shopId: string, customerIds: readonly string[]) {
  if (customerIds.length === 0) return new Map<string, number>();
  const rows = await conn
    .selectFrom("earn_events")
    .select(["customer_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("shop_id", "=", shopId)
    .where("kind", "=", "review")
    .where("status", "=", "approved")
    .where("customer_id", "in", customerIds)
    .groupBy("customer_id")
    .execute();
  return new Map(rows.map((r) => [r.customer_id as string, Number(r.n)]));
}

// ---------------------------------------------------------------------------------------------
// Milestones (set-based: one statement per metric and batch)
// ---------------------------------------------------------------------------------------------

/**
 * Each customer's orders and net spend as tiers count them: the running totals PostgreSQL keeps
 * from the orders (`customer_order_totals`, decision 0071; an order not cancelled, paid or earned
 * on, counted while not refunded in full). One indexed read per batch, whatever the history: summing
 * each customer's orders here made a member's thousandth order cost a thousand rows.
 */
export async function orderMetrics(conn: Conn, shopId: string, customerIds: readonly string[]) {
  if (customerIds.length === 0) return new Map<string, { orders: number; spent: number }>();
  const rows = await conn
    .selectFrom("customer_order_totals")
    .select(["customer_id", "orders_counted", "spent_minor"])
    .where("shop_id", "=", shopId)
    .where("customer_id", "in", customerIds)
    .execute();
  return new Map(
    rows.map((r) => [r.customer_id, { orders: Number(r.orders_counted), spent: Number(r.spent_minor) }]),
  );
}

/** Points earned (every earn activity, available or pending), per customer. */
export async function earnedPoints(
  conn: Conn,
  shopId: string,
  customerIds: readonly string[],
  earnTypes: readonly string[],
) {
  if (customerIds.length === 0) return new Map<string, number>();
  const rows = await conn
    .selectFrom("ledger_entries")
    .select(["customer_id", sql<string>`coalesce(sum(available_delta + pending_delta), 0)`.as("points")])
    .where("shop_id", "=", shopId)
    .where("customer_id", "in", customerIds)
    .where("activity_type", "in", earnTypes)
    .groupBy("customer_id")
    .execute();
  return new Map(rows.map((r) => [r.customer_id, Number(r.points)]));
}

/** X-36: days since the customer's previous paid order, for each of these orders (0 for a first order). */
export async function daysSincePreviousOrder(conn: Conn, shopId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await conn
    .selectFrom("orders as o")
    .select([
      "o.order_id",
      sql<string | null>`(
        select floor(extract(epoch from (o.ordered_at - max(p.ordered_at))) / 86400)
        from orders p
        where p.shop_id = o.shop_id and p.customer_id = o.customer_id
          and p.ordered_at < o.ordered_at and p.status <> 'cancelled'
      )`.as("gap"),
    ])
    .where("o.shop_id", "=", shopId)
    .where("o.order_id", "in", orderIds)
    .where("o.customer_id", "is not", null)
    .execute();
  return new Map(rows.map((r) => [r.order_id, r.gap === null ? 0 : Number(r.gap)]));
}

/** Referrers whose referral was completed by one of these orders, with their completed count. */
export async function referrersCompletedBy(conn: Conn, shopId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await conn
    .selectFrom("referrals as r")
    .select(["r.referrer_id", (eb) => eb.fn.countAll<string>().as("n")])
    .where("r.shop_id", "=", shopId)
    .where("r.status", "=", "completed")
    .where(
      "r.referrer_id",
      "in",
      conn
        .selectFrom("referrals as x")
        .select("x.referrer_id")
        .where("x.shop_id", "=", shopId)
        .where("x.status", "=", "completed")
        .where("x.order_id", "in", orderIds),
    )
    .groupBy("r.referrer_id")
    .execute();
  return new Map(rows.map((r) => [r.referrer_id, Number(r.n)]));
}

export async function grantedMilestones(
  conn: Conn,
  shopId: string,
  programIds: readonly string[],
  customerIds: readonly string[],
) {
  if (programIds.length === 0 || customerIds.length === 0) return [];
  const rows = await conn
    .selectFrom("milestone_grants")
    .select(["program_id", "customer_id", "value"])
    .where("shop_id", "=", shopId)
    .where("program_id", "in", programIds)
    .where("customer_id", "in", customerIds)
    .execute();
  return rows.map((r) => ({ programId: r.program_id, customerId: r.customer_id, value: Number(r.value) }));
}

export interface NewGrant {
  shop_id: string;
  program_id: string;
  customer_id: string;
  value: number;
  action: string;
  points: number;
  reward: string;
  granted_at: Date;
}

/** Inserts the grants not yet held (the primary key is the once-only key); answers those inserted. */
export async function insertGrants(trx: Tx, grants: readonly NewGrant[]) {
  if (grants.length === 0) return [];
  const rows = await trx
    .insertInto("milestone_grants")
    .values([...grants])
    .onConflict((oc) => oc.columns(["shop_id", "program_id", "customer_id", "value"]).doNothing())
    .returning(["program_id", "customer_id", "value"])
    .execute();
  return rows.map((r) => `${r.program_id}\n${r.customer_id}\n${Number(r.value)}`);
}

// ---------------------------------------------------------------------------------------------
// Growth rewards
// ---------------------------------------------------------------------------------------------

export async function lifetimeOrders(conn: Conn, shopId: string): Promise<number> {
  const row = await conn
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("shop_id", "=", shopId)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listGrowthClaims(conn: Conn, shopId: string) {
  return conn.selectFrom("growth_claims").selectAll().where("shop_id", "=", shopId).execute();
}

export async function insertGrowthClaim(
  trx: Tx,
  shopId: string,
  threshold: number,
  freeOrders: number,
  at: Date,
) {
  const rows = await trx
    .insertInto("growth_claims")
    .values({ shop_id: shopId, threshold, free_orders: freeOrders, claimed_at: at })
    .onConflict((oc) => oc.columns(["shop_id", "threshold"]).doNothing())
    .returning("threshold")
    .execute();
  return rows.length > 0;
}

// Review-app connectors (migration 0171, decision 0158).

export function listReviewConnectors(conn: Conn, shopId: string) {
  return conn.selectFrom("review_connectors").selectAll().where("shop_id", "=", shopId).execute();
}

export function findReviewConnector(conn: Conn, shopId: string, vendor: string) {
  return conn
    .selectFrom("review_connectors")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("vendor", "=", vendor)
    .executeTakeFirst();
}

export async function upsertReviewConnector(
  conn: Conn,
  shopId: string,
  vendor: string,
  secret: string,
  at: Date,
) {
  await conn
    .insertInto("review_connectors")
    .values({ shop_id: shopId, vendor, secret, connected_at: at })
    .onConflict((oc) => oc.columns(["shop_id", "vendor"]).doUpdateSet({ secret, connected_at: at }))
    .execute();
}

export async function deleteReviewConnector(conn: Conn, shopId: string, vendor: string) {
  await conn
    .deleteFrom("review_connectors")
    .where("shop_id", "=", shopId)
    .where("vendor", "=", vendor)
    .execute();
}

export async function touchReviewConnector(conn: Conn, shopId: string, vendor: string, at: Date) {
  await conn
    .updateTable("review_connectors")
    .set({ last_event_at: at })
    .where("shop_id", "=", shopId)
    .where("vendor", "=", vendor)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Review exports (G-14, G-16): the review list or the Google review list as a chunked export job
// ---------------------------------------------------------------------------------------------

export function insertReviewExport(trx: Tx, values: Insertable<ReviewExportsTable>) {
  return trx.insertInto("review_exports").values(values).returningAll().executeTakeFirstOrThrow();
}

export function findReviewExport(conn: Conn, shopId: string, id: string, lock?: "forUpdate") {
  let query = conn
    .selectFrom("review_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function countEventsOf(
  conn: Conn,
  shopId: string,
  kind: EarnEventKind,
  status: string | null,
): Promise<number> {
  let q = conn
    .selectFrom("earn_events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("shop_id", "=", shopId)
    .where("kind", "=", kind);
  if (status) q = q.where("status", "=", status as EarnEventStatus);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export type ExportedEvent = EarnEventWithCustomer & { key_at: string };

/**
 * A page of a kind's events newest first after the keyset `after` (the previous page's last
 * creation instant as PostgreSQL prints it, exact to the microsecond, and its id), on the list's
 * index; each row carries its own key.
 */
export async function listEventsAfter(
  conn: Conn,
  shopId: string,
  kind: EarnEventKind,
  status: string | null,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<ExportedEvent[]> {
  const r = await sql<ExportedEvent>`
    select e.*, e.created_at::text as key_at, c.first_name, c.last_name, c.email
    from earn_events e
    left join customers c on c.shop_id = e.shop_id and c.id = e.customer_id
    where e.shop_id = ${shopId} and e.kind = ${kind}
      ${status ? sql`and e.status = ${status}` : sql``}
      ${after ? sql`and (e.created_at, e.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
    order by e.created_at desc, e.id desc
    limit ${limit}`.execute(conn);
  return r.rows;
}
