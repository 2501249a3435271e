/**
 * The referral program's settings (E-02, X-49) as the rules read them. contracts validates the
 * wire shape (E-04); these are the plain types the rules take.
 */

/** A side's reward: a discount percentage, a fixed amount (shop money, minor units) or points. */
export type ReferralReward =
  | { kind: "percentage"; percentage: number }
  | { kind: "amount"; amount: number }
  | { kind: "points"; points: number };

/** who may refer (and see the program). */
export const referralEligibilityModes = ["all_customers", "members_only", "whitelist_only"] as const;
export type ReferralEligibility = (typeof referralEligibilityModes)[number];

/** E-03: each anti-cheat rule has its own toggle. Self-referral is refused whatever they say. */
export interface ReferralAntiCheat {
  similarEmail: boolean;
  sameBrowser: boolean;
  sameIp: boolean;
  previousPurchases: boolean;
  paidOrdersOnly: boolean;
}

export interface ReferralRules {
  enabled: boolean;
  friendReward: ReferralReward;
  referrerReward: ReferralReward;
  eligibility: ReferralEligibility;
  /** Only orders carrying one of these tags qualify (empty = any order). */
  orderTags: readonly string[];
  /** Only referrers carrying one of these tags may refer (empty = anyone eligible). */
  customerTags: readonly string[];
  /** Rewarded referrals per referrer: null = no limit; `perTier` overrides by VIP tier id. */
  perCustomerLimit: { limit: number | null; perTier: Readonly<Record<string, number>> };
  antiCheat: ReferralAntiCheat;
  /** Days after completion during which a cancel or refund of the friend's order cancels it. */
  cancelWindowDays: number;
}

/** The defaults of a shop that never saved the referral settings: off, safe toggles on. */
export const DEFAULT_ANTI_CHEAT: ReferralAntiCheat = {
  similarEmail: true,
  sameBrowser: true,
  sameIp: false,
  previousPurchases: true,
  paidOrdersOnly: true,
};
