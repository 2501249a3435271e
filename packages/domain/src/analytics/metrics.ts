import { type ActivityType, activityTypes, isActivityType } from "../ledger/activity";

/**
 * Issue 13, K-07, K-08: what each ledger entry contributes to the analytics figures. Every figure
 * is linear in an entry's deltas, so it is the same whether it is summed over raw entries or over
 * the daily rollups (per activity type) the analytics read; the property tests check both ways.
 *
 * - earned: points generated: credits of earn activities, and pending points earned (converted
 *   pending points are not counted twice).
 * - redeemed: points spent on rewards, free gifts and POS, less holds voided and coupons revoked
 *   with their points refunded.
 * - expired: points taken by expiry (H-08).
 * - reversed: points taken back by cancellations, refunds and disapprovals, pending ones included.
 * - adjusted: net manual, import, REST API and Flow adjustments, and migrated points.
 * - outstanding: the change of what customers hold (available + pending): the points liability.
 */
export const pointFigureKeys = ["earned", "redeemed", "expired", "reversed", "adjusted"] as const;
export type PointFigureKey = (typeof pointFigureKeys)[number];
export type PointFigures = Record<PointFigureKey | "outstanding", number>;

/** Activities that spend points on a reward (H-04 and the spending ones of H-05). */
const spending = new Set<ActivityType>(["redeem_point", "redeem_rest_api", "redeem_on_pos", "free_gift"]);
/** Activities that give spent points back (a voided hold, a revoked coupon's refund). */
const spendingReturned = new Set<ActivityType>(["redeem_void", "refund_coupon"]);

/** The figures one activity type moves, given its net available and pending deltas. */
export function pointFiguresOf(activityType: string, available: number, pending: number): PointFigures {
  const f: PointFigures = { earned: 0, redeemed: 0, expired: 0, reversed: 0, adjusted: 0, outstanding: 0 };
  f.outstanding = available + pending;
  if (!isActivityType(activityType)) return f;
  const info = activityTypes[activityType];
  if (info.category === "earn") f.earned = available;
  else if (activityType === "earn_pending_point") f.earned = pending;
  else if (spending.has(activityType)) f.redeemed = -available;
  else if (spendingReturned.has(activityType)) f.redeemed = -available;
  else if (activityType === "expire_point") f.expired = -available;
  else if (info.category === "remove") f.reversed = -available;
  else if (activityType === "deduct_pending_point") f.reversed = -pending;
  else if (info.category === "adjust" || activityType === "migrate_point") f.adjusted = available;
  return f;
}

/** Sums the figures of rows (raw entries or rollups: both carry type and net deltas). */
export function sumPointFigures(
  rows: Iterable<{ activityType: string; available: number; pending: number }>,
): PointFigures {
  const total: PointFigures = {
    earned: 0,
    redeemed: 0,
    expired: 0,
    reversed: 0,
    adjusted: 0,
    outstanding: 0,
  };
  for (const r of rows) {
    const f = pointFiguresOf(r.activityType, r.available, r.pending);
    for (const k of Object.keys(total) as (keyof PointFigures)[]) total[k] += f[k];
  }
  return total;
}

/** K-08: redemption rate = points redeemed ÷ points earned; null when nothing was earned. */
export function redemptionRate(redeemed: number, earned: number): number | null {
  return earned > 0 ? redeemed / earned : null;
}

/** K-08: average order value = total spent ÷ orders (minor units, rounded); null without orders. */
export function averageOrderValue(totalMinor: number, orders: number): number | null {
  return orders > 0 ? Math.round(totalMinor / orders) : null;
}

/** The change from the previous period as a fraction (0.25 = +25 %); null when it had nothing. */
export function changeFrom(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
