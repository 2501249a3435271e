import type { TierCouponBody, TierRewardsBody, TierSettingsBody, TierView } from "@laurel/contracts";
import { inputToMilestone, milestoneToInput } from "./milestone";

type Basis = TierSettingsBody["basis"];

/** A coupon as the merchant types it: money in major units, percent, days. */
export interface CouponForm {
  on: boolean;
  discountType: TierCouponBody["discountType"];
  value: string;
  minimumSubtotal: string;
  expiresInDays: string;
}

export interface TierRewardForm {
  entryPoints: string;
  entryCoupon: CouponForm;
  preTierOn: boolean;
  threshold: string;
  prePoints: string;
  preCoupon: CouponForm;
}

const money = (minor: number) => milestoneToInput("amount_spent", minor);

function couponForm(c: TierCouponBody | null): CouponForm {
  return {
    on: c !== null,
    discountType: c?.discountType ?? "percentage",
    value: c ? (c.discountType === "amount" ? money(c.value) : String(c.value)) : "10",
    minimumSubtotal: c?.minimumSubtotal ? money(c.minimumSubtotal) : "",
    expiresInDays: c?.expiresInDays ? String(c.expiresInDays) : "",
  };
}

export function rewardFormOf(basis: Basis, tier: TierView): TierRewardForm {
  return {
    entryPoints: String(tier.entryPoints),
    entryCoupon: couponForm(tier.entryCoupon),
    preTierOn: tier.preTier !== null,
    threshold: tier.preTier ? milestoneToInput(basis, tier.preTier.threshold) : "",
    prePoints: tier.preTier ? String(tier.preTier.points) : "0",
    preCoupon: couponForm(tier.preTier?.coupon ?? null),
  };
}

const wholeOf = (s: string): number | null => (/^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : null);

/** Field errors are keys of the `tierRewards.errors` texts. */
export type RewardErrors = Record<string, "points" | "percent" | "money" | "days" | "threshold">;

function couponBody(prefix: string, c: CouponForm, errors: RewardErrors): TierCouponBody | null {
  if (!c.on) return null;
  let value = 0;
  if (c.discountType === "amount") {
    const v = inputToMilestone("amount_spent", c.value);
    if (v === null || v < 1) errors[`${prefix}.value`] = "money";
    value = v ?? 0;
  } else if (c.discountType === "percentage") {
    const v = wholeOf(c.value);
    if (v === null || v < 1 || v > 100) errors[`${prefix}.value`] = "percent";
    value = v ?? 0;
  }
  const min = c.minimumSubtotal.trim() === "" ? null : inputToMilestone("amount_spent", c.minimumSubtotal);
  if (min === 0 || (c.minimumSubtotal.trim() !== "" && min === null))
    errors[`${prefix}.minimumSubtotal`] = "money";
  const days = c.expiresInDays.trim() === "" ? null : wholeOf(c.expiresInDays);
  if (days === 0 || (c.expiresInDays.trim() !== "" && days === null))
    errors[`${prefix}.expiresInDays`] = "days";
  return { discountType: c.discountType, value, minimumSubtotal: min, expiresInDays: days };
}

/** The request body, or the fields to fix (checked here first; the server checks the ladder). */
export function rewardBodyOf(
  basis: Basis,
  f: TierRewardForm,
): { body: TierRewardsBody | null; errors: RewardErrors } {
  const errors: RewardErrors = {};
  const entryPoints = wholeOf(f.entryPoints);
  if (entryPoints === null) errors.entryPoints = "points";
  const entryCoupon = couponBody("entryCoupon", f.entryCoupon, errors);
  let preTier: TierRewardsBody["preTier"] = null;
  if (f.preTierOn) {
    const threshold = inputToMilestone(basis, f.threshold);
    if (threshold === null || threshold < 1) errors["preTier.threshold"] = "threshold";
    const points = wholeOf(f.prePoints);
    if (points === null) errors["preTier.points"] = "points";
    preTier = {
      threshold: threshold ?? 0,
      points: points ?? 0,
      coupon: couponBody("preTier.coupon", f.preCoupon, errors),
    };
  }
  if (Object.keys(errors).length > 0 || entryPoints === null) return { body: null, errors };
  return { body: { entryPoints, entryCoupon, preTier }, errors };
}
