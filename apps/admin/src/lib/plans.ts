import type { PlanId } from "@laurel/contracts";

/**
 * B-07: the names merchants see for plan ids. The dated ids (`_2024`, `_2025`) are newer pricing
 * of the same tiers, so they carry the tier's name. Plan names are product names and are not
 * translated.
 */
const PLAN_NAMES: Record<PlanId, string> = {
  free: "Starter",
  pro: "Essential",
  pro_2: "Essential",
  pro_3: "Essential",
  pro_3_2024: "Essential",
  pro_3_2025: "Essential",
  pro_4: "Essential + POS",
  pro_4_2024: "Essential + POS",
  pro_4_2025: "Essential + POS",
  advanced: "Advanced",
  advanced_2025: "Advanced",
  enterprise: "Ultimate",
  enterprise_2025: "Ultimate",
};

export function planDisplayName(plan: PlanId): string {
  return PLAN_NAMES[plan] ?? plan;
}
