/**
 * H-17: refunds and cancellations take points back pro rata, never more than were awarded in
 * total, however the refunds are split. Pure integer arithmetic.
 */
export interface ReversalInput {
  pointsAwarded: number;
  /** The money base the award was computed on (minor units). */
  earnableAmount: number;
  /** Money refunded before this refund, and points taken back so far. */
  refundedBefore: number;
  pointsReversedBefore: number;
  /** This refund's amount (minor units). */
  refundAmount: number;
}

/** Points to remove for this refund: cumulative target floor(awarded × refunded ÷ base) minus what was taken. */
export function computeRefundReversal(r: ReversalInput): number {
  const remaining = Math.max(0, r.pointsAwarded - r.pointsReversedBefore);
  if (remaining === 0 || r.refundAmount <= 0) return 0;
  const refunded = r.refundedBefore + r.refundAmount;
  if (r.earnableAmount <= 0 || refunded >= r.earnableAmount) return remaining;
  const target = Math.floor((r.pointsAwarded * refunded) / r.earnableAmount);
  return Math.min(remaining, Math.max(0, target - r.pointsReversedBefore));
}

/** A cancellation takes back everything not yet taken back. */
export function computeCancellationReversal(pointsAwarded: number, pointsReversedBefore: number): number {
  return Math.max(0, pointsAwarded - pointsReversedBefore);
}

/** H-09: when pending points become available: the award instant plus the holding period. */
export function pendingUntil(awardedAt: string, period: { value: number; unit: "day" | "month" }): string {
  const d = new Date(awardedAt);
  if (period.unit === "day") return new Date(d.getTime() + period.value * 86_400_000).toISOString();
  const target = new Date(d);
  target.setUTCMonth(target.getUTCMonth() + period.value);
  // 31 Jan + 1 month → the last day of February, not 3 March.
  if (target.getUTCDate() !== d.getUTCDate()) target.setUTCDate(0);
  return target.toISOString();
}
