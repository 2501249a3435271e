/**
 * Laurel's plans as the engine sees them (B-06, B-07, X-03, X-04, X-06). Plan ids map to five
 * tiers ranked by price; gates compare ranks with ≥.
 */

/**
 * B-06. contracts keeps the wire copy (the domain imports no workspace package), checked by
 * apps/api/test/vocabularies.test.ts.
 */
export const planIds = [
  "free",
  "pro",
  "pro_2",
  "pro_3",
  "pro_4",
  "pro_3_2024",
  "pro_4_2024",
  "pro_3_2025",
  "pro_4_2025",
  "advanced",
  "enterprise",
  "advanced_2025",
  "enterprise_2025",
] as const;
export type PlanId = (typeof planIds)[number];

/** Starter < Essential < Essential + POS < Advanced < Ultimate. */
export const planRanks = {
  starter: 0,
  essential: 1,
  essential_pos: 2,
  advanced: 3,
  ultimate: 4,
} as const;
export type PlanTier = keyof typeof planRanks;
export type PlanRank = (typeof planRanks)[PlanTier];

const tierByPlanId: Record<PlanId, PlanTier> = {
  free: "starter",
  pro: "essential",
  pro_2: "essential",
  pro_3: "essential",
  pro_3_2024: "essential",
  pro_3_2025: "essential",
  pro_4: "essential_pos",
  pro_4_2024: "essential_pos",
  pro_4_2025: "essential_pos",
  advanced: "advanced",
  advanced_2025: "advanced",
  enterprise: "ultimate",
  enterprise_2025: "ultimate",
};

/** B-07 display names; legacy `pro`/`pro_2` subscribers still see "Professional". */
const displayNames: Record<PlanTier, string> = {
  starter: "Starter",
  essential: "Essential",
  essential_pos: "Essential + POS",
  advanced: "Advanced",
  ultimate: "Ultimate",
};

/**
 * The tier of a plan id. An unknown id counts as Starter so a typo never unlocks paid features.
 * an Essential shop with the POS extension (`isEnablePosPro3`) is Essential + POS.
 */
export function planTierOf(planId: string, options: { posExtension?: boolean } = {}): PlanTier {
  const tier = tierByPlanId[planId as PlanId] ?? "starter";
  return tier === "essential" && options.posExtension ? "essential_pos" : tier;
}

export function planRankOf(planId: string, options: { posExtension?: boolean } = {}): PlanRank {
  return planRanks[planTierOf(planId, options)];
}

export function planTierOfRank(rank: PlanRank): PlanTier {
  const entry = Object.entries(planRanks).find(([, r]) => r === rank);
  return (entry?.[0] as PlanTier | undefined) ?? "starter";
}

export function planDisplayName(planId: string, options: { posExtension?: boolean } = {}): string {
  if ((planId === "pro" || planId === "pro_2") && !options.posExtension) return "Professional";
  return displayNames[planTierOf(planId, options)];
}

export function planTierDisplayName(tier: PlanTier): string {
  return displayNames[tier];
}

/** B-08: a shop is paid when its plan ranks above Starter. */
export function isPaidPlan(planId: string): boolean {
  return planRankOf(planId) > planRanks.starter;
}
