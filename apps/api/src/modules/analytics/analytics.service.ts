import type {
  AnalyticsFigure,
  AnalyticsQuery,
  AnalyticsReportResponse,
  AnalyticsSeries,
  DashboardResponse,
} from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import {
  averageOrderValue,
  changeFrom,
  checkPlanLimit,
  customDateRange,
  type DateRange,
  DEFAULT_CURRENCY,
  DEFAULT_EXCHANGE_RATE,
  eachDay,
  estimateIncrementality,
  FIRST_ORDER_BANDS_MINOR,
  localDateOf,
  orderPolicyOf,
  pointExpiryPeriod,
  pointFiguresOf,
  pointsToMinorUnits,
  type ResolvedRange,
  redemptionRate,
  resolveDateRange,
  sumPointFigures,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { cycleStartOf } from "../orders/order-facts";
import { listAllProgramRows } from "../programs/programs.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import * as repo from "./analytics.repository";

/** The store's IANA time zone, or UTC when it has none Laurel can use. */
export function timeZoneOf(shop: Pick<ShopRow, "platform_info" | "settings">): string {
  const tz = storeTimeZoneOf(shop);
  if (!tz) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

// ---------------------------------------------------------------------------------------------
// Rollup maintenance (decision 0090)

/**
 * Brings one shop's rollups up to the ledger's settled entries (`through`, from
 * `settledEntryBound`): adds the new entries' deltas to their days and recomputes the order days
 * they and today touch, in one transaction with the watermark, so a run adds each entry once
 * however often it runs or fails. A changed time zone, or `rebuild`, starts the shop again from
 * nothing.
 */
export async function refreshShopAnalytics(
  deps: Deps,
  shop: ShopRow,
  through: number,
  opts: { rebuild?: boolean } = {},
): Promise<void> {
  const timeZone = timeZoneOf(shop);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const state = await repo.lockState(trx, shop.id, timeZone);
    // A shop seen for the first time is built whole: its past orders and members are not in the delta.
    const rebuild = opts.rebuild === true || state.time_zone !== timeZone || state.refreshed_at === null;
    const after = rebuild ? 0 : state.entries_through;
    if (rebuild) await repo.clearRollups(trx, shop.id);
    const upTo = Math.max(after, through);
    const q = { shopId: shop.id, timeZone, after, through: upTo };
    if (upTo > after) await repo.addEntriesToRollups(trx, q);
    if (rebuild) {
      await repo.recomputeOrderDays(trx, { shopId: shop.id, timeZone, days: null });
    } else {
      const today = localDateOf(now, timeZone);
      const days = new Set([today, previousDay(today)]);
      if (upTo > after) for (const d of await repo.orderDaysOfEntries(trx, q)) days.add(d);
      await repo.recomputeOrderDays(trx, { shopId: shop.id, timeZone, days: [...days] });
    }
    // The first-order rollup (decision 0162): the customers whose orders changed, as the order days
    // above, from the orders of the last two days and the entries' orders.
    await repo.recomputeCustomerFirsts(trx, {
      shopId: shop.id,
      rebuild,
      recentSince: new Date(now.getTime() - 2 * 86_400_000),
      after,
      through: upTo,
    });
    await repo.saveState(trx, shop.id, { entriesThrough: upTo, timeZone, now, rebuilt: rebuild });
    await repo.saveTierCounts(trx, shop.id);
  });
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** One pass of the job: every installed shop behind the ledger (or not refreshed for an hour). */
export async function refreshAllAnalytics(deps: Deps): Promise<{ shops: number }> {
  const through = await repo.settledEntryBound(deps.db);
  if (through === null) return { shops: 0 };
  const ids = await repo.listShopsBehind(deps.db, through);
  for (const id of ids) {
    const shop = await deps.db.selectFrom("shops").selectAll().where("id", "=", id).executeTakeFirst();
    if (shop) await refreshShopAnalytics(deps, shop, through);
  }
  return { shops: ids.length };
}

/** Rebuilds one shop's rollups from its whole ledger (on demand; also after a time zone change). */
export async function rebuildShopAnalytics(deps: Deps, shop: ShopRow): Promise<void> {
  const through = (await repo.settledEntryBound(deps.db, 10_000)) ?? 0;
  await refreshShopAnalytics(deps, shop, through, { rebuild: true });
}

/**
 * Catches the shop up before a read when the ledger has moved past its watermark (an indexed
 * probe), at most every few seconds per shop, so figures include what just happened without
 * waiting for the job; a shop nobody writes to is served from its rollups as they are.
 */
const READ_REFRESH_MS = 5_000;
async function catchUp(deps: Deps, shop: ShopRow): Promise<Date | null> {
  const state = await deps.db
    .selectFrom("analytics_state")
    .select(["refreshed_at", "entries_through", "time_zone"])
    .where("shop_id", "=", shop.id)
    .executeTakeFirst();
  const now = deps.clock.now().getTime();
  if (state?.refreshed_at && state.time_zone === timeZoneOf(shop)) {
    const recent = now - state.refreshed_at.getTime() < READ_REFRESH_MS;
    const behind = await repo.hasEntriesAfter(deps.db, shop.id, state.entries_through);
    const stale = now - state.refreshed_at.getTime() > 3_600_000;
    if (recent || (!behind && !stale)) return state.refreshed_at;
  }
  const through = await repo.settledEntryBound(deps.db, 500);
  if (through === null) return state?.refreshed_at ?? null;
  await refreshShopAnalytics(deps, shop, through);
  return deps.clock.now();
}

// ---------------------------------------------------------------------------------------------
// Reports (K-06 … K-09)

/**
 * Where reports read their rollups: the read replica of ANALYTICS_DATABASE_URL when set, else the
 * primary (decision 0160). Rollup maintenance and the catch-up probe always use the primary.
 */
export function reportDb(deps: Deps) {
  return deps.analyticsDatabase?.db ?? deps.db;
}

export function resolveQueryRange(
  q: Pick<AnalyticsQuery, "range" | "from" | "to">,
  today: string,
): ResolvedRange & { key: AnalyticsReportResponse["range"]["key"] } {
  if (q.from && q.to) return { ...customDateRange({ from: q.from, to: q.to }), key: "custom" };
  return { ...resolveDateRange(q.range, today), key: q.range };
}

const inRange = (day: string, r: DateRange) => day >= r.from && day <= r.to;

type PointRow = repo.PointRollupRow;
type OrderRow = repo.OrderRollupRow;

const figure = (
  key: string,
  value: number | null,
  previous: number | null,
  format: AnalyticsFigure["format"],
  link: string | null = null,
): AnalyticsFigure => ({ key, value, previous, change: changeFrom(value, previous), format, link });

function pointTotals(rows: PointRow[], r: DateRange) {
  return sumPointFigures(
    rows
      .filter((x) => inRange(x.day, r))
      .map((x) => ({ activityType: x.activity_type, available: x.available_net, pending: x.pending_net })),
  );
}

function orderTotals(rows: OrderRow[], r: DateRange) {
  const t = {
    orders: 0,
    revenue: 0,
    memberOrders: 0,
    memberRevenue: 0,
    repeatOrders: 0,
    memberRepeatOrders: 0,
    referredOrders: 0,
    referredRevenue: 0,
    assistedOrders: 0,
    assistedRevenue: 0,
    membersJoined: 0,
    referralsCreated: 0,
    referralsCompleted: 0,
    referralsCanceled: 0,
  };
  for (const x of rows) {
    if (!inRange(x.day, r)) continue;
    t.orders += x.orders;
    t.revenue += x.revenue_minor;
    t.memberOrders += x.member_orders;
    t.memberRevenue += x.member_revenue_minor;
    t.repeatOrders += x.repeat_orders;
    t.memberRepeatOrders += x.member_repeat_orders;
    t.referredOrders += x.referred_orders;
    t.referredRevenue += x.referred_revenue_minor;
    t.assistedOrders += x.assisted_orders;
    t.assistedRevenue += x.assisted_revenue_minor;
    t.membersJoined += x.members_joined;
    t.referralsCreated += x.referrals_created;
    t.referralsCompleted += x.referrals_completed;
    t.referralsCanceled += x.referrals_canceled;
  }
  return t;
}
type OrderTotals = ReturnType<typeof orderTotals>;

const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** The figures of one report for one period (the same function gives the previous period's). */
function figuresOf(
  report: AnalyticsQuery["report"],
  p: ReturnType<typeof pointTotals>,
  o: OrderTotals,
  members: number,
): Record<string, { value: number | null; format: AnalyticsFigure["format"] }> {
  const pts = (value: number) => ({ value, format: "points" as const });
  const money = (value: number | null) => ({ value, format: "money" as const });
  const num = (value: number) => ({ value, format: "number" as const });
  const pct = (value: number | null) => ({ value, format: "percent" as const });
  const nonMemberOrders = o.orders - o.memberOrders;
  switch (report) {
    case "overview":
      return {
        pointsEarned: pts(p.earned),
        pointsRedeemed: pts(p.redeemed),
        redemptionRate: pct(redemptionRate(p.redeemed, p.earned)),
        loyaltyMembers: num(members),
        newMembers: num(o.membersJoined),
        referredRevenue: money(o.referredRevenue),
        assistedRevenue: money(o.assistedRevenue),
        memberAov: money(averageOrderValue(o.memberRevenue, o.memberOrders)),
      };
    case "point":
      return {
        pointsEarned: pts(p.earned),
        pointsRedeemed: pts(p.redeemed),
        pointsExpired: pts(p.expired),
        pointsReversed: pts(p.reversed),
        pointsAdjusted: pts(p.adjusted),
        redemptionRate: pct(redemptionRate(p.redeemed, p.earned)),
      };
    case "member":
      return {
        loyaltyMembers: num(members),
        newMembers: num(o.membersJoined),
        memberOrders: num(o.memberOrders),
        memberAov: money(averageOrderValue(o.memberRevenue, o.memberOrders)),
        nonMemberAov: money(averageOrderValue(o.revenue - o.memberRevenue, nonMemberOrders)),
        memberRepeatRate: pct(ratio(o.memberRepeatOrders, o.memberOrders)),
        nonMemberRepeatRate: pct(ratio(o.repeatOrders - o.memberRepeatOrders, nonMemberOrders)),
      };
    case "referral":
      return {
        referralsCreated: num(o.referralsCreated),
        referralsCompleted: num(o.referralsCompleted),
        referralsCanceled: num(o.referralsCanceled),
        completionRate: pct(ratio(o.referralsCompleted, o.referralsCreated)),
        referredOrders: num(o.referredOrders),
        referredRevenue: money(o.referredRevenue),
      };
    case "loyalty-programs":
      return { pointsEarned: pts(p.earned), pointsRedeemed: pts(p.redeemed) };
  }
}

/** The shop activity list filtered to a period (and program): what a figure sums (traceability). */
function activityLink(r: DateRange, extra: Record<string, string> = {}): string {
  return `/customers/activity?${new URLSearchParams({ from: r.from, to: r.to, ...extra }).toString()}`;
}
const pointFigureLinks = new Set([
  "pointsEarned",
  "pointsRedeemed",
  "pointsExpired",
  "pointsReversed",
  "pointsAdjusted",
]);
const singleActivity: Record<string, string> = { pointsExpired: "expire_point" };

/** The daily series of a report over the range (every day present, zeros included). */
function seriesOf(
  report: AnalyticsQuery["report"],
  range: DateRange,
  points: PointRow[],
  orders: OrderRow[],
  opening: number,
): AnalyticsSeries[] {
  const days = eachDay(range);
  const byDay = new Map<string, ReturnType<typeof pointTotals>>();
  for (const x of points) {
    if (!inRange(x.day, range)) continue;
    const f = pointFiguresOf(x.activity_type, x.available_net, x.pending_net);
    const t = byDay.get(x.day) ?? {
      earned: 0,
      redeemed: 0,
      expired: 0,
      reversed: 0,
      adjusted: 0,
      outstanding: 0,
    };
    for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += f[k];
    byDay.set(x.day, t);
  }
  const orderByDay = new Map(orders.map((o) => [o.day, o]));
  const pointSeries = (
    key: string,
    pick: (t: ReturnType<typeof pointTotals>) => number,
  ): AnalyticsSeries => ({
    key,
    format: "points",
    points: days.map((day) => ({
      day,
      value: pick(byDay.get(day) ?? ({} as ReturnType<typeof pointTotals>)) ?? 0,
    })),
  });
  const orderSeries = (
    key: string,
    format: AnalyticsSeries["format"],
    pick: (o: OrderRow) => number,
  ): AnalyticsSeries => ({
    key,
    format,
    points: days.map((day) => {
      const o = orderByDay.get(day);
      return { day, value: o ? pick(o) : 0 };
    }),
  });
  let running = opening;
  const liability: AnalyticsSeries = {
    key: "pointsOutstanding",
    format: "points",
    points: days.map((day) => {
      running += byDay.get(day)?.outstanding ?? 0;
      return { day, value: running };
    }),
  };
  switch (report) {
    case "overview":
    case "loyalty-programs":
      return [pointSeries("pointsEarned", (t) => t.earned), pointSeries("pointsRedeemed", (t) => t.redeemed)];
    case "point":
      return [
        pointSeries("pointsEarned", (t) => t.earned),
        pointSeries("pointsRedeemed", (t) => t.redeemed),
        pointSeries("pointsExpired", (t) => t.expired),
        liability,
      ];
    case "member":
      return [
        orderSeries("newMembers", "number", (o) => o.members_joined),
        orderSeries("memberOrders", "number", (o) => o.member_orders),
      ];
    case "referral":
      return [
        orderSeries("referralsCreated", "number", (o) => o.referrals_created),
        orderSeries("referralsCompleted", "number", (o) => o.referrals_completed),
        orderSeries("referredRevenue", "money", (o) => o.referred_revenue_minor),
      ];
  }
}

/** K-07: points earned (Earning tab) or redeemed (Redeeming tab) per program, with the previous period. */
async function programRows(
  deps: Deps,
  shopId: string,
  tab: "earning" | "redeeming",
  range: ResolvedRange,
  points: PointRow[],
): Promise<AnalyticsReportResponse["programs"]> {
  const titles = await repo.programTitles(reportDb(deps), shopId);
  const rows = new Map<string, { entries: number; points: number; previousPoints: number }>();
  for (const x of points) {
    if (!x.program_id) continue;
    const f = pointFiguresOf(x.activity_type, x.available_net, x.pending_net);
    const value = tab === "earning" ? f.earned : f.redeemed;
    const counts = tab === "earning" ? f.earned !== 0 : f.redeemed !== 0;
    if (!counts) continue;
    const row = rows.get(x.program_id) ?? { entries: 0, points: 0, previousPoints: 0 };
    if (inRange(x.day, range)) {
      row.points += value;
      row.entries += x.entries;
    } else if (inRange(x.day, range.previous)) row.previousPoints += value;
    rows.set(x.program_id, row);
  }
  const wanted = tab === "earning" ? "earning" : "spending";
  for (const [id, p] of titles)
    if (p.type === wanted && !rows.has(id)) rows.set(id, { entries: 0, points: 0, previousPoints: 0 });
  return [...rows.entries()]
    .map(([programId, r]) => ({
      programId,
      title: titles.get(programId)?.title ?? programId,
      type: titles.get(programId)?.type ?? "",
      ...r,
    }))
    .sort((a, b) => b.points - a.points || a.title.localeCompare(b.title));
}

/**
 * The totals of one period (store days, included), from the rollups after catching the shop up:
 * what the weekly report (K-12) and the e-mailed summary tell, the same sums as the pages.
 */
export async function periodTotals(deps: Deps, shop: ShopRow, range: DateRange) {
  await catchUp(deps, shop);
  const db = reportDb(deps);
  const span = { shopId: shop.id, from: range.from, to: range.to };
  const [points, orders, joinedBefore] = await Promise.all([
    repo.readPointRollups(db, span),
    repo.readOrderRollups(db, span),
    repo.readMembersJoinedBefore(db, { shopId: shop.id, before: range.from }),
  ]);
  const o = orderTotals(orders, range);
  return { points: pointTotals(points, range), orders: o, members: joinedBefore + o.membersJoined };
}

/**
 * Members vs comparable non-members whose first order is in the period (decision 0162), from the
 * first-order rollup the refresh keeps (caught up first, like the other figures).
 */
export async function incrementalityOf(deps: Deps, shop: ShopRow, range: DateRange) {
  await catchUp(deps, shop);
  const cells = await repo.readCohortCells(reportDb(deps), {
    shopId: shop.id,
    timeZone: timeZoneOf(shop),
    from: range.from,
    to: range.to,
    bands: FIRST_ORDER_BANDS_MINOR,
  });
  return estimateIncrementality(cells.map(({ spend_minor, ...c }) => ({ ...c, spendMinor: spend_minor })));
}

/** One analytics page (K-06) for a range (K-09) and its previous period, from the rollups. */
export async function getAnalyticsReport(
  deps: Deps,
  shop: ShopRow,
  q: AnalyticsQuery,
): Promise<AnalyticsReportResponse> {
  const refreshedAt = await catchUp(deps, shop);
  const db = reportDb(deps);
  const timeZone = timeZoneOf(shop);
  const range = resolveQueryRange(q, localDateOf(deps.clock.now(), timeZone));
  const span = { shopId: shop.id, from: range.previous.from, to: range.to };
  const [points, orders, openingRows, joinedBefore, joinedBeforePrevious] = await Promise.all([
    repo.readPointRollups(db, span),
    repo.readOrderRollups(db, span),
    repo.readPointTotalsBefore(db, { shopId: shop.id, before: range.from }),
    repo.readMembersJoinedBefore(db, { shopId: shop.id, before: range.from }),
    repo.readMembersJoinedBefore(db, { shopId: shop.id, before: range.previous.from }),
  ]);
  const current = figuresOf(
    q.report,
    pointTotals(points, range),
    orderTotals(orders, range),
    joinedBefore + orderTotals(orders, range).membersJoined,
  );
  const previous = figuresOf(
    q.report,
    pointTotals(points, range.previous),
    orderTotals(orders, range.previous),
    joinedBeforePrevious + orderTotals(orders, range.previous).membersJoined,
  );
  const figures = Object.entries(current).map(([key, f]) =>
    figure(
      key,
      f.value,
      previous[key]?.value ?? null,
      f.format,
      pointFigureLinks.has(key)
        ? activityLink(range, singleActivity[key] ? { action: singleActivity[key] } : {})
        : null,
    ),
  );
  const opening = sumPointFigures(
    openingRows.map((x) => ({
      activityType: x.activity_type,
      available: x.available_net,
      pending: x.pending_net,
    })),
  ).outstanding;
  return {
    report: q.report,
    range: { key: range.key, from: range.from, to: range.to, previous: range.previous },
    timeZone,
    currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
    figures,
    series: seriesOf(q.report, range, points, orders, opening),
    programs:
      q.report === "loyalty-programs"
        ? await programRows(deps, shop.id, q.tab ?? "earning", range, points)
        : [],
    tiers: q.report === "member" ? await repo.readTierDistribution(db, shop.id) : [],
    ...(q.report === "member"
      ? { incrementality: await incrementalityOf(deps, shop, { from: range.from, to: range.to }) }
      : {}),
    refreshedAt: refreshedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Dashboard (A-05, B)

const loggedOrderActivities = ["log_place_order", "log_place_order_b2b", "log_place_order_pending_fulfil"];

export async function getDashboard(deps: Deps, shop: ShopRow): Promise<DashboardResponse> {
  const refreshedAt = await catchUp(deps, shop);
  const db = reportDb(deps);
  const now = deps.clock.now();
  const timeZone = timeZoneOf(shop);
  const today = localDateOf(now, timeZone);
  const range = resolveDateRange("last_30_days", today);
  const span = { shopId: shop.id, from: range.previous.from, to: range.to };
  const [points, orders, allPoints, coupons, programs, ordersThisCycle, joinedBefore, joinedBeforePrevious] =
    await Promise.all([
      repo.readPointRollups(db, span),
      repo.readOrderRollups(db, span),
      repo.readPointTotalsBefore(db, { shopId: shop.id, before: "9999-12-31" }),
      repo.unusedCoupons(db, shop.id, now),
      listAllProgramRows(db, shop.id),
      repo.countOrdersThisCycle(db, shop.id, cycleStartOf(shop, now)),
      repo.readMembersJoinedBefore(db, { shopId: shop.id, before: range.from }),
      repo.readMembersJoinedBefore(db, { shopId: shop.id, before: range.previous.from }),
    ]);
  const cur = figuresOf(
    "overview",
    pointTotals(points, range),
    orderTotals(orders, range),
    joinedBefore + orderTotals(orders, range).membersJoined,
  );
  const prev = figuresOf(
    "overview",
    pointTotals(points, range.previous),
    orderTotals(orders, range.previous),
    joinedBeforePrevious + orderTotals(orders, range.previous).membersJoined,
  );
  const ot = orderTotals(orders, range);
  const op = orderTotals(orders, range.previous);
  const last30Days = [
    figure("orders", ot.orders, op.orders, "number"),
    ...Object.entries(cur).map(([key, f]) =>
      figure(
        key,
        f.value,
        prev[key]?.value ?? null,
        f.format,
        pointFigureLinks.has(key) ? activityLink(range) : null,
      ),
    ),
  ];
  let available = 0;
  let pending = 0;
  let earnedAll = 0;
  let expiredAll = 0;
  for (const x of allPoints) {
    available += x.available_net;
    pending += x.pending_net;
    const f = pointFiguresOf(x.activity_type, x.available_net, x.pending_net);
    earnedAll += f.earned;
    expiredAll += f.expired;
  }
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;
  const rate = shop.settings.exchangeRate ?? DEFAULT_EXCHANGE_RATE;
  const outstanding = Math.max(0, available) + Math.max(0, pending) + coupons.points;
  const expiryOn = pointExpiryPeriod(shop.settings.pointExpiry) !== null;
  const policy = orderPolicyOf({ plan: shop.plan, posExtension: shop.is_enable_pos_pro3 });
  const last7 = { from: previousDayN(today, 6), to: today };
  const notRewarded = points
    .filter((x) => inRange(x.day, last7) && loggedOrderActivities.includes(x.activity_type))
    .reduce((s, x) => s + x.entries, 0);
  const joined7 = orders.filter((x) => inRange(x.day, last7)).reduce((s, x) => s + x.members_joined, 0);
  return {
    currency,
    timeZone,
    plan: {
      ordersThisCycle,
      limit: policy.includedOrders,
      status: checkPlanLimit({ plan: shop.plan, posExtension: shop.is_enable_pos_pro3, ordersThisCycle }),
    },
    liability: {
      points: Math.max(0, available),
      pendingPoints: Math.max(0, pending),
      unusedCouponPoints: coupons.points,
      unusedCoupons: coupons.n,
      valueMinor: safeMinor(() => pointsToMinorUnits(outstanding, rate, currency)),
      // Breakage: the share of all points ever earned that expired, applied to what is outstanding.
      expectedBreakagePoints:
        expiryOn && earnedAll > 0 ? Math.round((Math.max(0, available) * expiredAll) / earnedAll) : null,
    },
    last30Days,
    health: {
      programsOn: programs.filter((p) => p.status === "active").length,
      programsTotal: programs.length,
      membersJoined7Days: joined7,
      ordersNotRewarded7Days: notRewarded,
    },
    refreshedAt: refreshedAt?.toISOString() ?? null,
  };
}

function previousDayN(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

function safeMinor(f: () => number): number | null {
  try {
    return f();
  } catch {
    return null;
  }
}
