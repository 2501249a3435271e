import { type PlanId, planTierNames } from "@laurel/contracts";

/** B-07: the name merchants see for a plan id (its tier's name; contracts' `planTierNames`). */
export function planDisplayName(plan: PlanId): string {
  return planTierNames[plan] ?? plan;
}
