/**
 * VIP tiers (issue 10; 002 §3–§5, I-04 … I-18, X-74): which tier a member holds, as a pure function
 * of their history, the tier settings and the instant asked about. The server's live progress (the
 * order effect), the launch/relaunch recalculation and the preview all call these functions, so a
 * member's tier does not depend on which path computed it, nor on the order events arrived in.
 */
import { MILLIS_PER_DAY, utcOffsetMinutes } from "../earning/store-time";

/** I-05: what a tier's milestone counts. */
export const tierBases = ["points_earned", "amount_spent", "orders"] as const;
export type TierBasis = (typeof tierBases)[number];

/** I-06, I-07: the units of cycles and inactivity. */
export const tierUnits = ["day", "week", "month", "year"] as const;
export type TierUnit = (typeof tierUnits)[number];

/** I-06: demotion modes. */
export const tierDemotionActions = ["downgrade_tier", "reset_tier"] as const;
export type TierDemotionAction = (typeof tierDemotionActions)[number];

/**
 * I-06, I-07: the window the milestone is counted over. `lifetime` never resets; `half_year` resets
 * on 1 January and 1 July; `yearly` on a given day and month (e.g. 1 July); `cycle` is an assessment
 * cycle of `every` units from `startDate` (store dates, `YYYY-MM-DD`).
 */
export type TierPeriod =
  | { kind: "lifetime" }
  | { kind: "half_year" }
  | { kind: "yearly"; month: number; day: number }
  | { kind: "cycle"; startDate: string; every: number; unit: TierUnit };

/** I-06: after `after` units without an order, go down one tier (per period of inactivity) or to the base. */
export interface TierDemotion {
  action: TierDemotionAction;
  after: number;
  unit: TierUnit;
  /** I-26: days before the demotion the member is told. */
  notifyBeforeDays: number;
}

export interface TierSettings {
  basis: TierBasis;
  period: TierPeriod;
  demotion: TierDemotion | null;
  /** I-08: customers are tagged `<prefix> <tier name>`. */
  tagPrefix: string;
  /** I-05: tier reward coupons are `<prefix><random>` (cleaned as every code is, D-09). */
  discountPrefix: string;
  /** I-19 (B2B partner tiers, decision 0174): the base tier is not shown to partners. */
  hideDefaultTier?: boolean;
}

/** the defaults the spec leaves open. */
export const DEFAULT_TIER_SETTINGS: TierSettings = {
  basis: "amount_spent",
  period: { kind: "lifetime" },
  demotion: null,
  tagPrefix: "Joy",
  discountPrefix: "VIP",
};

/**
 * A tier reward's coupon (decision 0135): a discount code for the member alone, made on the
 * platform once the reward is granted. Money in minor units, percent 1–100.
 */
export const tierCouponTypes = ["amount", "percentage", "free_shipping"] as const;
export type TierCouponType = (typeof tierCouponTypes)[number];

export interface TierCoupon {
  discountType: TierCouponType;
  /** Minor units (amount), percent (percentage), ignored for free shipping. */
  value: number;
  /** The order subtotal the code needs, minor units (null = none). */
  minimumSubtotal: number | null;
  /** Days the code stays valid after it is issued (null = no end). */
  expiresInDays: number | null;
}

export interface TierDef {
  id: string;
  name: string;
  /** I-04: points, minor units of money or orders, by the basis; the base tier's is 0. */
  milestone: number;
  /** I-17: assigned by hand only; never the first tier. */
  exclusive: boolean;
  /** Entry reward: points credited once per tier reached per period (0 = none). */
  entryPoints: number;
  /** Entry reward: a coupon issued once per tier reached per period (I-09 'tier-up coupon'). */
  entryCoupon?: TierCoupon | null;
}

/**
 * One fact of a member's history, dated by when it counts: an order (amount and count at its order
 * date), a refund or cancellation of it (negative, at the same order date), or tier points from the
 * ledger (at the entry's date). Facts are summed: their order does not matter.
 */
export interface TierFact {
  at: number;
  points: number;
  amount: number;
  orders: number;
}

/** The store-local calendar date of an instant, as UTC fields of a Date. */
function localDate(instant: number, timeZone: string | null): Date {
  return new Date(instant + utcOffsetMinutes(timeZone, new Date(instant)) * 60_000);
}

/** The instant of 00:00 store time on a calendar date (the zone's offset on that date). */
function storeMidnight(year: number, month: number, day: number, timeZone: string | null): number {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - utcOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  return wall - utcOffsetMinutes(timeZone, new Date(first)) * 60_000;
}

/** A calendar date moved `n` units (months clamp to the month's end, 31 Jan + 1 month = 28/29 Feb). */
function addToDate(date: Date, n: number, unit: TierUnit): Date {
  if (unit === "day" || unit === "week") {
    return new Date(date.getTime() + n * (unit === "week" ? 7 : 1) * MILLIS_PER_DAY);
  }
  const months = unit === "year" ? n * 12 : n;
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(date.getUTCDate(), last)));
}

