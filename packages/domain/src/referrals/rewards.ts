import type { ReferralReward } from "./settings";

/**
 * What a side of a referral receives (E-02, E-11): points go to the ledger (`earn_referral`);
 * a percentage or fixed amount becomes a customer-only discount code through the platform port.
 */
export type ReferralGrant =
  | { kind: "points"; points: number; activityType: "earn_referral" }
  | {
      kind: "discount";
      value: { kind: "percentage"; percentage: number } | { kind: "amount"; amount: number };
    };

export function grantOf(reward: ReferralReward): ReferralGrant {
  if (reward.kind === "points")
    return { kind: "points", points: reward.points, activityType: "earn_referral" };
  if (reward.kind === "percentage")
    return { kind: "discount", value: { kind: "percentage", percentage: reward.percentage } };
  return { kind: "discount", value: { kind: "amount", amount: reward.amount } };
}

/** The idempotency key of a referral side's reward: one per referral and side, ever. */
export function referralRewardKey(referralId: string, side: "friend" | "referrer"): string {
  return `referral:${referralId}:${side}`;
}

/** The referral code shown in the widget: the cleaned prefix and a caller-supplied random part. */
export function buildReferralCode(prefix: string, randomPart: string): string {
  const clean = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const suffix = clean(randomPart);
  if (suffix.length < 4) throw new RangeError("The random part of a referral code needs 4 letters or digits");
  return `${clean(prefix).slice(0, 12)}${suffix}`;
}

/** The shareable link: the store's URL with the code, landing on the settings' redirect path. */
export function buildReferralLink(storeUrl: string, code: string, redirectPath: string): string {
  const isAbsolute = /^https?:\/\//.test(redirectPath);
  const base = isAbsolute ? redirectPath : `${storeUrl.replace(/\/+$/, "")}${redirectPath || "/"}`;
  return `${base}${base.includes("?") ? "&" : "?"}ref=${encodeURIComponent(code)}`;
}
