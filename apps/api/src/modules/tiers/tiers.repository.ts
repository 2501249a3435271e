import type {
  Db,
  TierChangeReason,
  TierProgramKind,
  TierProgramRow,
  TierRow,
  TierRunAction,
  TierRunRow,
  Tx,
} from "@laurel/db";
import type { TierBasis } from "@laurel/domain";
import { sql } from "kysely";

type Conn = Db | Tx;

export function findProgram(
  conn: Conn,
  shopId: string,
  program: TierProgramKind = "vip",
): Promise<TierProgramRow | undefined> {
  return conn
    .selectFrom("tier_programs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .executeTakeFirst();
}

/**
 * Whether any of the shop's tier programs (VIP or B2B) is recalculating now. With `share`, every
 * program row of the shop is share-locked (not only the running ones), so no launch of either
 * program can start until the caller's transaction ends.
 */
export async function anyRunningRun(conn: Conn, shopId: string, share = false): Promise<boolean> {
  let q = conn.selectFrom("tier_programs").select("running_run_id").where("shop_id", "=", shopId);
  if (share) q = q.forShare();
  return (await q.execute()).some((r) => r.running_run_id !== null);
}

/** Whether the customer exists in the shop. */
export async function customerExists(conn: Conn, shopId: string, customerId: string): Promise<boolean> {
  const row = await conn
    .selectFrom("customers")
    .select("id")
    .where("shop_id", "=", shopId)
    .where("id", "=", customerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the customer buys for a company: the one who stands on the B2B ladder. */
export async function isCompanyMember(conn: Conn, shopId: string, customerId: string): Promise<boolean> {
  const row = await conn
    .selectFrom("customers")
    .select("is_b2b")
    .where("shop_id", "=", shopId)
    .where("id", "=", customerId)
    .executeTakeFirst();
  return row?.is_b2b === true;
}

/** The shop's VIP program row, created with the default settings on first use; locked for update. */
export async function lockProgram(
  trx: Tx,
  shopId: string,
  defaults: object,
  program: TierProgramKind = "vip",
): Promise<TierProgramRow> {
  await trx
    .insertInto("tier_programs")
    .values({ shop_id: shopId, program, settings: JSON.stringify(defaults) })
    .onConflict((oc) => oc.columns(["shop_id", "program"]).doNothing())
    .execute();
  return trx
    .selectFrom("tier_programs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updateProgram(
  trx: Tx,
  shopId: string,
  patch: {
    status?: "inactive" | "launched" | "deactivated";
    settings?: object;
    live?: object | null;
    draftChangedAt?: Date;
    launchedAt?: Date;
    runningRunId?: string | null;
  },
  program: TierProgramKind = "vip",
): Promise<void> {
  await trx
    .updateTable("tier_programs")
    .set({
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.settings ? { settings: JSON.stringify(patch.settings) } : {}),
      ...(patch.live !== undefined ? { live: patch.live === null ? null : JSON.stringify(patch.live) } : {}),
      ...(patch.draftChangedAt ? { draft_changed_at: patch.draftChangedAt } : {}),
      ...(patch.launchedAt ? { launched_at: patch.launchedAt } : {}),
      ...(patch.runningRunId !== undefined ? { running_run_id: patch.runningRunId } : {}),
      updated_at: sql`now()`,
    })
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .execute();
}

export function listTiers(conn: Conn, shopId: string, program: TierProgramKind = "vip"): Promise<TierRow[]> {
  return conn
    .selectFrom("tiers")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .orderBy("milestone")
    .orderBy("created_at")
    .execute();
}

export interface TierFields {
  name: string;
  milestone: number;
  exclusive: boolean;
  /** Left as it is when undefined (the tier reward editor owns it). */
  entryPoints?: number;
  icon: string | null;
  cardColor: string | null;
  backgroundColor: string | null;
  perks: string[];
}

const tierColumns = (t: TierFields) => ({
  name: t.name,
  milestone: t.milestone,
  exclusive: t.exclusive,
  ...(t.entryPoints === undefined ? {} : { entry_points: t.entryPoints }),
  icon: t.icon,
  card_color: t.cardColor,
  background_color: t.backgroundColor,
  perks: JSON.stringify(t.perks),
});

export async function insertTier(
  trx: Tx,
  shopId: string,
  id: string,
  t: TierFields,
  program: TierProgramKind = "vip",
): Promise<void> {
  await trx
    .insertInto("tiers")
    .values({ shop_id: shopId, id, program, ...tierColumns(t) })
    .execute();
}

export async function updateTier(trx: Tx, shopId: string, id: string, t: TierFields): Promise<boolean> {
  const r = await trx
    .updateTable("tiers")
    .set({ ...tierColumns(t), updated_at: sql`now()` })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The tier reward editor's fields (decision 0135). */
export async function updateTierRewards(
  trx: Tx,
  shopId: string,
  id: string,
  r: { entryPoints: number; entryCoupon: object | null; preTier: object | null },
): Promise<boolean> {
  const res = await trx
    .updateTable("tiers")
    .set({
      entry_points: r.entryPoints,
      entry_coupon: r.entryCoupon === null ? null : JSON.stringify(r.entryCoupon),
      pre_tier: r.preTier === null ? null : JSON.stringify(r.preTier),
      updated_at: sql`now()`,
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteTier(trx: Tx, shopId: string, id: string): Promise<boolean> {
  const r = await trx
    .deleteFrom("tiers")
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Members per tier in force, and all members. */
export async function countMembersByTier(
  conn: Conn,
  shopId: string,
  program: TierProgramKind = "vip",
): Promise<Map<string | null, number>> {
  const rows = await conn
    .selectFrom("customer_tiers as ct")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "ct.shop_id").onRef("c.id", "=", "ct.customer_id"),
    )
    .select(["ct.tier_id", sql<number>`count(*)::int`.as("n")])
    .where("ct.shop_id", "=", shopId)
    .where("ct.program", "=", program)
    .where("c.type", "=", "member")
    .groupBy("ct.tier_id")
    .execute();
  return new Map(rows.map((r) => [r.tier_id, r.n]));
}

/** The members a program measures: every member for VIP, members of a company for B2B (I-21). */
export async function countMembers(
  conn: Conn,
  shopId: string,
  program: TierProgramKind = "vip",
): Promise<number> {
  let q = conn
    .selectFrom("customers")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("shop_id", "=", shopId)
    .where("type", "=", "member");
  if (program === "b2b") q = q.where("is_b2b", "=", true);
  const r = await q.executeTakeFirstOrThrow();
  return r.n;
}

/** A member's tier in force and what it is measured on, as the engine reads it. */
export interface MemberMeasure {
  customer_id: string;
  tier_id: string | null;
  exclusive: boolean;
  period_key: string | null;
  metric: number;
  stored_metric: number | null;
  last_order_at: Date | null;
}

/** Orders that count toward spend and order count: paid or earned, not cancelled (as `order_counts`). */
const countingOrder = sql`o.status <> 'cancelled' and (o.paid_at is not null or o.status in ('rewarded', 'logged'))`;

/**
 * The set-based half of the tier rule (the other half is `evaluateTier`): each member's measure on
 * the basis since the period start (`tierMetric` of the domain over their orders or ledger), and
 * their last counting order (demotion). One statement for a page of members, or for given members.
 * Over a member's lifetime the measure is a running total (tier points on the customer row, by the ledger;
 * spend, order count and last order in `customer_order_totals`, by PostgreSQL from the orders, migration 0070), so
 * it costs the same at a member's thousandth order as at their first (decision 0071); over an
 * assessment cycle it sums the cycle's orders or entries.
 */
export function measureMembers(
  conn: Conn,
  shopId: string,
  basis: TierBasis,
  periodStart: Date | null,
  which: { customerIds: readonly string[] } | { after: string | null; limit: number },
  program: TierProgramKind = "vip",
): Promise<MemberMeasure[]> {
  const metric =
    basis === "points_earned"
      ? periodStart
        ? sql`coalesce((select sum(l.tier_points_delta) from ledger_entries l
            where l.shop_id = c.shop_id and l.customer_id = c.id and l.created_at >= ${periodStart}), 0)`
        : sql`c.tier_points`
      : basis === "amount_spent"
        ? periodStart
          ? sql`coalesce((select sum(o.total_minor - o.refunded_minor) from orders o
            where o.shop_id = c.shop_id and o.customer_id = c.id and ${countingOrder}
              and o.ordered_at >= ${periodStart}), 0)`
          : sql`coalesce(tot.spent_minor, 0)`
        : periodStart
          ? sql`(select count(*) from orders o
            where o.shop_id = c.shop_id and o.customer_id = c.id and ${countingOrder}
              and o.refunded_minor < o.total_minor and o.ordered_at >= ${periodStart})`
          : sql`coalesce(tot.orders_counted, 0)`;
  // J-11 (decision 0167): the measure a tier import or migration brought, a fact dated when it was
  // imported: it counts over a lifetime, and in a period that started before it was imported.
  // Imported measures are VIP ones; B2B partner tiers measure company members only (decision 0174).
  const baseline =
    program === "b2b"
      ? sql`0`
      : periodStart
        ? sql`coalesce(case when b.counted_from >= ${periodStart} then b.value end, 0)`
        : sql`coalesce(b.value, 0)`;
  // C-30 (decision 0178): the order history a migration brought (orders, amount spent), a fact
  // dated when it was migrated, counted as the baseline is. VIP only, as the baseline.
  const migratedValue =
    basis === "amount_spent" ? sql`mo.spent_minor` : basis === "orders" ? sql`mo.order_count` : null;
  const migrated =
    program === "b2b" || migratedValue === null
      ? sql`0`
      : periodStart
        ? sql`coalesce(case when mo.counted_from >= ${periodStart} then ${migratedValue} end, 0)`
        : sql`coalesce(${migratedValue}, 0)`;
  const companies = program === "b2b" ? sql`and c.is_b2b` : sql``;
  const filter =
    "customerIds" in which
      ? sql`and c.id = any(${[...which.customerIds]}::text[])`
      : which.after === null
        ? sql``
        : sql`and c.id > ${which.after}`;
  const limit = "customerIds" in which ? sql`` : sql`limit ${which.limit}`;
  return sql<MemberMeasure>`
    select c.id as customer_id, ct.tier_id, coalesce(ct.exclusive, false) as exclusive, ct.period_key,
      greatest(0, (${metric})::bigint + (${baseline})::bigint + (${migrated})::bigint)::bigint as metric,
      ct.metric as stored_metric,
      tot.last_order_at
    from customers c
    left join customer_tiers ct on ct.shop_id = c.shop_id and ct.customer_id = c.id and ct.program = ${program}
    left join customer_order_totals tot on tot.shop_id = c.shop_id and tot.customer_id = c.id
    left join customer_tier_baselines b on b.shop_id = c.shop_id and b.customer_id = c.id and b.basis = ${basis}
    left join customer_migrated_orders mo on mo.shop_id = c.shop_id and mo.customer_id = c.id
    where c.shop_id = ${shopId} and c.type = 'member' ${companies} ${filter}
    order by c.id
    ${limit}`
    .execute(conn)
    .then((r) =>
      r.rows.map((row) => ({
        ...row,
        metric: Number(row.metric),
        stored_metric: row.stored_metric === null ? null : Number(row.stored_metric),
      })),
    );
}

/**
 * J-11 (decision 0167): sets members' imported measures on a basis in one statement; answers the
 * members whose measure changed (the same value again changes nothing, nor its date).
 */
export async function upsertBaselines(
  trx: Tx,
  shopId: string,
  basis: TierBasis,
  rows: readonly { customerId: string; value: number }[],
  importId: string,
  at: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const changed = await trx
    .insertInto("customer_tier_baselines")
    .values(
      rows.map((r) => ({
        shop_id: shopId,
        customer_id: r.customerId,
        basis,
        value: r.value,
        counted_from: at,
        import_id: importId,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(["shop_id", "customer_id", "basis"])
        .doUpdateSet((eb) => ({
          value: eb.ref("excluded.value"),
          counted_from: eb.ref("excluded.counted_from"),
          import_id: eb.ref("excluded.import_id"),
          updated_at: eb.ref("excluded.updated_at"),
        }))
        .where(sql<boolean>`customer_tier_baselines.value is distinct from excluded.value`),
    )
    .returning("customer_id")
    .execute();
  return new Set(changed.map((r) => r.customer_id));
}

/** Entry (or pre-tier) rewards already paid to these members in this period (`tierId|periodKey`). */
export async function grantedEntryRewards(
  conn: Conn,
  shopId: string,
  customerIds: readonly string[],
  periodKey: string,
  kind: GrantKind = "entry",
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (customerIds.length === 0) return out;
  const rows = await conn
    .selectFrom("tier_entry_grants")
    .select(["customer_id", "tier_id", "period_key"])
    .where("shop_id", "=", shopId)
    .where("customer_id", "in", [...customerIds])
    .where("period_key", "=", periodKey)
    .where("kind", "=", kind)
    .execute();
  for (const r of rows) {
    const set = out.get(r.customer_id) ?? new Set<string>();
    set.add(`${r.tier_id}|${r.period_key}`);
    out.set(r.customer_id, set);
  }
  return out;
}

export interface StandingWrite {
  customerId: string;
  tierId: string | null;
  metric: number;
  exclusive: boolean;
  periodKey: string;
  moved: boolean;
}

/** Writes members' standings in one statement (only those that changed are passed). */
export async function upsertStandings(
  trx: Tx,
  shopId: string,
  rows: readonly StandingWrite[],
  at: Date,
  program: TierProgramKind = "vip",
) {
  if (rows.length === 0) return;
  await trx
    .insertInto("customer_tiers")
    .values(
      rows.map((r) => ({
        shop_id: shopId,
        customer_id: r.customerId,
        program,
        tier_id: r.tierId,
        metric: r.metric,
        exclusive: r.exclusive,
        period_key: r.periodKey,
        changed_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["shop_id", "customer_id", "program"]).doUpdateSet((eb) => ({
        tier_id: eb.ref("excluded.tier_id"),
        metric: eb.ref("excluded.metric"),
        exclusive: eb.ref("excluded.exclusive"),
        period_key: eb.ref("excluded.period_key"),
        changed_at: sql`case when customer_tiers.tier_id is distinct from excluded.tier_id
          then excluded.changed_at else customer_tiers.changed_at end`,
      })),
    )
    .execute();
}

export async function insertChanges(
  trx: Tx,
  shopId: string,
  rows: readonly {
    customerId: string;
    from: string | null;
    to: string | null;
    reason: TierChangeReason;
    sourceRef: string | null;
  }[],
  at: Date,
) {
  if (rows.length === 0) return;
  await trx
    .insertInto("tier_changes")
    .values(
      rows.map((r) => ({
        shop_id: shopId,
        customer_id: r.customerId,
        from_tier_id: r.from,
        to_tier_id: r.to,
        reason: r.reason,
        source_ref: r.sourceRef,
        created_at: at,
      })),
    )
    .execute();
}

/**
 * J-04: a member's tier changes, newest first, a page at a time, with the tiers' names (null for
 * no tier, or for a tier deleted since), and how many there are.
 */
export async function listChangesPage(
  conn: Db | Tx,
  shopId: string,
  customerId: string,
  page: number,
  pageSize: number,
) {
  const [rows, count] = await Promise.all([
    conn
      .selectFrom("tier_changes as c")
      .leftJoin("tiers as f", (j) =>
        j.onRef("f.shop_id", "=", "c.shop_id").onRef("f.id", "=", "c.from_tier_id"),
      )
      .leftJoin("tiers as t", (j) =>
        j.onRef("t.shop_id", "=", "c.shop_id").onRef("t.id", "=", "c.to_tier_id"),
      )
      .select([
        "c.id",
        "c.from_tier_id",
        "c.to_tier_id",
        "c.reason",
        "c.source_ref",
        "c.created_at",
        "f.name as from_name",
        "t.name as to_name",
      ])
      .where("c.shop_id", "=", shopId)
      .where("c.customer_id", "=", customerId)
      .orderBy("c.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    conn
      .selectFrom("tier_changes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("shop_id", "=", shopId)
      .where("customer_id", "=", customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Records entry rewards; answers those that were not paid before (the others are replays). */
export type GrantKind = "entry" | "pre_tier";

export interface GrantRow {
  customerId: string;
  tierId: string;
  periodKey: string;
  kind: GrantKind;
  points: number;
  coupon: object | null;
  couponCode: string | null;
}

/** Inserts grants once per member, tier, period and kind; returns those that are new. */
export async function insertGrants(
  trx: Tx,
  shopId: string,
  rows: readonly GrantRow[],
  at: Date,
): Promise<
  {
    customer_id: string;
    tier_id: string;
    period_key: string;
    points: number;
    kind: GrantKind;
    coupon_code: string | null;
  }[]
> {
  if (rows.length === 0) return [];
  return trx
    .insertInto("tier_entry_grants")
    .values(
      rows.map((r) => ({
        shop_id: shopId,
        customer_id: r.customerId,
        tier_id: r.tierId,
        period_key: r.periodKey,
        kind: r.kind,
        points: r.points,
        coupon: r.coupon === null ? null : JSON.stringify(r.coupon),
        coupon_code: r.couponCode,
        coupon_status: r.coupon === null ? null : ("to_issue" as const),
        granted_at: at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(["customer_id", "tier_id", "period_key", "points", "kind", "coupon_code"])
    .execute();
}

/**
 * Granted coupons not yet made on the platform, oldest first, after `after` (keyset: one job run
 * meets each grant once, even those it fails), optionally only the given codes.
 */
export function couponsToIssue(
  conn: Conn,
  shopId: string,
  limit: number,
  after: { grantedAt: Date; code: string } | null,
  codes: readonly string[] | null,
) {
  let q = conn
    .selectFrom("tier_entry_grants as g")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "g.shop_id").onRef("c.id", "=", "g.customer_id"),
    )
    .select([
      "g.customer_id",
      "g.tier_id",
      "g.period_key",
      "g.kind",
      "g.coupon",
      "g.coupon_code",
      "g.granted_at",
      "c.platform_customer_id",
    ])
    .where("g.shop_id", "=", shopId)
    .where("g.coupon_status", "=", "to_issue")
    .where("g.coupon_code", "is not", null);
  if (codes !== null) q = q.where("g.coupon_code", "in", codes.length > 0 ? codes : [""]);
  if (after !== null)
    q = q.where((eb) =>
      eb(eb.refTuple("g.granted_at", "g.coupon_code"), ">", eb.tuple(after.grantedAt, after.code)),
    );
  return q.orderBy("g.granted_at").orderBy("g.coupon_code").limit(limit).execute();
}

export interface GrantKey {
  customerId: string;
  tierId: string;
  periodKey: string;
  kind: GrantKind;
}

/** Marks a granted coupon issued (once: a second caller finds it issued and changes nothing). */
export async function markCouponIssued(
  trx: Tx,
  shopId: string,
  g: GrantKey,
  platformDiscountId: string,
): Promise<boolean> {
  const r = await trx
    .updateTable("tier_entry_grants")
    .set((eb) => ({
      coupon_status: "issued",
      platform_discount_id: platformDiscountId,
      coupon_attempts: eb("coupon_attempts", "+", 1),
    }))
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", g.customerId)
    .where("tier_id", "=", g.tierId)
    .where("period_key", "=", g.periodKey)
    .where("kind", "=", g.kind)
    .where("coupon_status", "=", "to_issue")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Records a refused platform call for a coupon still to issue: one more attempt, the error and when. */
export async function recordCouponFailure(
  conn: Conn,
  shopId: string,
  g: GrantKey,
  error: string,
  at: Date,
): Promise<void> {
  await conn
    .updateTable("tier_entry_grants")
    .set((eb) => ({
      coupon_attempts: eb("coupon_attempts", "+", 1),
      coupon_error: error,
      coupon_failed_at: at,
    }))
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", g.customerId)
    .where("tier_id", "=", g.tierId)
    .where("period_key", "=", g.periodKey)
    .where("kind", "=", g.kind)
    .where("coupon_status", "=", "to_issue")
    .execute();
}

/**
 * Stuck coupons (decision 0173): still to issue, and either refused by the platform at least once
 * or granted before `staleBefore`; optionally only the given codes.
 */
function stuckCoupons(conn: Conn, shopId: string, staleBefore: Date, codes: readonly string[] | null) {
  let q = conn
    .selectFrom("tier_entry_grants as g")
    .where("g.shop_id", "=", shopId)
    .where("g.coupon_status", "=", "to_issue")
    .where("g.coupon_code", "is not", null)
    .where((eb) => eb.or([eb("g.coupon_error", "is not", null), eb("g.granted_at", "<", staleBefore)]));
  if (codes !== null) q = q.where("g.coupon_code", "in", codes.length > 0 ? codes : [""]);
  return q;
}

/** Which of the given codes are stuck. */
export async function stuckCouponCodes(
  conn: Conn,
  shopId: string,
  staleBefore: Date,
  codes: readonly string[],
): Promise<string[]> {
  const rows = await stuckCoupons(conn, shopId, staleBefore, codes).select("g.coupon_code").execute();
  return rows.flatMap((r) => (r.coupon_code === null ? [] : [r.coupon_code]));
}

/** A page of stuck coupons, newest grant first, with the member. */
export function listStuckCoupons(
  conn: Conn,
  shopId: string,
  staleBefore: Date,
  page: { limit: number; offset: number },
) {
  return stuckCoupons(conn, shopId, staleBefore, null)
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "g.shop_id").onRef("c.id", "=", "g.customer_id"),
    )
    .select([
      "g.coupon_code",
      "g.customer_id",
      "g.tier_id",
      "g.kind",
      "g.granted_at",
      "g.coupon_attempts",
      "g.coupon_error",
      "g.coupon_failed_at",
      "c.first_name",
      "c.last_name",
      "c.email",
    ])
    .orderBy("g.granted_at", "desc")
    .orderBy("g.coupon_code", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many coupons are stuck, of all or of the given codes. */
export async function countStuckCoupons(
  conn: Conn,
  shopId: string,
  staleBefore: Date,
  codes: readonly string[] | null,
): Promise<number> {
  const row = await stuckCoupons(conn, shopId, staleBefore, codes)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRun(
  trx: Tx,
  run: {
    shopId: string;
    id: string;
    action: TierRunAction;
    total: number;
    changeNotes: string | null;
    grantEntryRewards: boolean;
    actorEmail: string | null;
    done: boolean;
    at: Date;
    program?: TierProgramKind;
  },
): Promise<void> {
  await trx
    .insertInto("tier_runs")
    .values({
      shop_id: run.shopId,
      id: run.id,
      program: run.program ?? "vip",
      action: run.action,
      status: run.done ? "done" : "running",
      total: run.total,
      done: run.done ? run.total : 0,
      change_notes: run.changeNotes,
      grant_entry_rewards: run.grantEntryRewards,
      actor_email: run.actorEmail,
      created_at: run.at,
      finished_at: run.done ? run.at : null,
    })
    .execute();
}

export function findRun(conn: Conn, shopId: string, id: string): Promise<TierRunRow | undefined> {
  return conn
    .selectFrom("tier_runs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function latestRun(
  conn: Conn,
  shopId: string,
  program: TierProgramKind = "vip",
): Promise<TierRunRow | undefined> {
  return conn
    .selectFrom("tier_runs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function listRuns(
  conn: Conn,
  shopId: string,
  limit: number,
  program: TierProgramKind = "vip",
): Promise<TierRunRow[]> {
  return conn
    .selectFrom("tier_runs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .orderBy("seq", "desc")
    .limit(limit)
    .execute();
}

export async function advanceRun(
  trx: Tx,
  shopId: string,
  id: string,
  processed: number,
  cursor: string | null,
) {
  await trx
    .updateTable("tier_runs")
    .set({ done: sql`done + ${processed}`, cursor })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export async function finishRun(
  trx: Tx,
  shopId: string,
  id: string,
  status: "done" | "failed",
  error: string | null,
  at: Date,
) {
  await trx
    .updateTable("tier_runs")
    .set({ status, error, finished_at: at, ...(status === "done" ? { done: sql`total` } : {}) })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
  await trx
    .updateTable("tier_programs")
    .set({ running_run_id: null })
    .where("shop_id", "=", shopId)
    .where("running_run_id", "=", id)
    .execute();
}

/** I-12: active programs that give VIP tier rewards (deactivation waits for them). */
export async function countTierRewardPrograms(conn: Conn, shopId: string): Promise<number> {
  const r = await conn
    .selectFrom("programs")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("shop_id", "=", shopId)
    .where("type", "in", ["tier_spending", "tier_privileges", "pre_tier_reward"])
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return r.n;
}

/** C-31: place-order programs limited to VIP tiers apply to all members once tiers are off. */
export async function openVipOnlyPrograms(trx: Tx, shopId: string): Promise<void> {
  await sql`
    update programs set config = jsonb_set(config, '{applyTo}', '"member"') || '{"vipTierIds": []}'::jsonb,
      updated_at = now()
    where shop_id = ${shopId} and event = 'place_order' and config->>'applyTo' = 'vip_tier'`.execute(trx);
}

/** Whether the member stands in an exclusive tier assigned by hand (I-17). */
export async function isExclusiveStanding(conn: Conn, shopId: string, customerId: string): Promise<boolean> {
  const row = await conn
    .selectFrom("customer_tiers")
    .select("exclusive")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("program", "=", "vip")
    .executeTakeFirst();
  return Boolean(row?.exclusive);
}

/** A member's issued tier reward coupons, newest first (at most 20). */
export function issuedCoupons(conn: Conn, shopId: string, customerId: string) {
  return conn
    .selectFrom("tier_entry_grants")
    .select(["tier_id", "kind", "coupon", "coupon_code", "granted_at"])
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("coupon_status", "=", "issued")
    .orderBy("granted_at", "desc")
    .limit(20)
    .execute();
}

/** Members standing in a tier, by id after `after` (keyset pages for the manual tag sync). */
export async function standingMemberIds(
  conn: Conn,
  shopId: string,
  after: string | null,
  limit: number,
  program: TierProgramKind = "vip",
) {
  let q = conn
    .selectFrom("customer_tiers")
    .select("customer_id")
    .where("shop_id", "=", shopId)
    .where("program", "=", program)
    .where("tier_id", "is not", null);
  if (after !== null) q = q.where("customer_id", ">", after);
  return (await q.orderBy("customer_id").limit(limit).execute()).map((r) => r.customer_id);
}
