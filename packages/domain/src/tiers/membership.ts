/**
 * The rest of Membership (issue 10, decision 0115): the daily demotion sweep and its "notify before"
 * (I-06, I-26), pre-tier rewards (I-04, I-13), auto-tagging (I-08) and the member exclusive deal
 * (I-22, I-23). Pure: the clock, the store's time zone and what was already done are parameters.
 */
import { utcOffsetMinutes } from "../earning/store-time";
import {
  addUnits,
  rankedTiers,
  type TierCoupon,
  type TierDef,
  type TierDemotion,
  type TierGrant,
  type TierStanding,
  tierForMetric,
} from "./tiers";

const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The daily demotion sweep (I-06, I-26)

/**
 * The store-local calendar date of an instant (`YYYY-MM-DD`): the sweep runs once per shop per
 * store day, whatever hour the worker wakes up, so this is its "exactly once" key.
 */
export function storeDayOf(now: number, timeZone: string | null): string {
  const local = new Date(now + utcOffsetMinutes(timeZone, new Date(now)) * 60_000);
  return local.toISOString().slice(0, 10);
}

/**
 * I-06: the instant the member next goes down a tier for inactivity: `after` units past their last
 * counting order, then each further `after` units (downgrade) — the first step only for a reset,
 * which takes them to the base at once. Null without demotion, without an order, or when
 * `stepsTaken` already reached the base.
 */
export function nextDemotionAt(
  demotion: TierDemotion | null,
  lastActivityAt: number | null,
  stepsTaken: number,
  stepsAvailable: number,
  timeZone: string | null,
): number | null {
  if (!demotion || demotion.after <= 0 || lastActivityAt === null) return null;
  if (stepsTaken >= stepsAvailable || stepsAvailable <= 0) return null;
  if (demotion.action === "reset_tier" && stepsTaken > 0) return null;
  return addUnits(lastActivityAt, (stepsTaken + 1) * demotion.after, demotion.unit, timeZone);
}

export interface DemotionNotice {
  /** The tier the member is about to leave. */
  tierId: string;
  /** When they leave it (epoch ms). */
  dueAt: number;
  /** Whole days left, rounded up (the e-mail's `{{days}}`). */
  days: number;
  /** The e-mail's occasion: one notice per tier and due instant, whatever the number of sweeps. */
  occasion: string;
}

/**
 * I-26: "notify before" — a member whose next demotion falls within `notifyBeforeDays` of now is
 * told once. The reached tier's index (by the metric) says how far they can fall; `standing` is the
 * tier they hold now (demotion already applied). Exclusive tiers are never demoted (I-17).
 */