function midnightOf(date: Date, timeZone: string | null): number {
  return storeMidnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone);
}

/** `instant` moved `n` units forward in store time (month ends clamp, DST-correct). */
export function addUnits(instant: number, n: number, unit: TierUnit, timeZone: string | null): number {
  const local = localDate(instant, timeZone);
  const moved = addToDate(local, n, unit);
  return midnightOf(moved, timeZone) + (local.getTime() % MILLIS_PER_DAY);
}

/**
 * The start (epoch ms) of the period containing `now`, at 00:00 in the store's time zone (IANA
 * name; null = UTC); null for lifetime. A cycle that has not started yet counts from its start date.
 */
export function tierPeriodStart(period: TierPeriod, now: number, timeZone: string | null): number | null {
  const local = localDate(now, timeZone);
  const year = local.getUTCFullYear();
  switch (period.kind) {
    case "lifetime":
      return null;
    case "half_year":
      return storeMidnight(year, local.getUTCMonth() < 6 ? 1 : 7, 1, timeZone);
    case "yearly": {
      const thisYear = storeMidnight(year, period.month, period.day, timeZone);
      return thisYear <= now ? thisYear : storeMidnight(year - 1, period.month, period.day, timeZone);
    }
    case "cycle": {
      const [y, m, d] = period.startDate.split("-").map(Number) as [number, number, number];
      const startDate = new Date(Date.UTC(y, m - 1, d));
      const boundary = (k: number) =>
        midnightOf(addToDate(startDate, k * period.every, period.unit), timeZone);
      if (now < boundary(0)) return boundary(0);
      // Jump close by average length, then step exactly (months are uneven).
      const approxDays = { day: 1, week: 7, month: 30.44, year: 365.25 }[period.unit] * period.every;
      let k = Math.max(0, Math.floor((now - boundary(0)) / (approxDays * MILLIS_PER_DAY)) - 1);
      while (boundary(k + 1) <= now) k++;
      while (k > 0 && boundary(k) > now) k--;
      return boundary(k);
    }
  }
}

/** A period's key for "once per tier per period" (entry rewards): its start, or `lifetime`. */
export function tierPeriodKey(start: number | null): string {
  return start === null ? "lifetime" : new Date(start).toISOString();
}

/** The member's measure on the basis over the period (never below 0). */
export function tierMetric(facts: readonly TierFact[], basis: TierBasis, periodStart: number | null): number {
  let sum = 0;
  for (const f of facts) {
    if (periodStart !== null && f.at < periodStart) continue;
    sum += basis === "points_earned" ? f.points : basis === "amount_spent" ? f.amount : f.orders;
  }
  return Math.max(0, sum);
}

/** The tiers a metric can reach, lowest first (exclusive tiers are assigned by hand only). */
export function rankedTiers(tiers: readonly TierDef[]): TierDef[] {
  return tiers.filter((t) => !t.exclusive).sort((a, b) => a.milestone - b.milestone);
}

/** the highest tier whose milestone is at most the metric (the base tier, at 0, at least). */
export function tierForMetric(tiers: readonly TierDef[], metric: number): TierDef | null {
  let found: TierDef | null = null;
  for (const t of rankedTiers(tiers)) if (t.milestone <= metric) found = t;
  return found;
}

/**
 * I-06: how many tiers an inactive member goes down: one per full `after` units since their last
 * activity (downgrade), or all the way (reset) once the first period has passed.
 */
export function demotionSteps(
  demotion: TierDemotion | null,
  lastActivityAt: number | null,
  now: number,
  timeZone: string | null,
  maxSteps: number,
): number {
  if (!demotion || lastActivityAt === null || demotion.after <= 0) return 0;
  let steps = 0;
  while (
    steps < maxSteps &&
    addUnits(lastActivityAt, (steps + 1) * demotion.after, demotion.unit, timeZone) <= now
  )
    steps++;
  return demotion.action === "reset_tier" && steps > 0 ? maxSteps : steps;
}

export interface TierStanding {
  /** Null only when the shop has no tiers. */
  tierId: string | null;
  metric: number;
  periodKey: string;
  exclusive: boolean;
}

export interface EvaluateTierInput {
  tiers: readonly TierDef[];
  settings: TierSettings;
  metric: number;
  lastActivityAt: number | null;
  /** I-17: an exclusive tier assigned by hand overrides the metric while it exists. */
  exclusiveTierId?: string | null;
  now: number;
  timeZone: string | null;
}

