import type { Db, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

export interface ExpiryCandidateRow {
  id: string;
  available_points: number;
  last_activity_at: Date;
}

/**
 * H-08: one shop's customers with points available whose latest point activity (or, with none,
 * their creation) is before `cutoff`, by id after `after`. The latest activity is read backwards
 * on the ledger's (shop, customer, id) index; most customers' latest entry is an activity.
 */
export async function listExpiryCandidates(
  conn: Conn,
  q: {
    shopId: string;
    activityTypes: readonly string[];
    cutoff: Date;
    after: string | null;
    limit: number;
    /** Only customers whose latest activity is at or after this (L-05 reminders: one day's expiries). */
    notBefore?: Date | null;
  },
): Promise<ExpiryCandidateRow[]> {
  const notBefore = q.notBefore ?? null;
  const r = await sql<ExpiryCandidateRow>`
    select c.id, c.available_points, coalesce(last.created_at, c.created_at) as last_activity_at
    from customers c
    left join lateral (
      select e.created_at from ledger_entries e
      where e.shop_id = c.shop_id and e.customer_id = c.id
        and e.activity_type in (${sql.join(q.activityTypes)})
      order by e.id desc
      limit 1
    ) last on true
    where c.shop_id = ${q.shopId}
      and c.available_points > 0
      and (${q.after}::text is null or c.id > ${q.after})
      and coalesce(last.created_at, c.created_at) < ${q.cutoff}
      and (${notBefore}::timestamptz is null or coalesce(last.created_at, c.created_at) >= ${notBefore}::timestamptz)
    order by c.id
    limit ${q.limit}`.execute(conn);
  return r.rows.map((row) => ({ ...row, last_activity_at: new Date(row.last_activity_at) }));
}

/** One customer's latest point activity (read again under the customer's lock before expiring). */
export async function findLastPointActivityAt(
  conn: Conn,
  shopId: string,
  customerId: string,
  activityTypes: readonly string[],
): Promise<Date | undefined> {
  const row = await conn
    .selectFrom("ledger_entries")
    .select("created_at")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("activity_type", "in", [...activityTypes])
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}
