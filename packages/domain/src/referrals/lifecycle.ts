import type { ReferralRefusal } from "./claim";
import type { ReferralRules } from "./settings";

/**
 * E-05: a referral is `pending` from the friend's claim, then `completed` when the friend's first
 * qualifying order is paid, or `canceled` (fraud, limits, or the order cancelled/refunded within
 * the window). Completed may still become canceled inside the window; canceled is final.
 */
export const referralStatuses = ["pending", "completed", "canceled"] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

const allowed: Readonly<Record<ReferralStatus, readonly ReferralStatus[]>> = {
  pending: ["completed", "canceled"],
  completed: ["canceled"],
  canceled: [],
};

export function canTransition(from: ReferralStatus, to: ReferralStatus): boolean {
  return allowed[from].includes(to);
}

export interface ReferralState {
  status: ReferralStatus;
  /** The friend's order that completed it (null while pending). */
  orderId: string | null;
  completedAt: string | null;
}

/** The friend's order news as the referral sees it. */
export interface FriendOrderNews {
  orderId: string;
  event: "created" | "paid" | "fulfilled" | "cancelled" | "refunded";
  paid: boolean;
  tags: readonly string[];
  /** The friend had a paid order before this one (in this shop). */
  orderedBefore: boolean;
  at: string;
}

export type ReferralStep =
  | { action: "none" }
  | { action: "complete" }
  | { action: "cancel"; reason: ReferralRefusal };

/**
 * What one piece of the friend's order news does to a referral. `referrerAtLimit` and
 * `capAllowsAnother` are counted under the caller's locks, at the moment of completion.
 */
export function decideReferralStep(input: {
  rules: ReferralRules;
  referral: ReferralState;
  order: FriendOrderNews;
  referrerAtLimit: boolean;
  capAllowsAnother: boolean;
}): ReferralStep {
  const { rules, referral, order } = input;
  if (referral.status === "canceled") return { action: "none" };
  if (referral.status === "completed") {
    if (referral.orderId !== order.orderId) return { action: "none" };
    if (order.event !== "cancelled" && order.event !== "refunded") return { action: "none" };
    if (!withinWindow(referral.completedAt, order.at, rules.cancelWindowDays)) return { action: "none" };
    return { action: "cancel", reason: order.event === "cancelled" ? "order_cancelled" : "order_refunded" };
  }
  // pending
  if (order.event === "cancelled" || order.event === "refunded") return { action: "none" };
  if (rules.orderTags.length > 0 && !rules.orderTags.some((t) => order.tags.includes(t))) {
    return { action: "none" };
  }
  if (rules.antiCheat.paidOrdersOnly && !order.paid) return { action: "none" };
  if (rules.antiCheat.previousPurchases && order.orderedBefore) {
    return { action: "cancel", reason: "previous_purchase" };
  }
  if (input.referrerAtLimit) return { action: "cancel", reason: "referrer_limit" };
  if (!input.capAllowsAnother) return { action: "cancel", reason: "plan_cap" };
  return { action: "complete" };
}

const DAY_MS = 86_400_000;

function withinWindow(completedAt: string | null, at: string, days: number): boolean {
  if (completedAt === null) return false;
  return Date.parse(at) - Date.parse(completedAt) <= days * DAY_MS;
}
