import { type ActivityType, activityTypeList, activityTypes } from "../ledger/activity";

/**
 * H-21, J-04: the sub-tabs of a customer's activities, each a set of ledger activity types.
 * `all` is every entry; the others are fixed lists derived from the activity vocabulary.
 */
export const activityFilters = [
  "all",
  "points",
  "tier",
  "email",
  "order",
  "referral",
  "earned",
  "redeemed",
  "refunded",
  "expired",
  "entry_reward",
  "admin",
] as const;
export type ActivityFilter = (typeof activityFilters)[number];

const where = (test: (type: ActivityType) => boolean) => activityTypeList.filter(test);

const TYPES: Record<Exclude<ActivityFilter, "all">, readonly ActivityType[]> = {
  // Every entry that moves points (available or pending), not the log lines.
  points: where((t) => activityTypes[t].balance !== "none" && activityTypes[t].balance !== "tier_points"),
  tier: ["adjust_tier_point", "demote_tier", "downgrade_tier", "tier_up_coupon", "earn_tier_bonus"],
  email: ["unsubscribe", "earn_newsletter"],
  order: where((t) => t.includes("place_order") || t.endsWith("_order") || t.includes("refund")).filter(
    (t) => t !== "refund_coupon",
  ),
  referral: where((t) => t.includes("referral")),
  earned: where((t) => activityTypes[t].category === "earn"),
  redeemed: where(
    (t) => activityTypes[t].category === "redeem" || t === "redeem_on_pos" || t === "free_gift",
  ),
  refunded: ["refund_coupon", "redeem_void", "remove_refund", "remove_partial_refund"],
  expired: ["expire_point"],
  entry_reward: ["earn_tier_bonus", "tier_up_coupon"],
  admin: where((t) => activityTypes[t].category === "adjust").concat(["adjust_tier_point"]),
};

/** The activity types a sub-tab shows, or null for all of them. */
export function activityTypesOf(filter: ActivityFilter): readonly ActivityType[] | null {
  return filter === "all" ? null : TYPES[filter];
}
