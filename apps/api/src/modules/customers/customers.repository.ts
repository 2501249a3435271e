import type { CustomerRow, CustomerType, Db, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

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
    .set({ email: null, first_name: null, last_name: null, redacted_at: at, ...(type ? { type } : {}) })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
  await trx
    .updateTable("ledger_entries")
    .set({ note: null })
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", id)
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

export async function listCustomersPage(
  conn: Conn,
  shopId: string,
  q: { page: number; pageSize: number; search?: string | undefined; type?: CustomerType | undefined },
) {
  let base = conn.selectFrom("customers").where("shop_id", "=", shopId).where("redacted_at", "is", null);
  if (q.type) base = base.where("type", "=", q.type);
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const search = q.search;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, "like", like),
        eb(sql`lower(first_name)`, "like", like),
        eb(sql`lower(last_name)`, "like", like),
        eb("platform_customer_id", "=", search),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listFullEntriesPage(
  conn: Conn,
  shopId: string,
  customerId: string,
  page: number,
  pageSize: number,
) {
  const base = conn
    .selectFrom("ledger_entries")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId);
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
