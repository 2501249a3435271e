/**
 * The rules of event-driven earning (issue 15, part 2): reviews (G-10 … G-14), Google Maps reviews
 * (G-15, G-16), surveys and custom programs (C-28, C-29), milestones (F-01 … F-08) and growth
 * rewards (F-09). Pure: decisions are data; the API applies them to the ledger.
 */
import { findShopStop, isCustomerEligible, isInAudience } from "../earning/eligibility";
import { isWithinEarningLimit } from "../earning/limits";
import type { EarningCustomer, EarningPriorAward, EarningShop, IsoInstant } from "../earning/types";
import type { PlanTier } from "../plans/plans";
import { effectiveProgramStatus } from "../programs/status";
import type { EventProgram, Milestone, MilestoneConfig, WriteReviewConfig } from "./programs";

/** G-12, X-38. */
export const reviewStatuses = ["pending", "approved", "disapproved"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
/** G-16, X-38. */
export const googleReviewStatuses = ["pending", "approved", "rejected"] as const;
export type GoogleReviewStatus = (typeof googleReviewStatuses)[number];

/** Why an event earns nothing (kept on the record, shown in the activity list). */
export type EventSkipReason =
  | "no_active_program"
  | "not_eligible"
  | "limit_reached"
  | "rating_below_minimum"
  | "too_short"
  | "transaction_limit_reached"
  | "order_limit_reached"
  | "sandbox";

export const eventSkipMessages: Record<EventSkipReason, string> = {
  no_active_program: "No active program",
  not_eligible: "The customer can't earn",
  limit_reached: "Earning limit reached",
  rating_below_minimum: "Rating below the minimum",
  too_short: "Fewer characters than the minimum",
  transaction_limit_reached: "Transaction limit reached",
  order_limit_reached: "Order limit reached",
  sandbox: "Sandbox: not a test e-mail",
};

/** The running program of `event` with the lowest priority (C-09 dates in store time), or null. */
export function activeProgramOf<E extends EventProgram["event"]>(
  programs: readonly EventProgram[],
  event: E,
  now: IsoInstant,
  utcOffsetMinutes: number,
): Extract<EventProgram, { event: E }> | null {
  const running = programs
    .filter((p): p is Extract<EventProgram, { event: E }> => p.event === event)
    .filter((p) => effectiveProgramStatus(p, now, utcOffsetMinutes) === "active")
    .sort((a, b) => a.priority - b.priority);
  return running[0] ?? null;
}

/** Shop-wide stops and the customer's eligibility, as for every program (C-32, J-05, X-71). */
export function eventStop(
  shop: EarningShop,
  customer: EarningCustomer | null,
  audience: { applyTo: WriteReviewConfig["applyTo"]; vipTierIds: readonly string[] } | null,
): EventSkipReason | null {
  const stop = findShopStop(shop, customer?.email ?? null, { countsAsOrder: true });
  if (stop) return stop;
  if (!isCustomerEligible(shop, customer)) return "not_eligible";
  if (audience ? !isInAudience(audience, customer) : customer.state !== "member") return "not_eligible";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reviews (G-10 … G-14)
// ---------------------------------------------------------------------------------------------

export interface ReviewFacts {
  rating: number;
  content: string;
  mediaCount: number;
}

/** Points a qualifying review is worth: the program's points plus the media bonus (G-10). */
export function reviewPointsOf(config: WriteReviewConfig, review: ReviewFacts): number {
  return config.earnPoint + (review.mediaCount > 0 ? config.mediaBonusPoints : 0);
}

export type ReviewArrival =
  | { status: "approved"; pointsDue: number; programId: string; reason: null }
  | { status: "pending"; pointsDue: number; programId: string; reason: null }
  | { status: "disapproved"; pointsDue: 0; programId: string | null; reason: EventSkipReason };

/**
 * G-12, X-38: a review arrives. With no running program, below the minimum rating or characters,
 * it is recorded disapproved (no points). Otherwise `auto` approves it at once and `manual` keeps it
 * pending for the merchant; the points are paid on approval (`decideReviewStatusChange`).
 */
export function decideReviewArrival(input: {
  programs: readonly EventProgram[];
  review: ReviewFacts;
  now: IsoInstant;
  utcOffsetMinutes: number;
}): ReviewArrival {
  const program = activeProgramOf(input.programs, "write_review", input.now, input.utcOffsetMinutes);
  if (!program) return { status: "disapproved", pointsDue: 0, programId: null, reason: "no_active_program" };
  const c = program.config;
  if (input.review.rating < c.minRating) {
    return { status: "disapproved", pointsDue: 0, programId: program.id, reason: "rating_below_minimum" };
  }
  if ([...input.review.content.trim()].length < c.minCharacters) {
    return { status: "disapproved", pointsDue: 0, programId: program.id, reason: "too_short" };
  }
  const pointsDue = reviewPointsOf(c, input.review);
  return c.approval === "auto"
    ? { status: "approved", pointsDue, programId: program.id, reason: null }
    : { status: "pending", pointsDue, programId: program.id, reason: null };
}

export type StatusChange =
  | { action: "none" }
  | { action: "award"; points: number }
  /** `tierPoints`: what the review added to tier progress, taken back even when its points were spent. */
  | { action: "deduct"; points: number; tierPoints: number };

/**
 * G-12, H-01: approval pays what is still due; disapproval takes back what was paid, never below a
 * zero balance (DESIGN §4), and takes the review out of tier progress (never below zero), as a
 * refund does for an order, so approve → disapprove → approve counts the review once.
 */
export function decideReviewStatusChange(input: {
  from: ReviewStatus;
  to: ReviewStatus;
  pointsDue: number;
  pointsPaid: number;
  available: number;
  /** The customer's tier points now. */
  tierPoints: number;
  mayEarn: boolean;
}): StatusChange {
  if (input.from === input.to) return { action: "none" };
  if (input.to === "approved") {
    const owed = Math.max(0, input.pointsDue - input.pointsPaid);
    return input.mayEarn && owed > 0 ? { action: "award", points: owed } : { action: "none" };
  }
  if (input.to === "disapproved" && input.pointsPaid > 0) {
    const take = Math.min(input.pointsPaid, Math.max(0, input.available));
    const tierTake = Math.min(input.pointsPaid, Math.max(0, input.tierPoints));
    return take > 0 || tierTake > 0
      ? { action: "deduct", points: take, tierPoints: tierTake }
      : { action: "none" };
  }
  return { action: "none" };
}

/** C-11 for the event kinds: the program's limit over earlier awards. */
export function isWithinEventLimit(
  program: EventProgram,
  priorAwards: readonly EarningPriorAward[],
  now: IsoInstant,
  utcOffsetMinutes: number,
): boolean {
  if (program.event === "milestone") return true;
  return isWithinEarningLimit(program.id, program.config, priorAwards, now, utcOffsetMinutes);
}

// ---------------------------------------------------------------------------------------------
// Google Maps reviews (G-15, G-16)
// ---------------------------------------------------------------------------------------------

export type GoogleReviewChange =
  | { action: "none" }
  | { action: "award"; points: number }
  | { action: "deduct"; points: number };

/** G-15: on submission the instant points; on approval the rest; on rejection the instant back. */
export function decideGoogleReviewChange(input: {
  from: GoogleReviewStatus;
  to: GoogleReviewStatus;
  earnPoint: number;
  instantPaid: number;
  available: number;
}): GoogleReviewChange {
  if (input.from !== "pending" || input.to === "pending") return { action: "none" };
  if (input.to === "approved") {
    const rest = Math.max(0, input.earnPoint - input.instantPaid);
    return rest > 0 ? { action: "award", points: rest } : { action: "none" };
  }
  const take = Math.min(input.instantPaid, Math.max(0, input.available));
  return take > 0 ? { action: "deduct", points: take } : { action: "none" };
}

// ---------------------------------------------------------------------------------------------
// Milestones (F-01 … F-08)
// ---------------------------------------------------------------------------------------------

/**
 * F-04: the milestones to grant now for a customer whose metric is `metric`, given the values
 * already granted. "all" grants every milestone reached and not yet granted; "highest" grants only
 * the highest one reached, and only when it is above every milestone granted before.
 */
export function milestonesToGrant(
  config: Pick<MilestoneConfig, "progression" | "milestones">,
  metric: number,
  granted: ReadonlySet<number>,
): Milestone[] {
  const reached = config.milestones.filter((m) => m.value <= metric).sort((a, b) => a.value - b.value);
  if (config.progression === "all") return reached.filter((m) => !granted.has(m.value));
  const top = reached.at(-1);
  if (!top || granted.has(top.value)) return [];
  const highestGranted = Math.max(0, ...granted);
  return top.value > highestGranted ? [top] : [];
}

/** F-08: each milestone is granted once; its ledger key. */
export const milestoneKey = (programId: string, customerId: string, value: number) =>
  `milestone:${programId}:${customerId}:${value}`;

// ---------------------------------------------------------------------------------------------
// Growth rewards (F-09, X-33: the merchant's own free orders)
// ---------------------------------------------------------------------------------------------

export const GROWTH_THRESHOLDS = [1, 10, 50, 100, 500] as const;
export const GROWTH_BASE_REWARDS = [5, 10, 20, 50, 100] as const;

/** F-09: advanced × 2, enterprise (Ultimate) × 5, others × 1. */
export function growthPlanFactor(tier: PlanTier): number {
  if (tier === "ultimate") return 5;
  if (tier === "advanced") return 2;
  return 1;
}

export type GrowthRewardState = "locked" | "claimable" | "claimed";
export interface GrowthReward {
  threshold: number;
  freeOrders: number;
  state: GrowthRewardState;
}

/** F-09: each threshold of lifetime orders unlocks free orders; claimable once reached, then claimed. */
export function growthRewardsOf(input: {
  lifetimeOrders: number;
  tier: PlanTier;
  claimed: ReadonlySet<number>;
}): GrowthReward[] {
  const factor = growthPlanFactor(input.tier);
  return GROWTH_THRESHOLDS.map((threshold, i) => ({
    threshold,
    freeOrders: (GROWTH_BASE_REWARDS[i] ?? 0) * factor,
    state: input.claimed.has(threshold)
      ? "claimed"
      : input.lifetimeOrders >= threshold
        ? "claimable"
        : "locked",
  }));
}
