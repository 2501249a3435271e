/**
 * Point activity types (H-01…H-06): the code stored on each ledger entry, its category in the
 * spec's grouping, and which balance it moves in which direction. Codes are snake_case and
 * stable; the server and imports store them as they are.
 */

/** H-01…H-05: remove point, adjust point, earn point, redeem point, others. */
export const activityCategories = ["earn", "redeem", "adjust", "remove", "other"] as const;
export type ActivityCategory = (typeof activityCategories)[number];

/** The direction an activity moves its balance: credit, debit, either, or nothing (a log line). */
export type ActivitySign = "+" | "-" | "±" | "0";

/**
 * The balance an activity moves (H-20). `pending_to_available` moves points from pending to
 * available (H-09); earn and remove activities may also move tier points in the same direction.
 */
export type ActivityBalance = "available" | "pending" | "tier_points" | "pending_to_available" | "none";

export interface ActivityTypeInfo {
  category: ActivityCategory;
  sign: ActivitySign;
  balance: ActivityBalance;
  label: string;
  /** H-14: only a merchant's manual adjustment may take available points below zero. */
  mayOverdraw?: true;
}

const earn = (label: string): ActivityTypeInfo => ({
  category: "earn",
  sign: "+",
  balance: "available",
  label,
});
const remove = (label: string): ActivityTypeInfo => ({
  category: "remove",
  sign: "-",
  balance: "available",
  label,
});
const log = (label: string): ActivityTypeInfo => ({ category: "other", sign: "0", balance: "none", label });

export const activityTypes = {
  // H-03: earn point.
  earn_sign_up: earn("Sign up"),
  earn_newsletter: earn("Newsletter sign up"),
  earn_review: earn("Write a review"),
  earn_place_order: earn("Place an order"),
  earn_social_follow: earn("Follow on social media"),
  earn_social_share: earn("Share on social media"),
  earn_birthday: earn("Birthday"),
  earn_join_chat_group: earn("Join a chat group"),
  earn_referral: earn("Referral"),
  earn_tier_bonus: earn("VIP tier bonus"),
  earn_milestone: earn("Milestone"),
  earn_rest_api: earn("REST API"),
  earn_google_maps_review: earn("Google Maps review"),
  earn_visit_website: earn("Visit website"),
  earn_streak_visit: earn("Streak visit"),
  earn_custom: earn("Custom program"),
  earn_bonus_point: earn("Bonus points"), // H-06 `bonus_point`
  earn_member_anniversary: earn("Member anniversary"), // G-26 (proposal: its own earn activity)
  // H-04: redeem point. `redeem_point` is a reward program's redemption (a hold's reserve).
  redeem_point: { category: "redeem", sign: "-", balance: "available", label: "Redeem a reward" },
  redeem_rest_api: { category: "redeem", sign: "-", balance: "available", label: "REST API" },
  // the clawback of instant points when a Google review is rejected; reported under remove.
  redeem_google_review: remove("Google review rejected"),
  // H-02: adjust point (H-06 REST API adjust/reset and Flow add/subtract points).
  adjust_point: {
    category: "adjust",
    sign: "±",
    balance: "available",
    label: "Adjusted by admin",
    mayOverdraw: true,
  },
  adjust_import_add: { category: "adjust", sign: "+", balance: "available", label: "Import: add points" },
  adjust_import_reset: { category: "adjust", sign: "±", balance: "available", label: "Import: reset points" },
  adjust_rest_api: { category: "adjust", sign: "±", balance: "available", label: "REST API: adjust points" },
  adjust_rest_api_reset: {
    category: "adjust",
    sign: "±",
    balance: "available",
    label: "REST API: reset points",
  },
  adjust_flow_add: { category: "adjust", sign: "+", balance: "available", label: "Flow: add points" },
  adjust_flow_subtract: {
    category: "adjust",
    sign: "-",
    balance: "available",
    label: "Flow: subtract points",
  },
  // H-01: remove point.
  remove_cancel_order: remove("Order cancelled"),
  remove_refund: remove("Order refunded"),
  remove_partial_refund: remove("Order partially refunded"),
  remove_disapproved_review: remove("Review disapproved"),
  remove_referral: remove("Referral cancelled"), // issue 18: the referrer's points taken back

  // H-05: others.
  refund_coupon: {
    category: "other",
    sign: "+",
    balance: "available",
    label: "Coupon revoked: points refunded",
  },
  // A hold voided before its coupon was issued gives its points back (DESIGN §4).
  redeem_void: { category: "other", sign: "+", balance: "available", label: "Redemption cancelled" },
  log_place_order: log("Order logged"),
  log_place_order_b2b: log("B2B order logged"),
  log_place_order_pending_fulfil: log("Order logged: points pending fulfilment"),
  redeem_referral_coupon_referred: log("Referral coupon (referred friend)"),
  redeem_referral_coupon_referrer: log("Referral coupon (referrer)"),
  free_gift: { category: "other", sign: "-", balance: "available", label: "Free gift" },
  earn_discount: log("Discount earned"),
  custom_reward: log("Custom reward"), // H-06 `custom_reward`
  convert_pending_point: {
    category: "other",
    sign: "+",
    balance: "pending_to_available",
    label: "Pending points converted",
  },
  earn_pending_point: { category: "other", sign: "+", balance: "pending", label: "Pending points earned" },
  deduct_pending_point: {
    category: "other",
    sign: "-",
    balance: "pending",
    label: "Pending points deducted",
  },
  expire_point: { category: "other", sign: "-", balance: "available", label: "Points expired" },
  demote_tier: log("VIP tier demoted"),
  downgrade_tier: log("VIP tier downgraded"),
  tier_up_coupon: log("VIP tier-up coupon"),
  redeem_on_pos: { category: "other", sign: "-", balance: "available", label: "Redeemed on POS" },
  migrate_customer: log("Customer migrated"),
  migrate_point: { category: "other", sign: "±", balance: "available", label: "Points migrated" },
  // C-30: the order history a migration brought from another app (decision 0178); no points.
  migrate_order: log("Orders migrated"),
  unsubscribe: log("Unsubscribed"),
  adjust_store_credit: log("Store credit adjusted"), // H-15: money on the platform, not points
  adjust_tier_point: {
    category: "other",
    sign: "±",
    balance: "tier_points",
    label: "VIP tier points adjusted",
  },
  deactivated_coupon: log("Coupon deactivated"),
} as const satisfies Record<string, ActivityTypeInfo>;

