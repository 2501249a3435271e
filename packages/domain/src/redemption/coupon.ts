import { z } from "zod";
import { durationUnits, limitUnits } from "../vocabulary";
import { type RedemptionRefusal, refuse } from "./messages";
import { addDuration, type Duration, formatDuration, type Instant, toEpochMs } from "./time";

/** H-11: a coupon's lifecycle. `redeemed` means used in an order. */
export const couponStatuses = ["available", "redeemed", "revoked", "expired"] as const;
export type CouponStatus = (typeof couponStatuses)[number];

/** H-11: coupon history fields as the engine needs them. */
export interface Coupon {
  code: string;
  points: number;
  issuedAt: Instant;
  expiresAt: Instant | null;
  usedAt: Instant | null;
  usedOrderId?: string | null;
  revokedAt: Instant | null;
  revokeReason?: string | null;
}

/** A coupon's status at `now`: a revoke or a use is final; otherwise it expires at `expiresAt`. */
export function couponStatus(coupon: Coupon, now: Instant): CouponStatus {
  if (coupon.revokedAt !== null) return "revoked";
  if (coupon.usedAt !== null) return "redeemed";
  if (coupon.expiresAt !== null && toEpochMs(now) >= toEpochMs(coupon.expiresAt)) return "expired";
  return "available";
}

/** H-11: the storefront's two coupon tabs. */
export function couponTab(status: CouponStatus): "available" | "unavailable" {
  return status === "available" ? "available" : "unavailable";
}

/** H-12: revoke timeframes run from minutes to years, or the customer's whole lifetime. */

const positiveInt = (message: string) => z.number().int(message).positive(message);

/** H-12: coupon revoke settings. `maxRevokes` null = no count limit; `timeLimit` null = any time. */
export const couponRevokeSettingsSchema = z.object({
  enabled: z.boolean(),
  maxRevokes: positiveInt("Max revokes must be greater than 0").nullable(),
  timeframe: z.object({
    unit: z.enum(limitUnits),
    duration: positiveInt("Timeframe duration must be greater than 0"),
  }),
  timeLimit: z
    .object({ value: positiveInt("Revoke time limit must be greater than 0"), unit: z.enum(durationUnits) })
    .nullable(),
});
export type CouponRevokeSettings = z.infer<typeof couponRevokeSettingsSchema>;

/** Off until the merchant turns it on; the other values are what the editor proposes. */
export const DEFAULT_COUPON_REVOKE_SETTINGS: CouponRevokeSettings = {
  enabled: false,
  maxRevokes: 1,
  timeframe: { unit: "month", duration: 1 },
  timeLimit: { value: 24, unit: "hour" },
};

/** "day", "2 weeks", "lifetime": the `{{timeframe}}` of 'You can only revoke … per …'. */
export function formatRevokeTimeframe({ unit, duration }: CouponRevokeSettings["timeframe"]): string {
  if (unit === "lifetime") return "lifetime";
  return duration === 1 ? unit : formatDuration({ value: duration, unit });
}

export type RevokeCheck =
  | { ok: true; refundPoints: number }
  | RedemptionRefusal<
      | "coupon_used"
      | "coupon_expired"
      | "coupon_revoked"
      | "revoke_reason_required"
      | "revoke_disabled"
      | "revoke_time_limit"
      | "revoke_limit"
    >;

export interface RevokeInput {
  coupon: Coupon;
  settings: CouponRevokeSettings;
  /** When the customer's earlier revokes happened. */
  priorRevokes: readonly Instant[];
  now: Instant;
  /** H-13: a merchant may revoke outside the storefront limits but must give a reason. */
  by?: "customer" | "admin";
  reason?: string | null;
}

/**
 * H-12, H-13: may this coupon be revoked now? A revoke refunds the coupon's points and cannot be
 * undone; only an available coupon can be revoked. The count limit is a sliding window ending now.
 */
export function checkRevoke(input: RevokeInput): RevokeCheck {
  const statusRefusal = refuseUnavailable(couponStatus(input.coupon, input.now));
  if (statusRefusal) return statusRefusal;
  if (input.by === "admin") {
    if (!input.reason?.trim()) return refuse("revoke_reason_required");
    return { ok: true, refundPoints: input.coupon.points };
  }
  const { settings } = input;
  if (!settings.enabled) return refuse("revoke_disabled");
  if (isPastTimeLimit(input.coupon.issuedAt, settings.timeLimit, input.now)) {
    return refuse("revoke_time_limit", { time_limit: formatDuration(settings.timeLimit as Duration) });
  }
  if (settings.maxRevokes !== null && countRevokesInTimeframe(input) >= settings.maxRevokes) {
    return refuse("revoke_limit", {
      limit: settings.maxRevokes,
      timeframe: formatRevokeTimeframe(settings.timeframe),
    });
  }
  return { ok: true, refundPoints: input.coupon.points };
}

function refuseUnavailable(status: CouponStatus) {
  if (status === "redeemed") return refuse("coupon_used");
  if (status === "expired") return refuse("coupon_expired");
  if (status === "revoked") return refuse("coupon_revoked");
  return null;
}

/** "Within {{time_limit}} after redemption": the deadline itself still counts. */
function isPastTimeLimit(issuedAt: Instant, timeLimit: Duration | null, now: Instant): boolean {
  if (timeLimit === null) return false;
  return toEpochMs(now) > addDuration(toEpochMs(issuedAt), timeLimit);
}

function countRevokesInTimeframe({ settings, priorRevokes, now }: RevokeInput): number {
  const nowMs = toEpochMs(now);
  const { unit, duration } = settings.timeframe;
  const from =
    unit === "lifetime" ? Number.NEGATIVE_INFINITY : addDuration(nowMs, { value: -duration, unit });
  return priorRevokes.filter((at) => {
    const ms = toEpochMs(at);
    return ms > from && ms <= nowMs;
  }).length;
}
