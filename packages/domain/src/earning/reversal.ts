/**
 * H-17: with `autoRemovePoints`, a cancel, a full refund or a partial refund takes points back.
 * Partial refunds take back points pro rata to the money refunded out of the money that earned;
 * the amounts are cumulative, so however refunds are split the total taken back never exceeds the
 * award, and the refund that reaches the earnable amount (or a full refund, or a cancel) takes back
 * exactly what is left. Rounding is down on each cumulative step (in the shopper's favour until the
 * last refund settles the remainder).
 */
export interface AwardForReversal {
  /** Points the order earned (all programs of the award, or one program's award). */
  points: number;
  /** The money the points were computed on, in minor units (`OrderAward.earnableAmount`). */
  earnableAmount: number;
  /** The program's `autoRemovePoints` (C-14); off means refunds take nothing back. */
  autoRemovePoints?: boolean;
}

export interface RefundForReversal {
  kind: "partial_refund" | "full_refund" | "cancel";
  /** Money refunded by earlier refunds of this order, counted the way `earnableAmount` was. */
  refundedBefore: number;
  /** Money this refund returns (ignored for full refunds and cancels). */
  amount: number;
}

/** Points to remove for this refund or cancel: a whole number between 0 and what is left. */
export function computeOrderReversal(originalAward: AwardForReversal, refund: RefundForReversal): number {
  assertWhole(originalAward.points, "points");
  assertWhole(originalAward.earnableAmount, "earnableAmount");
  assertWhole(refund.refundedBefore, "refundedBefore");
  assertWhole(refund.amount, "amount");
  if (originalAward.autoRemovePoints === false) return 0;
  const takenBefore = pointsForRefunded(originalAward, refund.refundedBefore);
  if (refund.kind !== "partial_refund") return originalAward.points - takenBefore;
  const takenAfter = pointsForRefunded(originalAward, refund.refundedBefore + refund.amount);
  return takenAfter - takenBefore;
}

/** Points taken back once `refunded` money has been refunded in total: floor(points × refunded ÷ earnable). */
function pointsForRefunded(award: AwardForReversal, refunded: number): number {
  if (award.earnableAmount <= 0) return 0;
  if (refunded >= award.earnableAmount) return award.points;
  return Number((BigInt(award.points) * BigInt(refunded)) / BigInt(award.earnableAmount));
}

function assertWhole(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole number, 0 or more`);
}
