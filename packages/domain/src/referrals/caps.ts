import { type PlanTier, planTierOf } from "../plans/plans";

/**
 * E-06, E-07, R-15, X-26: completed referrals per 30-day billing cycle are capped by plan —
 * Starter 30, Essential 100, Advanced and above unlimited — and `unlockUnlimitedOrderReferrals`
 * lifts the cap. The warning starts at 90 % of the cap (27 / 90). Links are free (X-26 drops the
 * 100-link cap).
 */
export const REFERRAL_CAPS: Readonly<Record<PlanTier, number | null>> = {
  starter: 30,
  essential: 100,
  essential_pos: 100,
  advanced: null,
  ultimate: null,
};

export const REFERRAL_WARNING_RATIO = 0.9;

export interface ReferralCapInput {
  plan: string;
  posExtension?: boolean;
  unlockUnlimited: boolean;
  /** Completed referrals in the current cycle. */
  completedThisCycle: number;
}

export interface ReferralCapCheck {
  /** null = unlimited. */
  cap: number | null;
  used: number;
  /** From this count on the admin shows the approaching-limit warning. */
  warningFrom: number | null;
  status: "ok" | "warning" | "reached";
  /** One more completion is allowed. */
  allowsAnother: boolean;
}

export function referralCapOf(plan: string, unlockUnlimited: boolean, posExtension = false): number | null {
  if (unlockUnlimited) return null;
  return REFERRAL_CAPS[planTierOf(plan, { posExtension })];
}

export function checkReferralCap(input: ReferralCapInput): ReferralCapCheck {
  const cap = referralCapOf(input.plan, input.unlockUnlimited, input.posExtension);
  const used = Math.max(0, input.completedThisCycle);
  if (cap === null) return { cap, used, warningFrom: null, status: "ok", allowsAnother: true };
  const warningFrom = Math.ceil(cap * REFERRAL_WARNING_RATIO);
  const status = used >= cap ? "reached" : used >= warningFrom ? "warning" : "ok";
  return { cap, used, warningFrom, status, allowsAnother: used < cap };
}
