/**
 * Redemption refusals: one code, one shopper-facing message, in the spec's words where it gives
 * them (D-13, D-21, H-13, N-19; 002 §8). `{{name}}` placeholders are filled by `fillMessage`.
 * A copy of these codes' entries in contracts' `errorMessages`, the one catalogue (decision 0042).
 */
export const redemptionMessages = {
  reward_program_blank: "Reward program is blank",
  redeem_amount_invalid: "Redeem amount must be greater than 0",
  redeem_amount_below_minimum: "Redeem amount must be at least {{min}} points",
  redeem_amount_above_maximum: "Redeem amount must be at most {{max}} points",
  redeem_amount_not_multiple: "Redeem amount must be a multiple of {{step}} points",
  redeem_amount_too_small: "Redeem amount is too small for a discount",
  insufficient_points: "Current balance is insufficient",
  customer_redemption_limit: "You have run out of redemption",
  program_redemption_limit: "We have run out of reward coupons",
  customer_not_member: "Account not found",
  customer_left: "You have left the loyalty program. Please contact the store to rejoin.",
  sandbox_not_test_customer: "The loyalty program is in test mode. Only test customers can redeem rewards.",
  program_inactive: "This reward is not available",
  program_scheduled: "This reward is not available yet",
  program_expired: "This reward has expired",
  plan_restricted: "This reward is not available on the store's current plan",
  revoke_limit: "You can only revoke {{limit}} times per {{timeframe}}",
  revoke_time_limit: "This coupon can only be revoked within {{time_limit}} after redemption",
  revoke_disabled: "This coupon cannot be revoked",
  revoke_reason_required: "Please enter an admin note",
  coupon_used: "This coupon has already been used",
  coupon_expired: "This coupon has expired",
  coupon_revoked: "This coupon has already been revoked",
} as const;

export type RedemptionRefusalCode = keyof typeof redemptionMessages;

export interface RedemptionRefusal<C extends RedemptionRefusalCode = RedemptionRefusalCode> {
  ok: false;
  code: C;
  message: string;
}

/** Replaces `{{name}}` with `vars[name]`; unknown placeholders stay visible so a gap shows up in review. */
export function fillMessage(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

export function refuse<C extends RedemptionRefusalCode>(
  code: C,
  vars: Record<string, string | number> = {},
): RedemptionRefusal<C> {
  return { ok: false, code, message: fillMessage(redemptionMessages[code], vars) };
}