/** The member's tier from their measure over the period, demotion and any exclusive assignment. */
export function evaluateTier(input: EvaluateTierInput): TierStanding {
  const start = tierPeriodStart(input.settings.period, input.now, input.timeZone);
  const periodKey = tierPeriodKey(start);
  const exclusive = input.exclusiveTierId
    ? input.tiers.find((t) => t.id === input.exclusiveTierId && t.exclusive)
    : undefined;
  if (exclusive) return { tierId: exclusive.id, metric: input.metric, periodKey, exclusive: true };
  const ranked = rankedTiers(input.tiers);
  const reached = tierForMetric(input.tiers, input.metric);
  if (!reached) return { tierId: null, metric: input.metric, periodKey, exclusive: false };
  const index = ranked.indexOf(reached);
  const down = demotionSteps(input.settings.demotion, input.lastActivityAt, input.now, input.timeZone, index);
  return {
    tierId: ranked[index - down]?.id ?? reached.id,
    metric: input.metric,
    periodKey,
    exclusive: false,
  };
}

/** Everything `evaluateTier` needs, from a member's facts (the reference model of the SQL path). */
export function evaluateTierFromFacts(
  facts: readonly TierFact[],
  rest: Omit<EvaluateTierInput, "metric" | "lastActivityAt">,
): TierStanding {
  const start = tierPeriodStart(rest.settings.period, rest.now, rest.timeZone);
  const metric = tierMetric(facts, rest.settings.basis, start);
  let last: number | null = null;
  for (const f of facts) if (f.orders > 0 && (last === null || f.at > last)) last = f.at;
  return evaluateTier({ ...rest, metric, lastActivityAt: last });
}

/** The position of a tier in the ladder (exclusive tiers rank above the tiers below them by milestone). */
function rankOf(tiers: readonly TierDef[], id: string | null): number {
  if (id === null) return -1;
  const tier = tiers.find((t) => t.id === id);
  if (!tier) return -1;
  return tiers.filter(
    (t) => t.milestone < tier.milestone || (t.milestone === tier.milestone && t.id < tier.id),
  ).length;
}

export type TierMove = "up" | "down" | "same";

export function tierMove(tiers: readonly TierDef[], from: string | null, to: string | null): TierMove {
  if (from === to) return "same";
  return rankOf(tiers, to) > rankOf(tiers, from) ? "up" : "down";
}

/** A reward granted by a tier: points, a coupon, or both (entry and pre-tier rewards). */
export interface TierGrant {
  tierId: string;
  periodKey: string;
  points: number;
  coupon: TierCoupon | null;
}

/**
 * Entry rewards: a member moving up into a tier gets its entry points and/or coupon once per tier
 * per period (`granted` holds `tierId|periodKey` already paid). Only the tier reached is rewarded.
 */
export function entryRewardFor(
  tiers: readonly TierDef[],
  from: string | null,
  to: TierStanding,
  granted: ReadonlySet<string>,
): TierGrant | null {
  if (to.tierId === null || tierMove(tiers, from, to.tierId) !== "up") return null;
  const tier = tiers.find((t) => t.id === to.tierId);
  if (!tier || granted.has(`${tier.id}|${to.periodKey}`)) return null;
  const coupon = tier.entryCoupon ?? null;
  if (tier.entryPoints <= 0 && coupon === null) return null;
  return { tierId: tier.id, periodKey: to.periodKey, points: tier.entryPoints, coupon };
}

/** Progress to the next tier (the widget's `next_rank`), or null at the top or in an exclusive tier. */
export function tierProgress(
  tiers: readonly TierDef[],
  standing: TierStanding,
): { tierId: string; remaining: number; percent: number } | null {
  if (standing.exclusive || standing.tierId === null) return null;
  const ranked = rankedTiers(tiers);
  const current = ranked.findIndex((t) => t.id === standing.tierId);
  const next = ranked.find((t) => t.milestone > standing.metric && ranked.indexOf(t) > current);
  if (!next) return null;
  const from = ranked[current]?.milestone ?? 0;
  const span = next.milestone - from;
  const percent = span <= 0 ? 0 : Math.floor(((standing.metric - from) * 100) / span);
  return {
    tierId: next.id,
    remaining: next.milestone - standing.metric,
    percent: Math.max(0, Math.min(100, percent)),
  };
}

/**
 * I-18: a direct tier change resets the member's tier points to the new tier's entry points (its
 * milestone on a points basis); an exclusive tier is recorded as assigned by hand (I-17).
 */
export function directTierChange(
  tiers: readonly TierDef[],
  tierId: string,
): { tierId: string; exclusive: boolean; tierPoints: number } | null {
  const tier = tiers.find((t) => t.id === tierId);
  if (!tier) return null;
  return { tierId: tier.id, exclusive: tier.exclusive, tierPoints: tier.exclusive ? 0 : tier.milestone };
}

/** I-17: tier points cannot be adjusted while the member holds an exclusive tier. */
export function canAdjustTierPoints(standing: Pick<TierStanding, "exclusive">): boolean {
  return !standing.exclusive;
}
