import type {
  ActivityExportsTable,
  CustomerChildGender,
  CustomerExportsTable,
  CustomerRow,
  CustomerType,
  Db,
  Tx,
} from "@laurel/db";
import { type Insertable, sql } from "kysely";

export type Conn = Db | Tx;

export type NewCustomer = {
  id: string;
  platformCustomerId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  type?: CustomerType;
  joinedAt?: Date | null;
};

export async function upsertCustomer(trx: Tx, c: NewCustomer & { shopId: string }): Promise<CustomerRow> {
  const [row] = await upsertCustomers(trx, c.shopId, [c]);
  if (!row) throw new Error(`customer ${c.platformCustomerId} was not written`);
  return row;
}

export function findCustomer(conn: Conn, shopId: string, id: string): Promise<CustomerRow | undefined> {
  return conn
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findCustomerByPlatformId(conn: Conn, shopId: string, platformCustomerId: string) {
  return conn
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("platform_customer_id", "=", platformCustomerId)
    .executeTakeFirst();
}

/** Removes personal data; points and the ledger stay (they are the merchant's accounting). */
export async function erasePersonalData(trx: Tx, shopId: string, id: string, at: Date, type?: CustomerType) {
  await trx
    .updateTable("customers")
    .set({
      email: null,
      first_name: null,
      last_name: null,
      phone: null,
      birth_month: null,
      birth_day: null,
      redacted_at: at,
      ...(type ? { type, left_reason: type === "left" ? ("deleted" as const) : null } : {}),
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
  await trx
    .deleteFrom("customer_children")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", id)
    .execute();
  await trx
    .updateTable("ledger_entries")
    .set({ note: null })
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", id)
    .execute();
}

/** J-02 children info, in the order entered; the date as text (a calendar day, no time zone). */
export function listChildren(conn: Conn, shopId: string, customerId: string) {
  return conn
    .selectFrom("customer_children")
    .select(["name", "gender", sql<string | null>`birth_date::text`.as("birth_date")])
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .orderBy("position")
    .execute();
}

/** Replaces the customer's children info whole (one delete, one insert). */
export async function replaceChildren(
  trx: Tx,
  shopId: string,
  customerId: string,
  children: ReadonlyArray<{ name: string; gender: CustomerChildGender | null; birthDate: string | null }>,
): Promise<void> {
  await trx
    .deleteFrom("customer_children")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .execute();
  if (children.length === 0) return;
  await trx
    .insertInto("customer_children")
    .values(
      children.map((c, position) => ({
        shop_id: shopId,
        customer_id: customerId,
        position,
        name: c.name,
        gender: c.gender,
        birth_date: c.birthDate,
      })),
    )
    .execute();
}

export function listCustomerEntries(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("ledger_entries")
    .select([
      "activity_type",
      "available_delta",
      "pending_delta",
      "tier_points_delta",
      "program_id",
      "source_ref",
      "note",
      "created_at",
    ])
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", id)
    .orderBy("id")
    .execute();
}

export function markMember(trx: Tx, shopId: string, id: string, at: Date) {
  return trx
    .updateTable("customers")
    .set({ type: "member", joined_at: at })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listEntriesPage(
  conn: Conn,
  shopId: string,
  customerId: string,
  page: number,
  pageSize: number,
) {
  const [rows, count] = await Promise.all([
    conn
      .selectFrom("ledger_entries as e")
      // The order an entry came from, by name ("#1004"): its source is the order's id.
      .leftJoin("orders as o", (j) =>
        j.onRef("o.shop_id", "=", "e.shop_id").onRef("o.order_id", "=", "e.source_ref"),
      )
      .select([
        "e.id",
        "e.activity_type",
        "e.available_delta",
        "e.pending_delta",
        "e.created_at",
        "o.name as order_name",
      ])
      .where("e.shop_id", "=", shopId)
      .where("e.customer_id", "=", customerId)
      .orderBy("e.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    conn
      .selectFrom("ledger_entries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("shop_id", "=", shopId)
      .where("customer_id", "=", customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The list's name sort key; the same expression as the `customers_list_name` index. */
const NAME_KEY = sql<string>`(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) collate "C")`;
const EMAIL_KEY = sql<string>`(lower(email) collate "C")`;
const LAST_NAME_KEY = sql<string>`(lower(last_name) collate "C")`;
const PHONE_KEY = sql<string>`(phone_digits collate "C")`;

export type ListTab = "all" | "member" | "guest" | "left" | "b2b" | "left_segment";
export type ListSort = "newest" | "oldest" | "name" | "points";
/** The last row of a page: its sort value (timestamp text, name key or points) and id. */
export type ListKey = [string | number, string];

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The customers of a tab, narrowed by the list's prefix search (J-03; the export counts the same). */
function filteredCustomers(conn: Conn, shopId: string, q: { tab: ListTab; search?: string | undefined }) {
  let base = conn.selectFrom("customers").where("shop_id", "=", shopId).where("redacted_at", "is", null);
  if (q.tab === "member" || q.tab === "guest" || q.tab === "left") base = base.where("type", "=", q.tab);
  else if (q.tab === "b2b") base = base.where("is_b2b", "=", true);
  else if (q.tab === "left_segment") base = base.where("left_reason", "=", "excluded");
  if (q.search) {
    const lowered = q.search.toLowerCase();
    const prefix = likePrefix(lowered);
    const digits = q.search.replace(/\D/g, "");
    const phoneLike = /^[+\d\s().-]+$/.test(q.search) && digits.length >= 3;
    const search = q.search;
    base = base.where((eb) =>
      eb.or([
        eb(EMAIL_KEY, "like", prefix),
        eb(NAME_KEY, "like", prefix),
        eb(LAST_NAME_KEY, "like", prefix),
        ...(phoneLike ? [eb(PHONE_KEY, "like", `${digits}%`)] : []),
        eb("platform_customer_id", "=", search),
      ]),
    );
  }
  return base;
}

/** How many customers a tab and search hold (the export's progress total; a job, not the list). */
export async function countCustomers(
  conn: Conn,
  shopId: string,
  q: { tab: ListTab; search?: string | undefined },
) {
  const row = await filteredCustomers(conn, shopId, q)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * J-03: one keyset page (never OFFSET, never a count) of a tab, in one of four orders, optionally
 * narrowed by a prefix search; each order walks its own index (decision 0060). Answers one row more
 * than asked when there is a next page.
 */
export async function listCustomersKeyset(
  conn: Conn,
  shopId: string,
  q: {
    tab: ListTab;
    sort: ListSort;
    search?: string | undefined;
    after?: ListKey | undefined;
    limit: number;
  },
) {
  let base = filteredCustomers(conn, shopId, q);
  const after = q.after;
  const limit = q.limit + 1;
  switch (q.sort) {
    case "newest":
    case "oldest": {
      const desc = q.sort === "newest";
      if (after) {
        base = base.where(
          sql<boolean>`(created_at, id) ${sql.raw(desc ? "<" : ">")} (${String(after[0])}::timestamptz, ${after[1]})`,
        );
      }
      return base
        .selectAll()
        .select(sql<string>`created_at::text`.as("sort_key"))
        .orderBy("created_at", desc ? "desc" : "asc")
        .orderBy("id", desc ? "desc" : "asc")
        .limit(limit)
        .execute();
    }
    case "name":
      if (after) base = base.where(sql<boolean>`(${NAME_KEY}, id) > (${String(after[0])}, ${after[1]})`);
      return base
        .selectAll()
        .select(NAME_KEY.as("sort_key"))
        .orderBy(NAME_KEY)
        .orderBy("id")
        .limit(limit)
        .execute();
    case "points":
      if (after) base = base.where(sql<boolean>`(available_points, id) < (${Number(after[0])}, ${after[1]})`);
      return base
        .selectAll()
        .select(sql<string>`available_points::text`.as("sort_key"))
        .orderBy("available_points", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
  }
}

/**
 * Orders, money spent (less refunds) and the last order per customer, for a page of the list or a
 * profile: the running totals PostgreSQL keeps (`customer_order_totals`, decision 0071), counting
 * what VIP tiers count — paid or earned-on orders, not cancelled; an order refunded in full adds
 * no order — plus the order history a migration brought from another app (decision 0178).
 */
export async function orderTotals(conn: Conn, shopId: string, customerIds: readonly string[]) {
  if (customerIds.length === 0)
    return new Map<string, { count: number; spentMinor: number; lastAt: Date | null }>();
  const rows = await sql<{ customer_id: string; count: number; spent: string; last_at: Date | null }>`
    select i.id as customer_id,
      (coalesce(t.orders_counted, 0) + coalesce(m.order_count, 0))::int as count,
      (coalesce(t.spent_minor, 0) + coalesce(m.spent_minor, 0))::bigint as spent,
      t.last_order_at as last_at
    from unnest(${[...customerIds]}::text[]) as i (id)
    left join customer_order_totals t on t.shop_id = ${shopId} and t.customer_id = i.id
    left join customer_migrated_orders m on m.shop_id = ${shopId} and m.customer_id = i.id
    where t.customer_id is not null or m.customer_id is not null`.execute(conn);
  return new Map(
    rows.rows.map((r) => [
      r.customer_id,
      { count: Number(r.count), spentMinor: Number(r.spent), lastAt: r.last_at },
    ]),
  );
}

/** Lifetime points earned (credits to available or pending) and spent (debits), from the ledger. */
export async function lifetimePoints(conn: Conn, shopId: string, customerId: string) {
  const row = await conn
    .selectFrom("ledger_entries")
    .select([
      sql<string>`coalesce(sum(greatest(available_delta, 0) + greatest(pending_delta, 0)) filter (where activity_type not in ('convert_pending_point', 'refund_coupon', 'redeem_void')), 0)`.as(
        "earned",
      ),
      sql<string>`coalesce(sum(-available_delta) filter (where available_delta < 0 and activity_type in ('redeem_point', 'redeem_rest_api', 'redeem_on_pos', 'free_gift')), 0)`.as(
        "spent",
      ),
    ])
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .executeTakeFirstOrThrow();
  return { earned: Number(row.earned), spent: Number(row.spent) };
}

export type CustomerDetailsPatch = {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  birth_month?: number | null;
  birth_day?: number | null;
};

export function updateCustomerDetails(
  trx: Tx,
  shopId: string,
  id: string,
  patch: CustomerDetailsPatch,
  source: string,
) {
  return trx
    .updateTable("customers")
    .set({ ...patch, updated_source: source, updated_at: sql`now()` })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setMembership(
  trx: Tx,
  shopId: string,
  id: string,
  to: { type: CustomerType; leftReason: "excluded" | "deleted" | null },
  at: Date,
) {
  return trx
    .updateTable("customers")
    .set({
      type: to.type,
      left_reason: to.leftReason,
      updated_source: "admin",
      updated_at: sql`now()`,
      ...(to.type === "member" ? { joined_at: at } : {}),
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listFullEntriesPage(
  conn: Conn,
  shopId: string,
  customerId: string,
  page: number,
  pageSize: number,
  types: readonly string[] | null = null,
) {
  let base = conn
    .selectFrom("ledger_entries")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId);
  if (types) base = base.where("activity_type", "in", [...types]);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findCustomerForUpdate(trx: Tx, shopId: string, id: string) {
  return trx
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export function setEmailMarketingState(trx: Tx, shopId: string, id: string, state: string, at: Date) {
  return trx
    .updateTable("customers")
    .set({ email_marketing_state: state, email_marketing_updated_at: at })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Many shoppers of one shop, created as guests where new (details never overwritten by unknowns),
 * and locked for the rest of the transaction, in platform-id order (no deadlocks between batches).
 */
export async function upsertCustomers(
  trx: Tx,
  shopId: string,
  customers: readonly NewCustomer[],
): Promise<CustomerRow[]> {
  if (customers.length === 0) return [];
  const sorted = [...customers].sort((a, b) =>
    a.platformCustomerId < b.platformCustomerId ? -1 : a.platformCustomerId > b.platformCustomerId ? 1 : 0,
  );
  // Only new customers and those whose details change are written (and returned); the others
  // are locked all the same by ON CONFLICT, and read below: an unchanged row is never rewritten.
  const written = await trx
    .insertInto("customers")
    .values(
      sorted.map((c) => ({
        shop_id: shopId,
        id: c.id,
        platform_customer_id: c.platformCustomerId,
        email: c.email,
        first_name: c.firstName,
        last_name: c.lastName,
        type: c.type ?? "guest",
        joined_at: c.joinedAt ?? null,
      })),
    )
    .onConflict((oc) =>
      // Unknown details (null) never overwrite known ones: a storefront join knows only the id.
      oc
        .columns(["shop_id", "platform_customer_id"])
        .doUpdateSet({
          email: sql`coalesce(excluded.email, customers.email)`,
          first_name: sql`coalesce(excluded.first_name, customers.first_name)`,
          last_name: sql`coalesce(excluded.last_name, customers.last_name)`,
        })
        .where(
          sql<boolean>`(excluded.email is not null and excluded.email is distinct from customers.email)
            or (excluded.first_name is not null and excluded.first_name is distinct from customers.first_name)
            or (excluded.last_name is not null and excluded.last_name is distinct from customers.last_name)`,
        ),
    )
    .returningAll()
    .execute();
  if (written.length === sorted.length) return written;
  const seen = new Set(written.map((c) => c.platform_customer_id));
  const unchanged = await trx
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where(
      "platform_customer_id",
      "in",
      sorted.flatMap((c) => (seen.has(c.platformCustomerId) ? [] : [c.platformCustomerId])),
    )
    .execute();
  return [...written, ...unchanged];
}

/** Many customers of one shop, locked in id order. */
export function findCustomersForUpdate(
  trx: Tx,
  shopId: string,
  ids: readonly string[],
): Promise<CustomerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "in", [...ids])
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** K-01: one keyset page of the shop's ledger, newest first, with the customer and the program. */
/** K-01's filters of the shop's point activity. */
export interface ShopActivityFilter {
  action?: string | undefined;
  program?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  customer?: string | undefined;
}

/** K-05: how many entries the filters keep (an export's total). */
export async function countShopActivity(conn: Conn, shopId: string, q: ShopActivityFilter): Promise<number> {
  let query = conn
    .selectFrom("ledger_entries as e")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "e.shop_id").onRef("c.id", "=", "e.customer_id"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("e.shop_id", "=", shopId);
  if (q.action) query = query.where("e.activity_type", "=", q.action);
  if (q.program) query = query.where("e.program_id", "=", q.program);
  if (q.from) query = query.where("e.created_at", ">=", q.from);
  if (q.to) query = query.where("e.created_at", "<", q.to);
  if (q.customer)
    query = query.where(
      sql<string>`(lower(c.email) collate "C")`,
      "like",
      likePrefix(q.customer.toLowerCase()),
    );
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function listShopActivity(
  conn: Conn,
  shopId: string,
  q: ShopActivityFilter & { beforeId?: number | undefined; limit: number },
) {
  let query = conn
    .selectFrom("ledger_entries as e")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "e.shop_id").onRef("c.id", "=", "e.customer_id"),
    )
    .leftJoin("programs as p", (j) =>
      j.onRef("p.shop_id", "=", "e.shop_id").onRef("p.id", "=", "e.program_id"),
    )
    .selectAll("e")
    .select(["c.first_name", "c.last_name", "c.email", "p.title as program_title"])
    .where("e.shop_id", "=", shopId);
  if (q.action) query = query.where("e.activity_type", "=", q.action);
  if (q.program) query = query.where("e.program_id", "=", q.program);
  if (q.from) query = query.where("e.created_at", ">=", q.from);
  if (q.to) query = query.where("e.created_at", "<", q.to);
  if (q.customer)
    query = query.where(
      sql<string>`(lower(c.email) collate "C")`,
      "like",
      likePrefix(q.customer.toLowerCase()),
    );
  if (q.beforeId !== undefined) query = query.where("e.id", "<", q.beforeId);
  return query
    .orderBy("e.id", "desc")
    .limit(q.limit + 1)
    .execute();
}

/** J-21: the platform's tags of many customers in one statement; answers the ids that changed. */
export async function setTagsMany(
  trx: Tx,
  shopId: string,
  rows: readonly { id: string; tags: readonly string[] }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = sql.join(rows.map((r) => sql`(${r.id}::text, ${[...r.tags]}::text[])`));
  const r = await sql<{ id: string }>`
    update customers c set tags = v.tags
    from (values ${values}) as v (id, tags)
    where c.shop_id = ${shopId} and c.id = v.id and c.tags is distinct from v.tags
    returning c.id`.execute(trx);
  return r.rows.map((row) => row.id);
}

/** Many customers of one shop by their platform ids (those Laurel knows). */
export function findCustomersByPlatformIds(conn: Conn, shopId: string, platformIds: readonly string[]) {
  if (platformIds.length === 0) return Promise.resolve([] as CustomerRow[]);
  return conn
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("platform_customer_id", "in", [...platformIds])
    .execute();
}

/** Guests among `ids` become members as of `at` (an import's customers, set-based); answers how many. */
export async function markMembers(
  trx: Tx,
  shopId: string,
  ids: readonly string[],
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx
    .updateTable("customers")
    .set({ type: "member", joined_at: at, updated_at: at })
    .where("shop_id", "=", shopId)
    .where("id", "in", [...ids])
    .where("type", "=", "guest")
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Birthdays (MM/DD) of many customers in one statement; answers the ids whose birthday changed. */
export async function setBirthdays(
  trx: Tx,
  shopId: string,
  birthdays: readonly { id: string; month: number; day: number }[],
  source: string,
): Promise<string[]> {
  if (birthdays.length === 0) return [];
  const values = sql.join(
    birthdays.map((b) => sql`(${b.id}::text, ${b.month}::smallint, ${b.day}::smallint)`),
  );
  const r = await sql<{ id: string }>`
    update customers c set birth_month = v.month, birth_day = v.day, updated_source = ${source}, updated_at = now()
    from (values ${values}) as v (id, month, day)
    where c.shop_id = ${shopId} and c.id = v.id
      and (c.birth_month is distinct from v.month or c.birth_day is distinct from v.day)
    returning c.id`.execute(trx);
  return r.rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Sign-up and newsletter syncs (C-27, decision 0165): members who never received an activity

function withoutActivity(conn: Db | Tx, shopId: string, activity: string, subscribedTo: string | null) {
  let q = conn
    .selectFrom("customers as c")
    .where("c.shop_id", "=", shopId)
    .where("c.type", "=", "member")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("ledger_entries as e")
            .select(sql`1`.as("one"))
            .whereRef("e.shop_id", "=", "c.shop_id")
            .whereRef("e.customer_id", "=", "c.id")
            .where("e.activity_type", "=", activity),
        ),
      ),
    );
  if (subscribedTo !== null) q = q.where("c.email_marketing_state", "=", subscribedTo);
  return q;
}

export async function countMembersWithoutActivity(
  conn: Db | Tx,
  shopId: string,
  activity: string,
  subscribedTo: string | null,
): Promise<number> {
  const row = await withoutActivity(conn, shopId, activity, subscribedTo)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Their ids, a page at a time in id order after `after`. */
export async function listMembersWithoutActivity(
  conn: Db | Tx,
  shopId: string,
  activity: string,
  subscribedTo: string | null,
  after: string | null,
  limit: number,
): Promise<string[]> {
  let q = withoutActivity(conn, shopId, activity, subscribedTo).select("c.id");
  if (after !== null) q = q.where("c.id", ">", after);
  const rows = await q.orderBy("c.id").limit(limit).execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The chunked export jobs (customer export J-15, activity export K-05, review exports G-14 and G-16):
// an export row with its
// progress and keyset cursor, and its CSV written as numbered chunks. Both tables share these columns.

/** An export job's table and the table of its CSV chunks. */
export type ExportTables =
  | { exports: "customer_exports"; chunks: "customer_export_chunks" }
  | { exports: "activity_exports"; chunks: "activity_export_chunks" }
  | { exports: "review_exports"; chunks: "review_export_chunks" };

export function insertCustomerExport(trx: Tx, values: Insertable<CustomerExportsTable>) {
  return trx.insertInto("customer_exports").values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertActivityExport(trx: Tx, values: Insertable<ActivityExportsTable>) {
  return trx.insertInto("activity_exports").values(values).returningAll().executeTakeFirstOrThrow();
}

export function findCustomerExport(conn: Conn, shopId: string, id: string, lock?: "forUpdate") {
  let query = conn
    .selectFrom("customer_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function findActivityExport(conn: Conn, shopId: string, id: string, lock?: "forUpdate") {
  let query = conn
    .selectFrom("activity_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertExportChunk(
  trx: Tx,
  tables: ExportTables,
  c: { shopId: string; exportId: string; seq: number; data: string },
) {
  await trx
    .insertInto(tables.chunks)
    .values({ shop_id: c.shopId, export_id: c.exportId, seq: c.seq, data: c.data })
    .execute();
}

/** Records a written page: rows and chunk counted, the cursor moved, done (and finished) when none remain. */
export async function advanceExport(
  trx: Tx,
  tables: ExportTables,
  shopId: string,
  id: string,
  page: { more: boolean; cursor: string | undefined; rows: number; chunks: number; at: Date },
) {
  await trx
    .updateTable(tables.exports)
    .set((eb) => ({
      status: page.more ? "running" : "done",
      ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
      done_rows: eb("done_rows", "+", page.rows),
      chunks: eb("chunks", "+", page.chunks),
      ...(page.more ? {} : { finished_at: page.at }),
    }))
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

/** Marks an export failed while it is still queued or running; a finished one stays as it is. */
export async function markExportFailed(
  conn: Conn,
  tables: ExportTables,
  shopId: string,
  id: string,
  f: { error: string; at: Date },
) {
  await conn
    .updateTable(tables.exports)
    .set({ status: "failed", error: f.error, finished_at: f.at })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "in", ["queued", "running"])
    .execute();
}

/** Deletes the file (chunks) of every shop's exports finished before `before`; answers how many went. */
export async function deleteChunksFinishedBefore(
  conn: Conn,
  tables: ExportTables,
  before: Date,
): Promise<number> {
  const result = await conn
    .deleteFrom(tables.chunks)
    .where(({ eb, exists, selectFrom }) =>
      exists(
        selectFrom(tables.exports)
          .select(sql`1`.as("one"))
          .whereRef(`${tables.exports}.shop_id`, "=", eb.ref(`${tables.chunks}.shop_id`))
          .whereRef(`${tables.exports}.id`, "=", eb.ref(`${tables.chunks}.export_id`))
          .where(`${tables.exports}.finished_at`, "<", before),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Chunks `from` ≤ seq < `to` of an export's CSV, in order. */
export async function listExportChunks(
  conn: Conn,
  tables: ExportTables,
  shopId: string,
  id: string,
  from: number,
  to: number,
) {
  const rows = await conn
    .selectFrom(tables.chunks)
    .select("data")
    .where("shop_id", "=", shopId)
    .where("export_id", "=", id)
    .where("seq", ">=", from)
    .where("seq", "<", to)
    .orderBy("seq")
    .execute();
  return rows.map((r) => r.data);
}
