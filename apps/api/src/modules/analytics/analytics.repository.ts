import type { Db, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

/**
 * The ledger id up to which every entry is committed (or rolled back) for good, so a watermark
 * moved to it skips nothing (decision 0090). Ids are taken from one sequence when an insert runs,
 * but commit in any order: an entry with a lower id may still be in flight. Read the sequence's
 * last value first, then the transactions that hold the ledger's insert lock (taken before any id
 * is drawn) and wait, without taking any lock, until they have ended: after that every id up to
 * the value read is settled. The same wait CREATE INDEX CONCURRENTLY does. Answers null when the
 * writers are still running after `maxWaitMs` (the next run tries again).
 */
export async function settledEntryBound(db: Db, maxWaitMs = 2_000): Promise<number | null> {
  const top = await sql<{ s: number | null }>`
    select pg_sequence_last_value(pg_get_serial_sequence('ledger_entries', 'id')::regclass) as s
  `.execute(db);
  const bound = Number(top.rows[0]?.s ?? 0);
  const writers = await sql<{ v: string }>`
    select distinct virtualtransaction as v from pg_locks
    where relation = 'ledger_entries'::regclass and mode = 'RowExclusiveLock' and granted
      and pid is distinct from pg_backend_pid()
  `.execute(db);
  const waitFor = writers.rows.map((r) => r.v);
  const deadline = Date.now() + maxWaitMs;
  while (waitFor.length > 0) {
    const still = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks where virtualtransaction = any(${waitFor}::text[])
    `.execute(db);
    if ((still.rows[0]?.n ?? 0) === 0) break;
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 20));
  }
  return bound;
}

export interface AnalyticsStateRow {
  time_zone: string;
  entries_through: number;
  refreshed_at: Date | null;
}

/** The shop's rollup position, locked for this transaction (one refresh per shop at a time). */
export async function lockState(trx: Tx, shopId: string, timeZone: string): Promise<AnalyticsStateRow> {
  await trx
    .insertInto("analytics_state")
    .values({ shop_id: shopId, time_zone: timeZone })
    .onConflict((oc) => oc.column("shop_id").doNothing())
    .execute();
  return trx
    .selectFrom("analytics_state")
    .select(["time_zone", "entries_through", "refreshed_at"])
    .where("shop_id", "=", shopId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function saveState(
  trx: Tx,
  shopId: string,
  patch: { entriesThrough: number; timeZone: string; now: Date; rebuilt: boolean },
): Promise<void> {
  await trx
    .updateTable("analytics_state")
    .set({
      entries_through: patch.entriesThrough,
      time_zone: patch.timeZone,
      refreshed_at: patch.now,
      updated_at: patch.now,
      ...(patch.rebuilt ? { rebuilt_at: patch.now } : {}),
    })
    .where("shop_id", "=", shopId)
    .execute();
}

/** Forgets the shop's rollups (a rebuild, or a time zone change). */
export async function clearRollups(trx: Tx, shopId: string): Promise<void> {
  await trx.deleteFrom("analytics_points_daily").where("shop_id", "=", shopId).execute();
  await trx.deleteFrom("analytics_orders_daily").where("shop_id", "=", shopId).execute();
  await trx.deleteFrom("analytics_customer_firsts").where("shop_id", "=", shopId).execute();
}

/**
 * Recomputes the first-order rows (decision 0162) of the shop's customers whose orders changed
 * since the last refresh, or of every customer (`rebuild`), from their not-cancelled orders. What
 * changed: the customers with an order placed since `recentSince` (new orders, and the cancels and
 * refunds of recent ones) and those of the orders the ledger entries in (after, through] are
 * about (a member's refund or cancel of an older order). A customer left with no counted order
 * loses their row.
 */
export async function recomputeCustomerFirsts(
  trx: Tx,
  q: { shopId: string; rebuild: boolean; recentSince: Date; after: number; through: number },
): Promise<void> {
  let only = sql`true`;
  if (!q.rebuild) {
    const changed = await sql<{ customer_id: string }>`
      select customer_id from orders
      where shop_id = ${q.shopId} and ordered_at >= ${q.recentSince} and customer_id is not null
      union
      select o.customer_id from ledger_entries e
      join orders o on o.shop_id = e.shop_id and o.order_id = e.source_ref
      where e.shop_id = ${q.shopId} and e.id > ${q.after} and e.id <= ${q.through}
        and e.source_ref is not null and o.customer_id is not null
    `.execute(trx);
    if (changed.rows.length === 0) return;
    only = sql`customer_id = any(${changed.rows.map((r) => r.customer_id)}::text[])`;
  }
  await sql`delete from analytics_customer_firsts where shop_id = ${q.shopId} and ${only}`.execute(trx);
  await sql`
    insert into analytics_customer_firsts (shop_id, customer_id, first_at, first_net_minor, orders, spend_minor)
    select ${q.shopId}, customer_id, min(ordered_at),
      (array_agg(net order by ordered_at, net))[1], count(*), sum(net)
    from (
      select customer_id, ordered_at, greatest(total_minor - refunded_minor, 0) as net
      from orders
      where shop_id = ${q.shopId} and status <> 'cancelled' and customer_id is not null and ${only}
    ) o
    group by customer_id
  `.execute(trx);
}

/**
 * Adds the shop's ledger entries with id in (after, through] to the daily rollups, in one
 * set-based statement; the caller moves the watermark in the same transaction, so a run adds each
 * entry exactly once.
 */
export async function addEntriesToRollups(
  trx: Tx,
  q: { shopId: string; timeZone: string; after: number; through: number },
): Promise<void> {
  await sql`
    insert into analytics_points_daily as t
      (shop_id, day, activity_type, program_id, entries, available_net, pending_net, first_entry_id, last_entry_id)
    select shop_id, (created_at at time zone ${q.timeZone})::date, activity_type, coalesce(program_id, ''),
      count(*), sum(available_delta), sum(pending_delta), min(id), max(id)
    from ledger_entries
    where shop_id = ${q.shopId} and id > ${q.after} and id <= ${q.through}
    group by 1, 2, 3, 4
    on conflict (shop_id, day, activity_type, program_id) do update set
      entries = t.entries + excluded.entries,
      available_net = t.available_net + excluded.available_net,
      pending_net = t.pending_net + excluded.pending_net,
      first_entry_id = least(t.first_entry_id, excluded.first_entry_id),
      last_entry_id = greatest(t.last_entry_id, excluded.last_entry_id)
  `.execute(trx);
}

/** The store days of the orders the entries in (after, through] are about (refunds of old orders). */
export async function orderDaysOfEntries(
  trx: Tx,
  q: { shopId: string; timeZone: string; after: number; through: number },
): Promise<string[]> {
  const r = await sql<{ day: string }>`
    select distinct (o.ordered_at at time zone ${q.timeZone})::date::text as day
    from ledger_entries e
    join orders o on o.shop_id = e.shop_id and o.order_id = e.source_ref
    where e.shop_id = ${q.shopId} and e.id > ${q.after} and e.id <= ${q.through} and e.source_ref is not null
  `.execute(trx);
  return r.rows.map((x) => x.day);
}

/**
 * Recomputes the shop's order, member and referral figures of the given store days (all days when
 * `days` is null) from orders, customers and referrals, replacing what was there.
 *
 * - revenue: an order's total less what was refunded; cancelled orders count for nothing.
 * - member order: the customer was a member when ordering (joined at or before the order).
 * - repeat order: the customer had an earlier, not cancelled, order.
 * - referred: the customer is the friend of a completed referral made before the order.
 * - assisted: a loyalty coupon was used on the order.
 */
export async function recomputeOrderDays(
  trx: Tx,
  q: { shopId: string; timeZone: string; days: string[] | null },
): Promise<void> {
  const all = q.days === null;
  const days = q.days ?? [];
  if (!all && days.length === 0) return;
  const inDays = (col: string) =>
    all ? sql`true` : sql`(${sql.ref(col)} at time zone ${q.timeZone})::date = any(${days}::date[])`;
  await sql`
    delete from analytics_orders_daily where shop_id = ${q.shopId}
    and (${all} or day = any(${days}::date[]))
  `.execute(trx);
  await sql`
    with o as (
      select (o.ordered_at at time zone ${q.timeZone})::date as day,
        greatest(o.total_minor - o.refunded_minor, 0) as net,
        coalesce(c.type = 'member' and c.joined_at is not null and c.joined_at <= o.ordered_at, false) as member,
        (o.customer_id is not null and exists (
          select 1 from orders p where p.shop_id = o.shop_id and p.customer_id = o.customer_id
            and p.ordered_at < o.ordered_at and p.status <> 'cancelled'
        )) as repeat,
        (o.customer_id is not null and exists (
          select 1 from referrals r where r.shop_id = o.shop_id and r.friend_id = o.customer_id
            and r.status = 'completed' and r.created_at <= o.ordered_at
        )) as referred,
        (o.order_id in (
          select cp.used_order_id from coupons cp where cp.shop_id = ${q.shopId} and cp.used_order_id is not null
        )) as assisted
      from orders o
      left join customers c on c.shop_id = o.shop_id and c.id = o.customer_id
      where o.shop_id = ${q.shopId} and o.status <> 'cancelled' and ${inDays("o.ordered_at")}
    ),
    od as (
      select day, count(*) as orders, sum(net) as revenue,
        count(*) filter (where member) as member_orders,
        coalesce(sum(net) filter (where member), 0) as member_revenue,
        count(*) filter (where repeat) as repeat_orders,
        count(*) filter (where repeat and member) as member_repeat_orders,
        count(*) filter (where referred) as referred_orders,
        coalesce(sum(net) filter (where referred), 0) as referred_revenue,
        count(*) filter (where assisted) as assisted_orders,
        coalesce(sum(net) filter (where assisted), 0) as assisted_revenue
      from o group by day
    ),
    md as (
      select (c.joined_at at time zone ${q.timeZone})::date as day, count(*) as joined
      from customers c
      where c.shop_id = ${q.shopId} and c.joined_at is not null and c.type <> 'guest' and ${inDays("c.joined_at")}
      group by 1
    ),
    rc as (
      select (r.created_at at time zone ${q.timeZone})::date as day, count(*) as n
      from referrals r where r.shop_id = ${q.shopId} and ${inDays("r.created_at")} group by 1
    ),
    rd as (
      select (r.completed_at at time zone ${q.timeZone})::date as day, count(*) as n
      from referrals r where r.shop_id = ${q.shopId} and r.status = 'completed' and r.completed_at is not null
        and ${inDays("r.completed_at")} group by 1
    ),
    rx as (
      select (r.canceled_at at time zone ${q.timeZone})::date as day, count(*) as n
      from referrals r where r.shop_id = ${q.shopId} and r.status = 'canceled' and r.canceled_at is not null
        and ${inDays("r.canceled_at")} group by 1
    ),
    d as (
      select day from od union select day from md union select day from rc union select day from rd
      union select day from rx
    )
    insert into analytics_orders_daily (shop_id, day, orders, revenue_minor, member_orders, member_revenue_minor,
      repeat_orders, member_repeat_orders, referred_orders, referred_revenue_minor, assisted_orders,
      assisted_revenue_minor, members_joined, referrals_created, referrals_completed, referrals_canceled)
    select ${q.shopId}, d.day, coalesce(od.orders, 0), coalesce(od.revenue, 0), coalesce(od.member_orders, 0),
      coalesce(od.member_revenue, 0), coalesce(od.repeat_orders, 0), coalesce(od.member_repeat_orders, 0),
      coalesce(od.referred_orders, 0), coalesce(od.referred_revenue, 0), coalesce(od.assisted_orders, 0),
      coalesce(od.assisted_revenue, 0), coalesce(md.joined, 0), coalesce(rc.n, 0), coalesce(rd.n, 0), coalesce(rx.n, 0)
    from d
    left join od on od.day = d.day left join md on md.day = d.day left join rc on rc.day = d.day
    left join rd on rd.day = d.day left join rx on rx.day = d.day
  `.execute(trx);
}

/** Installed shops whose ledger has entries past their rollup watermark (or no rollups yet). */
export async function listShopsBehind(db: Db, through: number): Promise<string[]> {
  const r = await sql<{ id: string }>`
    select s.id from shops s
    left join analytics_state a on a.shop_id = s.id
    where s.uninstalled_at is null
      and (a.shop_id is null or (a.entries_through < ${through} and exists (
        select 1 from ledger_entries e where e.shop_id = s.id and e.id > a.entries_through and e.id <= ${through}
      )) or a.refreshed_at is null or a.refreshed_at < now() - interval '1 hour')
    order by s.id
  `.execute(db);
  return r.rows.map((x) => x.id);
}

export interface PointRollupRow {
  day: string;
  activity_type: string;
  program_id: string;
  entries: number;
  available_net: number;
  pending_net: number;
}

/** The point rollups of days from..to (store dates, included). */
export async function readPointRollups(
  conn: Conn,
  q: { shopId: string; from: string; to: string },
): Promise<PointRollupRow[]> {
  const r = await sql<PointRollupRow>`
    select day::text as day, activity_type, program_id, entries, available_net, pending_net
    from analytics_points_daily
    where shop_id = ${q.shopId} and day between ${q.from}::date and ${q.to}::date
  `.execute(conn);
  return r.rows;
}

/** Net deltas per activity type of every day before `before` (the opening balance). */
export async function readPointTotalsBefore(
  conn: Conn,
  q: { shopId: string; before: string },
): Promise<{ activity_type: string; available_net: number; pending_net: number }[]> {
  const r = await sql<{ activity_type: string; available_net: number; pending_net: number }>`
    select activity_type, sum(available_net)::bigint as available_net, sum(pending_net)::bigint as pending_net
    from analytics_points_daily
    where shop_id = ${q.shopId} and day < ${q.before}::date
    group by activity_type
  `.execute(conn);
  return r.rows.map((x) => ({
    ...x,
    available_net: Number(x.available_net),
    pending_net: Number(x.pending_net),
  }));
}

export interface OrderRollupRow {
  day: string;
  orders: number;
  revenue_minor: number;
  member_orders: number;
  member_revenue_minor: number;
  repeat_orders: number;
  member_repeat_orders: number;
  referred_orders: number;
  referred_revenue_minor: number;
  assisted_orders: number;
  assisted_revenue_minor: number;
  members_joined: number;
  referrals_created: number;
  referrals_completed: number;
  referrals_canceled: number;
}

export async function readOrderRollups(
  conn: Conn,
  q: { shopId: string; from: string; to: string },
): Promise<OrderRollupRow[]> {
  const r = await sql<OrderRollupRow>`
    select day::text as day, orders, revenue_minor, member_orders, member_revenue_minor, repeat_orders,
      member_repeat_orders, referred_orders, referred_revenue_minor, assisted_orders, assisted_revenue_minor,
      members_joined, referrals_created, referrals_completed, referrals_canceled
    from analytics_orders_daily
    where shop_id = ${q.shopId} and day between ${q.from}::date and ${q.to}::date
    order by day
  `.execute(conn);
  return r.rows;
}

/** Members joined on every day before `before` (the opening member count). */
export async function readMembersJoinedBefore(
  conn: Conn,
  q: { shopId: string; before: string },
): Promise<number> {
  const r = await sql<{ n: number | null }>`
    select sum(members_joined)::bigint as n from analytics_orders_daily
    where shop_id = ${q.shopId} and day < ${q.before}::date
  `.execute(conn);
  return Number(r.rows[0]?.n ?? 0);
}

/** Coupons issued and not yet used, revoked or expired: their points and count. */
export async function unusedCoupons(
  conn: Conn,
  shopId: string,
  now: Date,
): Promise<{ n: number; points: number }> {
  const r = await sql<{ n: number; points: number | null }>`
    select count(*)::int as n, sum(points)::bigint as points from coupons
    where shop_id = ${shopId} and status = 'available' and (expires_at is null or expires_at > ${now})
  `.execute(conn);
  return { n: r.rows[0]?.n ?? 0, points: Number(r.rows[0]?.points ?? 0) };
}

/** Program titles by id, for the loyalty program activity report. */
export async function programTitles(
  conn: Conn,
  shopId: string,
): Promise<Map<string, { title: string; type: string }>> {
  const rows = await conn
    .selectFrom("programs")
    .select(["id", "title", "type"])
    .where("shop_id", "=", shopId)
    .execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, type: r.type }]));
}

/** B, X-08: orders processed (rewarded or logged) in the plan's current cycle. */
export async function countOrdersThisCycle(conn: Conn, shopId: string, since: Date): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from orders
    where shop_id = ${shopId} and status in ('rewarded', 'logged') and rewarded_at >= ${since}
  `.execute(conn);
  return r.rows[0]?.n ?? 0;
}

/** Whether the shop has ledger entries past `after` (one probe of the primary key). */
export async function hasEntriesAfter(conn: Conn, shopId: string, after: number): Promise<boolean> {
  const r = await sql<{ x: number }>`
    select 1 as x from ledger_entries where shop_id = ${shopId} and id > ${after} limit 1
  `.execute(conn);
  return r.rows.length > 0;
}

/** K-07: members per tier now (null: in no tier), saved with the shop's rollup state. */
export async function saveTierCounts(trx: Tx, shopId: string): Promise<void> {
  await sql`
    update analytics_state set tier_counts = coalesce((
      select jsonb_agg(jsonb_build_object('tierId', tier_id, 'members', n) order by tier_id)
      from (select tier_id, count(*)::int as n from customer_tiers where shop_id = ${shopId} and program = 'vip' group by tier_id) x
    ), '[]'::jsonb)
    where shop_id = ${shopId}
  `.execute(trx);
}

/** The tier distribution saved at the last refresh, with the tiers' names. */
export async function readTierDistribution(
  conn: Conn,
  shopId: string,
): Promise<{ tierId: string | null; name: string | null; members: number }[]> {
  const state = await conn
    .selectFrom("analytics_state")
    .select("tier_counts")
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
  const counts = state?.tier_counts ?? [];
  if (counts.length === 0) return [];
  const tiers = await conn
    .selectFrom("tiers")
    .select(["id", "name", "milestone"])
    .where("shop_id", "=", shopId)
    .execute();
  const byId = new Map(tiers.map((t) => [t.id, t]));
  return counts
    .map((c) => ({
      tierId: c.tierId,
      name: c.tierId ? (byId.get(c.tierId)?.name ?? null) : null,
      members: c.members,
    }))
    .sort(
      (a, b) =>
        Number(a.tierId ? (byId.get(a.tierId)?.milestone ?? 0) : -1) -
        Number(b.tierId ? (byId.get(b.tierId)?.milestone ?? 0) : -1),
    );
}

// ---------------------------------------------------------------------------------------------
// K-12: the weekly report's settings (migration 0175)

export interface WeeklyReportRow {
  shop_id: string;
  weekly_enabled: boolean;
  weekly_recipients: string[];
  weekly_last_week: string | null;
}

export async function findWeeklyReport(conn: Conn, shopId: string): Promise<WeeklyReportRow | null> {
  const r = await sql<WeeklyReportRow>`
    select shop_id, weekly_enabled, weekly_recipients, weekly_last_week::text as weekly_last_week
    from analytics_report_settings where shop_id = ${shopId}
  `.execute(conn);
  return r.rows[0] ?? null;
}

export async function saveWeeklyReport(
  trx: Tx,
  shopId: string,
  s: { enabled: boolean; recipients: string[] },
): Promise<void> {
  await trx
    .insertInto("analytics_report_settings")
    .values({ shop_id: shopId, weekly_enabled: s.enabled, weekly_recipients: JSON.stringify(s.recipients) })
    .onConflict((oc) =>
      oc.column("shop_id").doUpdateSet({
        weekly_enabled: s.enabled,
        weekly_recipients: JSON.stringify(s.recipients),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** Installed shops with the weekly report on (whether a week is due is decided per shop, in its zone). */
export async function listShopsWithWeeklyReport(db: Db): Promise<string[]> {
  const r = await sql<{ shop_id: string }>`
    select r.shop_id from analytics_report_settings r join shops s on s.id = r.shop_id
    where r.weekly_enabled and s.uninstalled_at is null
    order by r.shop_id
  `.execute(db);
  return r.rows.map((x) => x.shop_id);
}

/** Takes the shop's weekly report for `weekStart` (locks the row): false when it was already sent. */
export async function claimWeeklyReport(trx: Tx, shopId: string, weekStart: string): Promise<boolean> {
  const r = await sql<{ shop_id: string }>`
    update analytics_report_settings set weekly_last_week = ${weekStart}::date, updated_at = now()
    where shop_id = ${shopId} and weekly_enabled
      and (weekly_last_week is null or weekly_last_week < ${weekStart}::date)
    returning shop_id
  `.execute(trx);
  return r.rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Incrementality (decision 0162)

/**
 * Customers whose first (not cancelled) order falls on store days from..to, in groups of first-order
 * month and value band, members (now) apart from non-members (left members are in neither): how many,
 * how many ordered again, and their net spend over all their orders. Reads the first-order rollup
 * (`recomputeCustomerFirsts`) on the analytics connection (the replica when set).
 */
export async function readCohortCells(
  conn: Conn,
  q: { shopId: string; timeZone: string; from: string; to: string; bands: readonly number[] },
): Promise<
  {
    cohort: string;
    band: number;
    member: boolean;
    customers: number;
    repeaters: number;
    spend_minor: number;
  }[]
> {
  const r = await sql<{
    cohort: string;
    band: number;
    member: boolean;
    customers: number;
    repeaters: number;
    spend_minor: string | number;
  }>`
    with bounds as (
      select (${q.from}::date)::timestamp at time zone ${q.timeZone} as lo,
        (${q.to}::date + 1)::timestamp at time zone ${q.timeZone} as hi
    ),
    -- One row per customer whose first order falls in the period (the refresh keeps them, decision
    -- 0162), found through its time index: a year's cohort is that year's new customers, not
    -- every order they placed.
    x as (
      select to_char(f.first_at at time zone ${q.timeZone}, 'YYYY-MM') as cohort,
        width_bucket(f.first_net_minor, ${sql.raw(`array[${q.bands.map((b) => Number(b)).join(",")}]`)}::bigint[]) as band,
        (c.type = 'member' and c.joined_at is not null) as member,
        f.orders, f.spend_minor as spend
      from analytics_customer_firsts f, bounds b, customers c
      where f.shop_id = ${q.shopId} and f.first_at >= b.lo and f.first_at < b.hi
        and c.shop_id = f.shop_id and c.id = f.customer_id and c.type <> 'left'
    )
    select cohort, band, member, count(*)::int as customers,
      count(*) filter (where orders >= 2)::int as repeaters, coalesce(sum(spend), 0)::bigint as spend_minor
    from x group by cohort, band, member
  `.execute(conn);
  return r.rows.map((x) => ({ ...x, spend_minor: Number(x.spend_minor) }));
}