export type ActivityType = keyof typeof activityTypes;
export const activityTypeList = Object.keys(activityTypes) as ActivityType[];

export function isActivityType(value: string): value is ActivityType {
  return Object.hasOwn(activityTypes, value);
}

export function activityTypeInfo(type: ActivityType): ActivityTypeInfo {
  return activityTypes[type];
}

/** H-06: point events that arrive from outside, and the activity each one records. */
export const externalPointEvents = {
  rest_api: {
    earn: "earn_rest_api",
    spend: "redeem_rest_api",
    adjust: "adjust_rest_api",
    reset: "adjust_rest_api_reset",
  },
  flow: {
    "add point": "adjust_flow_add",
    "subtract point": "adjust_flow_subtract",
    "reward coupon": "earn_discount",
  },
  other: { bonus_point: "earn_bonus_point", custom_reward: "custom_reward", log_order: "log_place_order" },
} as const satisfies Record<string, Record<string, ActivityType>>;

/** H-19: the badge an activity shows in the point history. */
export function activityBadge(
  type: ActivityType,
): "earn point" | "spend point" | "minus point" | "pending" | null {
  const info = activityTypes[type];
  if (info.balance === "pending") return "pending";
  if (info.category === "earn") return "earn point";
  if (info.category === "redeem") return "spend point";
  if (info.category === "remove" || info.sign === "-") return "minus point";
  return null;
}

export interface EntryDeltas {
  activityType: ActivityType;
  available?: number;
  pending?: number;
  tierPoints?: number;
  allowNegative?: boolean;
}

/**
 * Whether an entry's deltas agree with its activity type (sign and balance), or why not. Catches a
 * service that books a refund as a credit before it reaches the ledger.
 */
export function checkEntryShape(entry: EntryDeltas): string | null {
  const info = activityTypes[entry.activityType];
  const available = entry.available ?? 0;
  const pending = entry.pending ?? 0;
  const tier = entry.tierPoints ?? 0;
  if (entry.allowNegative && !("mayOverdraw" in info)) {
    return `${entry.activityType} may not take the balance below zero`;
  }
  switch (info.balance) {
    case "none":
      return available || pending || tier ? `${entry.activityType} moves no points` : null;
    case "available":
      return pending !== 0
        ? `${entry.activityType} moves no pending points`
        : signMismatch(info.sign, available);
    case "pending":
      return available !== 0
        ? `${entry.activityType} moves only pending points`
        : signMismatch(info.sign, pending);
    case "tier_points":
      return available || pending
        ? `${entry.activityType} moves only tier points`
        : signMismatch(info.sign, tier);
    case "pending_to_available":
      return available > 0 && pending === -available
        ? null
        : `${entry.activityType} moves pending points to available`;
  }
}

function signMismatch(sign: ActivitySign, delta: number): string | null {
  if (sign === "+" && !(delta > 0)) return "expected a credit";
  if (sign === "-" && !(delta < 0)) return "expected a debit";
  if (sign === "±" && delta === 0) return "expected a change";
  return null;
}

/**
 * Structural kinds of entries, derived from their fields: a plain posting, a reversal of an
 * earlier entry, a hold's reserve or void (DESIGN §4), or a log line that moves nothing.
 */
export const entryKinds = ["posting", "reversal", "hold_reserve", "hold_void", "log"] as const;
export type EntryKind = (typeof entryKinds)[number];

export function entryKindOf(entry: {
  available?: number;
  pending?: number;
  tierPoints?: number;
  holdId?: string | null;
  reversesEntryId?: number | string | null;
}): EntryKind {
  const available = entry.available ?? 0;
  if (entry.holdId) return available < 0 ? "hold_reserve" : "hold_void";
  if (entry.reversesEntryId !== undefined && entry.reversesEntryId !== null) return "reversal";
  if (!available && !entry.pending && !entry.tierPoints) return "log";
  return "posting";
}

/** The idempotency keys the server gives a hold's entries (`hold:<id>:reserve`, `hold:<id>:void`). */
export function holdEntryKey(holdId: string, step: "reserve" | "void"): string {
  return `hold:${holdId}:${step}`;
}
