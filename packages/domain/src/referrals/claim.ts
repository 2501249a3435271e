import type { ReferralCapCheck } from "./caps";
import { emailsAreSimilar, normaliseEmail } from "./email";
import type { ReferralRules } from "./settings";

/**
 * E-03, E-08, E-10: whether a friend's claim of a referral link is accepted, and if not, why.
 * Every refusal carries its reason (stored on the refused referral and shown in the activity list).
 */
export const referralRefusals = [
  "program_off",
  "referrer_not_eligible",
  "self_referral",
  "already_referred",
  "already_customer",
  "similar_email",
  "same_browser",
  "same_ip",
  "previous_purchase",
  "referrer_limit",
  "plan_cap",
  "unpaid_order",
  "order_cancelled",
  "order_refunded",
] as const;
export type ReferralRefusal = (typeof referralRefusals)[number];

export interface ReferrerFacts {
  customerId: string;
  email: string | null;
  type: "member" | "guest" | "left";
  whitelisted: boolean;
  tags: readonly string[];
  tierId: string | null;
  /** Device ids and hashed IPs seen when the referrer opened their own link (first-party). */
  deviceIds: readonly string[];
  ipHashes: readonly string[];
  /** Referrals of this referrer already completed (rewarded). */
  completedReferrals: number;
}

export interface FriendFacts {
  /** The shop's customer id when the friend is signed in, else null. */
  customerId: string | null;
  email: string | null;
  deviceId: string | null;
  ipHash: string | null;
  /** The friend has a paid order in this shop from before the claim. */
  hasOrderedBefore: boolean;
  /** The friend (or their mailbox) is already the friend of a referral in this shop. */
  alreadyReferred: boolean;
}

export type ClaimDecision = { accepted: true } | { accepted: false; reason: ReferralRefusal };

/** may this customer refer (and see the program)? */
export function mayRefer(
  rules: ReferralRules,
  referrer: Pick<ReferrerFacts, "type" | "whitelisted" | "tags">,
): boolean {
  if (!rules.enabled || referrer.type === "left") return false;
  if (rules.eligibility === "members_only" && referrer.type !== "member") return false;
  if (rules.eligibility === "whitelist_only" && !referrer.whitelisted) return false;
  if (rules.customerTags.length > 0 && !rules.customerTags.some((t) => referrer.tags.includes(t)))
    return false;
  return true;
}

/** Rewarded referrals allowed per referrer: the VIP tier's own limit, else the shop's (null = none). */
export function referrerLimitOf(rules: ReferralRules, tierId: string | null): number | null {
  const perTier = tierId === null ? undefined : rules.perCustomerLimit.perTier[tierId];
  return perTier ?? rules.perCustomerLimit.limit;
}

function refuse(reason: ReferralRefusal): ClaimDecision {
  return { accepted: false, reason };
}

/**
 * The claim rules, in this order: program on, referrer eligible, never oneself (same customer or
 * same mailbox, whatever the toggles), one referral per friend, then each anti-cheat toggle, then
 * the referrer's own limit and the plan's cap.
 */
export function decideClaim(input: {
  rules: ReferralRules;
  referrer: ReferrerFacts;
  friend: FriendFacts;
  cap: ReferralCapCheck;
}): ClaimDecision {
  const { rules, referrer, friend, cap } = input;
  if (!rules.enabled) return refuse("program_off");
  if (!mayRefer(rules, referrer)) return refuse("referrer_not_eligible");
  if (friend.customerId !== null && friend.customerId === referrer.customerId) return refuse("self_referral");
  if (normalisedEqual(friend.email, referrer.email)) return refuse("self_referral");
  const similar =
    friend.email !== null && referrer.email !== null && emailsAreSimilar(friend.email, referrer.email);
  if (friend.alreadyReferred) return refuse("already_referred");
  if (rules.antiCheat.similarEmail && similar) return refuse("similar_email");
  if (
    rules.antiCheat.sameBrowser &&
    friend.deviceId !== null &&
    referrer.deviceIds.includes(friend.deviceId)
  ) {
    return refuse("same_browser");
  }
  if (rules.antiCheat.sameIp && friend.ipHash !== null && referrer.ipHashes.includes(friend.ipHash)) {
    return refuse("same_ip");
  }
  if (rules.antiCheat.previousPurchases && friend.hasOrderedBefore) return refuse("previous_purchase");
  const limit = referrerLimitOf(rules, referrer.tierId);
  if (limit !== null && referrer.completedReferrals >= limit) return refuse("referrer_limit");
  if (!cap.allowsAnother) return refuse("plan_cap");
  return { accepted: true };
}

function normalisedEqual(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  const na = normaliseEmail(a);
  return na !== null && na === normaliseEmail(b);
}
