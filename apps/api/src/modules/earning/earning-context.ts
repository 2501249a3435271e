import type { ShopRow } from "@laurel/db";
import {
  type CustomerState,
  DEFAULT_CURRENCY,
  type EarningCustomer,
  type EarningShop,
  stoppingOrderLimitOf,
  utcOffsetMinutes,
} from "@laurel/domain";

// Where the earning rules read stored programs (kept here for the earning modules that import it).
export { toEarningPrograms } from "../programs/program-rules";

/** The plan's order limit per cycle that stops rewards (X-05: Starter's 150), or null (paid plans bill). */
export function orderLimitOf(shop: Pick<ShopRow, "plan">): number | null {
  return stoppingOrderLimitOf({ plan: shop.plan });
}

/** The shop as the earning rules see it at an instant. */
export function earningShopOf(shop: ShopRow, at: Date, ordersThisCycle: number): EarningShop {
  const s = shop.settings;
  return {
    currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
    utcOffsetMinutes: utcOffsetMinutes(shop.platform_info.ianaTimezone, at),
    sandbox: s.sandbox ?? { enabled: false, testEmails: [] },
    eligibility: s.eligibility ?? "all",
    plan: {
      ordersThisCycle,
      limit: orderLimitOf(shop),
      transactionsLimited: shop.should_limit_transactions,
      transactionCount: shop.count_transactions,
      transactionLimit: shop.transaction_limit,
    },
    pendingPoints: s.pendingPoints?.enabled
      ? {
          enabled: true,
          holdingPeriod: { value: s.pendingPoints.value, unit: s.pendingPoints.unit },
          startsAt: "paid",
        }
      : null,
  };
}

export function earningCustomerOf(c: {
  id: string;
  type: CustomerState;
  email: string | null;
  tags?: string[];
}): EarningCustomer {
  return { id: c.id, state: c.type, email: c.email, tags: c.tags ?? [], isB2B: false, vipTierId: null };
}
