import { type PlanTier, planTierOf } from "./plans";

/**
 * Order volume per 30-day cycle (B-10, B-29, R-12, X-01, X-02, X-05, X-06, X-07, X-70) and the
 * anti-fraud transaction limit (B-30, X-09).
 */

/** one constant; the 2000/500/250 figures in the seeds are stale marketing copy. */
export const STARTER_MONTHLY_ORDER_LIMIT = 150;

export interface PlanOrderPolicy {
  /** Orders rewarded per cycle before the overage rule applies. */
  includedOrders: number;
  /** Starter stops rewarding at the limit; paid plans bill each extra order. */
  overage: "stop" | "bill";
  /** Usage price per extra order in USD cents (B-10). */
  pricePerExtraOrderCents: number;
  /** the platform's usage cap per cycle in USD cents (total ceiling − base price). */
  usageCapCents: number;
}

export const PLAN_ORDER_POLICIES: Record<PlanTier, PlanOrderPolicy> = {
  starter: {
    includedOrders: STARTER_MONTHLY_ORDER_LIMIT,
    overage: "stop",
    pricePerExtraOrderCents: 0,
    usageCapCents: 0,
  },
  essential: { includedOrders: 500, overage: "bill", pricePerExtraOrderCents: 15, usageCapCents: 47_401 },
  // 1,000 free orders in total with the POS extension.
  essential_pos: {
    includedOrders: 1_000,
    overage: "bill",
    pricePerExtraOrderCents: 15,
    usageCapCents: 45_901,
  },
  advanced: { includedOrders: 2_000, overage: "bill", pricePerExtraOrderCents: 10, usageCapCents: 990_100 },
  ultimate: { includedOrders: 7_000, overage: "bill", pricePerExtraOrderCents: 5, usageCapCents: 9_950_100 },
};

export interface PlanRef {
  plan: string;
  posExtension?: boolean;
}

/** the `pro_3_2024` variant keeps the 499 cap the seeds state for it. */
export function orderPolicyOf({ plan, posExtension }: PlanRef): PlanOrderPolicy {
  const policy = PLAN_ORDER_POLICIES[planTierOf(plan, { posExtension })];
  return plan === "pro_3_2024" && !posExtension ? { ...policy, usageCapCents: 49_900 } : policy;
}

export type PlanLimitStatus = "ok" | "warning" | "reached";

/**
 * X-01 (reading A): warning when `warningFrom ≤ count ≤ limit` (default 0.8 × limit, 120–150 on
 * Starter), reached (the banner's critical state) when `count > limit`.
 * `ordersThisCycle` counts orders processed in the current cycle, rewarded or logged.
 */
export function checkPlanLimit(
  input: PlanRef & { ordersThisCycle: number; warningFrom?: number },
): PlanLimitStatus {
  const limit = orderPolicyOf(input).includedOrders;
  const warningFrom = input.warningFrom ?? Math.ceil(0.8 * limit);
  // X-01: the lower bound is a parameter that must sit below the limit (the seeds' 200 > 150 never warns).
  if (!(warningFrom >= 0 && warningFrom < limit)) {
    throw new RangeError(`warningFrom must be in [0, ${limit}), got ${warningFrom}`);
  }
  if (input.ordersThisCycle > limit) return "reached";
  if (input.ordersThisCycle >= warningFrom) return "warning";
  return "ok";
}

export type OrderRewardDecision =
  | { action: "reward"; billable: boolean }
  | { action: "log"; reason: "order_limit_reached" | "usage_cap_reached" };

/**
 * Whether the next order (after `ordersThisCycle` processed ones) earns points. Orders 1–150 on
 * Starter are rewarded; from order 151 they are only logged (`log_order`, X-70). Paid plans bill
 * extra orders until the platform's usage cap would be exceeded.
 */
export function decideOrderReward(
  input: PlanRef & { ordersThisCycle: number; usageChargedCents?: number },
): OrderRewardDecision {
  const policy = orderPolicyOf(input);
  if (input.ordersThisCycle < policy.includedOrders) return { action: "reward", billable: false };
  if (policy.overage === "stop") return { action: "log", reason: "order_limit_reached" };
  const charged = input.usageChargedCents ?? 0;
  if (charged + policy.pricePerExtraOrderCents > policy.usageCapCents) {
    return { action: "log", reason: "usage_cap_reached" };
  }
  return { action: "reward", billable: true };
}

export const TRANSACTION_LIMIT_MESSAGE =
  "You've reached the transaction limit. Contact us now to verify account.";

export type TransactionLimitCheck =
  | { status: "ok"; remaining: number | null }
  | { status: "reached"; remaining: 0; message: typeof TRANSACTION_LIMIT_MESSAGE };

/**
 * B-30, X-09: an anti-fraud ceiling on ledger entries for unverified shops, set per shop by staff
 * and independent of the plan. At the cap every reward program stops.
 */
export function checkTransactionLimit(input: {
  shouldLimitTransactions: boolean;
  transactionLimit: number | null;
  countTransactions: number;
}): TransactionLimitCheck {
  if (!input.shouldLimitTransactions || input.transactionLimit === null) {
    return { status: "ok", remaining: null };
  }
  const remaining = input.transactionLimit - input.countTransactions;
  if (remaining <= 0) return { status: "reached", remaining: 0, message: TRANSACTION_LIMIT_MESSAGE };
  return { status: "ok", remaining };
}

/** the order count after which a plan stops rewarding (Starter's 150), or null. */
export function stoppingOrderLimitOf(plan: PlanRef): number | null {
  const policy = orderPolicyOf(plan);
  return policy.overage === "stop" ? policy.includedOrders : null;
}
