/**
 * C-10, B-40 (decision 0124): a rule is paused when the plan is downgraded. Laurel reads `paused`
 * from the shop's plan, as it reads `scheduled` and `expired` from the dates: a switched-on
 * program that uses something the current plan does not include is paused for as long as the plan
 * lacks it, and runs again, untouched, when the merchant upgrades. Nothing is rewritten, so a
 * downgrade and an upgrade cannot leave programs behind, whichever way the plan changes.
 */
import { type PlanFeature, planAllows } from "../plans/features";
import type { PlanRank } from "../plans/plans";
import { type ProgramStatus, type SpendingEvent, spendingEvents } from "./common";
import { placeOrderEvents } from "./earning";
import { isPosEvent, spendingEventFeature } from "./spending";

/** the plan feature each gated earning kind needs. */
const earningKindFeatures: Partial<Record<string, PlanFeature>> = {
  birthday: "birthday_reward",
  write_review: "write_review",
  fill_survey: "fill_survey",
  custom_program: "custom_program",
  google_maps_review: "google_maps_review",
  milestone: "milestone_rewards",
};

const isSpendingEvent = (event: string): event is SpendingEvent =>
  (spendingEvents as readonly string[]).includes(event);

const record = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * Every plan feature a program uses, from its kind and its settings: the kind's own gate (R-02,
 * R-05), the rule engine of a place order rule with conditions (C-18), "B2B partners" and "VIP
 * tier only" audiences (C-22), a reward's POS channel (D-10).
 */
export function programPlanFeatures(program: { event: string; config: unknown }): PlanFeature[] {
  const config = record(program.config);
  const features: PlanFeature[] = [];
  const kind = earningKindFeatures[program.event];
  if (kind) features.push(kind);
  if ((placeOrderEvents as readonly string[]).includes(program.event)) {
    if (config.statusUseCondition === true) features.push("rule_engine");
    if (config.applyTo === "b2b_partner") features.push("b2b_programs");
    if (config.applyTo === "vip_tier") features.push("vip_tiers");
  }
  if (isSpendingEvent(program.event)) {
    const feature = spendingEventFeature(program.event);
    if (feature) features.push(feature);
    const channel = config.channel;
    if (!isPosEvent(program.event) && (channel === "applyPos" || channel === "applyAll")) {
      features.push("pos_programs");
    }
  }
  return features;
}

/** The first feature the plan lacks, which pauses the program; null when the plan has them all. */
export function missingPlanFeature(
  program: { event: string; config: unknown },
  planRank: PlanRank,
): PlanFeature | null {
  return programPlanFeatures(program).find((f) => !planAllows(planRank, f)) ?? null;
}

/**
 * C-10: the status to show and to run by under the shop's plan. Only a switched-on program pauses
 * (`active`, or `scheduled` before its start date); one switched off, or already `expired`, stays.
 */
export function statusUnderPlan(
  status: ProgramStatus,
  program: { event: string; config: unknown },
  planRank: PlanRank,
): ProgramStatus {
  if (status !== "active" && status !== "scheduled") return status;
  return missingPlanFeature(program, planRank) ? "paused" : status;
}
