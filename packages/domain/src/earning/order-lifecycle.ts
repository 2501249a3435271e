import { type AwardForReversal, computeOrderReversal, type RefundForReversal } from "./reversal";

/**
 * The rules of an order's life after it reaches Laurel (decision 0012, H-09, H-17): when it earns,
 * how much a refund or cancellation takes back, and from which balance. The order pipeline applies
 * these decisions; it holds no rule of its own.
 */

/** What the platform told about an order. */
export type OrderEvent = "created" | "paid" | "fulfilled" | "cancelled";
/** Which order event earns points in a shop (decision 0012; `paid` by default). */
export type EarningTrigger = "created" | "paid" | "fulfilled";
export const DEFAULT_EARNING_TRIGGER: EarningTrigger = "paid";

/**
 * Shopify's financial statuses of an order that has been paid in full (refunds come after a
 * payment). `partially_paid` is not paid: `orders/paid` fires only once the order is paid in full.
 */
const PAID_FINANCIAL_STATUSES: ReadonlySet<string> = new Set(["paid", "partially_refunded", "refunded"]);

export function isPaidFinancialStatus(status: string | null | undefined): boolean {
  return PAID_FINANCIAL_STATUSES.has(status ?? "");
}

/** Has the order reached the shop's earning event, whichever topic told us? */
export function reachedEarningTrigger(
  trigger: EarningTrigger,
  event: OrderEvent,
  order: { paidAt: unknown; fulfilledAt: unknown; financialStatus: string | null | undefined },
): boolean {
  switch (trigger) {
    case "created":
      return true;
    case "paid":
      return event === "paid" || order.paidAt !== null || isPaidFinancialStatus(order.financialStatus);
    case "fulfilled":
      return event === "fulfilled" || order.fulfilledAt !== null;
  }
}

/** The event a re-read order stands for (reconciliation reads orders, not events). */
export function orderEventOf(order: {
  cancelled: boolean;
  financialStatus: string | null | undefined;
}): OrderEvent {
  if (order.cancelled) return "cancelled";
  return isPaidFinancialStatus(order.financialStatus) ? "paid" : "created";
}

/**
 * H-17: each program's award is reversed pro rata on the money it was computed on, never more
 * than what is left of the order's points (a cancel or full refund takes the rest), and only
 * where the program says so.
 */
export function orderReversalPoints(
  awards: readonly AwardForReversal[],
  refund: RefundForReversal,
  order: { pointsAwarded: number; pointsReversed: number },
): number {
  const total = awards.reduce((sum, a) => sum + computeOrderReversal(a, refund), 0);
  return Math.min(total, Math.max(0, order.pointsAwarded - order.pointsReversed));
}

export interface TakeBack {
  /** From the pending balance (H-09 "deduct pending point"). */
  fromPending: number;
  /** From the available balance ("remove point"). */
  fromAvailable: number;
  /** Tier points that go with them (never below zero). */
  tierPoints: number;
  /** Points that could not be taken because they were already spent: forgiven (decision 0013). */
  forgiven: number;
}

/**
 * Where points taken back come from: pending first (while the order's award is still held), then
 * available — at most what is available: points already spent are forgiven, never an overdraft.
 */
export function splitTakeBack(
  points: number,
  balances: { orderPending: number; pending: number; available: number; tier: number },
): TakeBack {
  const fromPending = Math.max(0, Math.min(points, balances.orderPending, balances.pending));
  const fromAvailable = Math.max(0, Math.min(points - fromPending, balances.available));
  const tierPoints = Math.max(0, Math.min(points, balances.tier));
  return { fromPending, fromAvailable, tierPoints, forgiven: points - fromPending - fromAvailable };
}
