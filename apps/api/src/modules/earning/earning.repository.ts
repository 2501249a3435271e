import type { Db, Tx } from "@laurel/db";
import { sql } from "kysely";

export interface StandingRow {
  customer_id: string;
  tier_id: string | null;
  orders_counted: number | null;
  spent_minor: number | null;
}

/**
 * What rule conditions and audiences read of customers beside their row, for many at once: the
 * tier they stand in while the shop's tiers are launched, and their running order totals.
 */
export async function loadStandings(
  conn: Db | Tx,
  shopId: string,
  ids: readonly string[],
): Promise<StandingRow[]> {
  if (ids.length === 0) return [];
  const r = await sql<StandingRow>`
    select c.id as customer_id,
      case when tp.status = 'launched' then ct.tier_id end as tier_id,
      tot.orders_counted, tot.spent_minor
    from unnest(${[...ids]}::text[]) as c (id)
    left join customer_tiers ct on ct.shop_id = ${shopId} and ct.customer_id = c.id and ct.program = 'vip'
    left join tier_programs tp on tp.shop_id = ${shopId} and tp.program = 'vip'
    left join customer_order_totals tot on tot.shop_id = ${shopId} and tot.customer_id = c.id`.execute(conn);
  return r.rows;
}
