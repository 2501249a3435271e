import type { CustomerRow, Db, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

/** Shops with a switched-on birthday or anniversary program (the hourly sweep's fan-out). */
export async function listShopsWithDatePrograms(conn: Conn): Promise<string[]> {
  const rows = await conn
    .selectFrom("programs")
    .innerJoin("shops", "shops.id", "programs.shop_id")
    .select("programs.shop_id")
    .distinct()
    .where("programs.type", "=", "earning")
    .where("programs.event", "in", ["birthday", "member_anniversary"])
    .where("programs.status", "=", "active")
    .where("shops.uninstalled_at", "is", null)
    .execute();
  return rows.map((r) => r.shop_id);
}

/**
 * One page of a shop's members whose birthday month, or month of joining, is among `months`, by id
 * after `after` (decision 0095: a bounded batch per job).
 */
export async function listDateRewardCandidates(
  conn: Conn,
  q: { shopId: string; months: number[]; after: string | null; limit: number },
): Promise<string[]> {
  const r = await sql<{ id: string }>`
    select id from customers
    where shop_id = ${q.shopId} and type = 'member'
      and (birth_month is not null or joined_at is not null)
      and (${q.after}::text is null or id > ${q.after})
      and (birth_month in (${sql.join(q.months)})
           or extract(month from joined_at at time zone 'UTC')::int in (${sql.join(q.months)}))
    order by id
    limit ${q.limit}`.execute(conn);
  return r.rows.map((x) => x.id);
}

export interface AwardRow {
  program_id: string | null;
  activity_type: string;
  available_delta: number;
  idempotency_key: string;
  created_at: Date;
}

/** A customer's entries of some activity types, since an instant (oldest first). */
export async function listAwards(
  conn: Conn,
  q: { shopId: string; customerId: string; types: string[]; since: Date | null },
): Promise<AwardRow[]> {
  let query = conn
    .selectFrom("ledger_entries")
    .select(["program_id", "activity_type", "available_delta", "idempotency_key", "created_at"])
    .where("shop_id", "=", q.shopId)
    .where("customer_id", "=", q.customerId)
    .where("activity_type", "in", q.types);
  if (q.since) query = query.where("created_at", ">=", q.since);
  return query.orderBy("id").execute();
}

/** G-06: the shopper's birthday and when they set it. */
export async function updateBirthday(
  trx: Tx,
  q: { shopId: string; customerId: string; month: number; day: number; at: Date },
): Promise<CustomerRow> {
  return trx
    .updateTable("customers")
    .set({
      birth_month: q.month,
      birth_day: q.day,
      birthday_updated_at: q.at,
      updated_source: "user",
      updated_at: q.at,
    })
    .where("shop_id", "=", q.shopId)
    .where("id", "=", q.customerId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** G-05: the customer's VIP tier, or null. */
export async function findTierId(conn: Conn, shopId: string, customerId: string): Promise<string | null> {
  const row = await conn
    .selectFrom("customer_tiers")
    .select("tier_id")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("program", "=", "vip")
    .executeTakeFirst();
  return row?.tier_id ?? null;
}
