import { type PlanRank, type PlanTier, planRanks } from "./plans";

/**
 * The lowest plan tier that unlocks each gated feature.
 * "Pro" in the spec's gates means Essential or higher.
 */
export const planFeatureMinimums = {
  // Pro-plan-only programs.
  custom_program: "essential",
  birthday_reward: "essential",
  write_review: "essential",
  social_chat_groups: "essential", // telegram, whatsapp, discord, line
  google_maps_review: "essential",
  fill_survey: "essential",
  buy_x_get_y: "essential",
  free_shipping: "essential",
  free_gift: "essential",
  // R-03, D-10: POS programs are off on Starter. The POS extension is what Essential + POS adds over
  // Essential (B-07, X-06), so POS needs that tier or higher.
  pos_programs: "essential_pos",
  // Essential gates.
  membership_perks: "essential",
  vip_tiers: "essential",
  point_expiration: "essential",
  advanced_widget_design: "essential",
  advanced_css: "essential",
  custom_point_label: "essential",
  custom_sender: "essential",
  export: "essential",
  widget_colours: "essential",
  // Advanced gates.
  milestone_rewards: "advanced",
  rule_engine: "advanced",
  member_exclusive_deal: "advanced",
  b2b_programs: "advanced",
  magic_tags: "advanced",
  custom_domain: "advanced",
  subscription_membership: "advanced",
  detected_language_translation: "advanced",
  //
  dedicated_manager: "ultimate",
} as const satisfies Record<string, PlanTier>;

export type PlanFeature = keyof typeof planFeatureMinimums;

export function minimumPlanFor(feature: PlanFeature): PlanTier {
  return planFeatureMinimums[feature];
}

/** gates compare ranks with ≥, so Essential + POS passes Essential gates but not Advanced ones. */
export function planAllows(planRank: PlanRank, feature: PlanFeature): boolean {
  return planRank >= planRanks[planFeatureMinimums[feature]];
}