export function demotionNoticeFor(input: {
  tiers: readonly TierDef[];
  demotion: TierDemotion | null;
  standing: Pick<TierStanding, "tierId" | "metric" | "exclusive">;
  lastActivityAt: number | null;
  now: number;
  timeZone: string | null;
}): DemotionNotice | null {
  const { demotion, standing } = input;
  if (!demotion || demotion.notifyBeforeDays <= 0 || standing.exclusive || standing.tierId === null) {
    return null;
  }
  const ranked = rankedTiers(input.tiers);
  const reached = tierForMetric(input.tiers, standing.metric);
  const reachedIndex = reached ? ranked.indexOf(reached) : -1;
  const holdIndex = ranked.findIndex((t) => t.id === standing.tierId);
  if (holdIndex <= 0 || reachedIndex < holdIndex) return null;
  const stepsTaken = reachedIndex - holdIndex;
  const dueAt = nextDemotionAt(demotion, input.lastActivityAt, stepsTaken, reachedIndex, input.timeZone);
  if (dueAt === null || dueAt <= input.now) return null;
  if (dueAt - input.now > demotion.notifyBeforeDays * DAY) return null;
  return {
    tierId: standing.tierId,
    dueAt,
    days: Math.ceil((dueAt - input.now) / DAY),
    occasion: `tier-demotion:${standing.tierId}:${new Date(dueAt).toISOString()}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Pre-tier rewards (I-04, I-13)

/** A tier's pre-tier reward: points and/or a coupon, paid once a member comes within reach of it. */
export interface PreTier {
  tierId: string;
  /** The measure (in the basis' unit) at which the reward is paid: above the tier below, below this one. */
  threshold: number;
  points: number;
  coupon?: TierCoupon | null;
}

export const preTierMessages = {
  range: "Pre-tier points must be more than the previous tier and less than this tier",
  exclusive: "An exclusive tier has no pre-tier reward",
} as const;

/** I-13: pre-tier points must exceed the previous tier's milestone and be below this tier's. */
export function validatePreTier(tiers: readonly TierDef[], pre: PreTier): string | null {
  const tier = tiers.find((t) => t.id === pre.tierId);
  if (!tier) return preTierMessages.range;
  if (tier.exclusive) return preTierMessages.exclusive;
  const ranked = rankedTiers(tiers);
  const index = ranked.indexOf(tier);
  const previous = index > 0 ? ranked[index - 1] : undefined;
  if (!previous) return preTierMessages.range;
  return pre.threshold > previous.milestone && pre.threshold < tier.milestone ? null : preTierMessages.range;
}

/**
 * The pre-tier rewards a member's measure earns now: for each tier they have not reached whose
 * threshold they passed, once per tier and period (`granted` holds `tierId|periodKey`). A member
 * who jumps straight past a tier gets its entry reward instead, not the pre-tier one.
 */
export function preTierRewardsFor(
  tiers: readonly TierDef[],
  preTiers: readonly PreTier[],
  standing: Pick<TierStanding, "metric" | "periodKey" | "exclusive">,
  granted: ReadonlySet<string>,
): TierGrant[] {
  if (standing.exclusive) return [];
  const out: TierGrant[] = [];
  for (const pre of preTiers) {
    const tier = tiers.find((t) => t.id === pre.tierId);
    const coupon = pre.coupon ?? null;
    if (!tier || tier.exclusive || (pre.points <= 0 && coupon === null)) continue;
    if (standing.metric < pre.threshold || standing.metric >= tier.milestone) continue;
    if (granted.has(`${tier.id}|${standing.periodKey}`)) continue;
    out.push({ tierId: tier.id, periodKey: standing.periodKey, points: pre.points, coupon });
  }
  return out;
}

/**
 * The coupon of a tier reward as the platform's discount (decision 0135): its value, minimum and
 * end, from the instant it is issued.
 */
export function tierCouponDiscount(
  coupon: TierCoupon,
  issuedAt: number,
): {
  kind: TierCoupon["discountType"];
  value: number;
  minimumSubtotal: number | null;
  endsAt: number | null;
} {
  return {
    kind: coupon.discountType,
    value: coupon.discountType === "free_shipping" ? 0 : coupon.value,
    minimumSubtotal: coupon.minimumSubtotal,
    endsAt: coupon.expiresInDays === null ? null : issuedAt + coupon.expiresInDays * DAY,
  };
}

// ---------------------------------------------------------------------------------------------
// Auto-tagging (I-08)

/** I-08: the platform tag of a tier: `<prefix> <tier name>` (default prefix 'Joy'), at most 255 characters. */
export function tierTag(prefix: string, tierName: string): string {
  const p = prefix.trim();
  return (p ? `${p} ${tierName.trim()}` : tierName.trim()).slice(0, 255);
}

/**
 * I-08: what to change on the customer's platform tags after a move: remove every tag of another
 * tier of the ladder (with this prefix), add the new tier's. Tags the merchant set by hand stay.
 */
export function tierTagChange(
  prefix: string,
  tiers: readonly Pick<TierDef, "id" | "name">[],
  toTierId: string | null,
): { add: string[]; remove: string[] } {
  const target = tiers.find((t) => t.id === toTierId);
  const add = target ? [tierTag(prefix, target.name)] : [];
  const remove = tiers
    .filter((t) => t.id !== toTierId)
    .map((t) => tierTag(prefix, t.name))
    .filter((tag) => !add.includes(tag));
  return { add, remove };
}

// ---------------------------------------------------------------------------------------------
// Member exclusive deal (I-22, I-23)

export const exclusiveDealMessages = {
  endBeforeStart: "The end date must be later than the start date",
  imageTooLarge: "The image must be 200 KB or smaller",
  tiersRequired: "Choose at least one tier",
  valueRange: "The discount value must be between 1 and 100 percent",
  plan: "Member exclusive deal needs the Advanced plan or higher",
} as const;

/** I-22: the deal image is at most 200 KB. */
export const EXCLUSIVE_DEAL_IMAGE_MAX_BYTES = 200 * 1024;

export interface ExclusiveDealRules {
  discountType: "percentage" | "fixed_amount" | "free_items";
  discountValue: number;
  startsAt: string;
  endsAt: string | null;
  eligibility: "all" | "tiers";
  tierIds: readonly string[];
  imageBytes: number;
}

/** I-22: the deal's rules, field by field (the spec's words), empty when valid. */
export function validateExclusiveDeal(d: ExclusiveDealRules): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  if (d.endsAt !== null && Date.parse(d.endsAt) <= Date.parse(d.startsAt)) {
    errors.push({ field: "endsAt", message: exclusiveDealMessages.endBeforeStart });
  }
  if (d.imageBytes > EXCLUSIVE_DEAL_IMAGE_MAX_BYTES) {
    errors.push({ field: "image", message: exclusiveDealMessages.imageTooLarge });
  }
  if (d.eligibility === "tiers" && d.tierIds.length === 0) {
    errors.push({ field: "tierIds", message: exclusiveDealMessages.tiersRequired });
  }
  if (d.discountType === "percentage" && (d.discountValue < 1 || d.discountValue > 100)) {
    errors.push({ field: "discountValue", message: exclusiveDealMessages.valueRange });
  }
  return errors;
}

/** Whether the deal is running at `now` (switched on, within its dates). */
export function exclusiveDealRunning(
  d: { enabled: boolean; startsAt: string; endsAt: string | null },
  now: number,
): boolean {
  return d.enabled && Date.parse(d.startsAt) <= now && (d.endsAt === null || now < Date.parse(d.endsAt));
}

/** I-22: a member may use the deal when it is for everyone or for the tier they hold. */
export function exclusiveDealOpenTo(
  d: { eligibility: "all" | "tiers"; tierIds: readonly string[] },
  tierId: string | null,
): boolean {
  return d.eligibility === "all" || (tierId !== null && d.tierIds.includes(tierId));
}

// ---------------------------------------------------------------------------------------------
// B2B partner tiers' requirements (I-21, X-22)

/** I-21: the platform access B2B partner tiers need (read companies, catalogs, company contacts). */
export const B2B_SCOPES = ["read_companies", "write_publications", "read_customers"] as const;

export interface B2bRequirement {
  key: "app_plan" | "store_plan" | "scopes";
  met: boolean;
}

/**
 * B2B partner tiers need BOTH Laurel's Advanced plan or higher AND the store on Shopify Plus
 * (the platform's B2B exists only there) AND the access scopes of I-21. `grantedScopes` null: not
 * known (never granted).
 */
export function b2bRequirements(input: {
  appPlanAllows: boolean;
  storePlanName: string | null;
  grantedScopes: readonly string[] | null;
}): B2bRequirement[] {
  const plus = /plus/i.test(input.storePlanName ?? "");
  const scopes = input.grantedScopes ?? [];
  return [
    { key: "app_plan", met: input.appPlanAllows },
    { key: "store_plan", met: plus },
    { key: "scopes", met: B2B_SCOPES.every((s) => scopes.includes(s)) },
  ];
}
