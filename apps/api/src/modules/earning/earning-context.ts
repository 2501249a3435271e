import type { Db, ShopRow, Tx } from "@laurel/db";
import {
  type CustomerState,
  DEFAULT_CURRENCY,
  type EarningCustomer,
  type EarningProgram,
  type EarningShop,
  stoppingOrderLimitOf,
  utcOffsetMinutes,
} from "@laurel/domain";

// Where the earning rules read stored programs (kept here for the earning modules that import it).
export { toEarningPrograms } from "../programs/program-rules";

import { storeTimeZoneOf } from "../shops/time-zone";
import { loadStandings } from "./earning.repository";

/** The plan's order limit per cycle that stops rewards (X-05: Starter's 150), or null (paid plans bill). */
export function orderLimitOf(shop: Pick<ShopRow, "plan">): number | null {
  return stoppingOrderLimitOf({ plan: shop.plan });
}

/** The shop as the earning rules see it at an instant. */
export function earningShopOf(shop: ShopRow, at: Date, ordersThisCycle: number): EarningShop {
  const s = shop.settings;
  return {
    currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
    utcOffsetMinutes: utcOffsetMinutes(storeTimeZoneOf(shop), at),
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

/** What the rules read of a customer beside their row (`earningStandingsOf`). */
export interface EarningStanding {
  vipTierId: string | null;
  ordersCount: number;
  totalSpent: number;
}

export function earningCustomerOf(
  c: {
    id: string;
    type: CustomerState;
    email: string | null;
    tags?: string[];
    is_b2b?: boolean;
  },
  standing?: EarningStanding,
): EarningCustomer {
  return {
    id: c.id,
    state: c.type,
    email: c.email,
    tags: c.tags ?? [],
    isB2B: c.is_b2b ?? false,
    vipTierId: standing?.vipTierId ?? null,
    ...(standing ? { ordersCount: standing.ordersCount, totalSpent: standing.totalSpent } : {}),
  };
}

/**
 * Whether any running program reads a customer's standing: a VIP-tier audience (C-22), or a
 * customer condition on the tier, order count or amount spent (C-19). Only then does a batch load
 * standings: most shops' orders cost no extra statement.
 */
export function programsReadStanding(programs: readonly EarningProgram[]): boolean {
  return programs.some((p) => {
    const config = p.config as { applyTo?: string; conditions?: { criteria?: string; field?: string }[] };
    return (
      config.applyTo === "vip_tier" ||
      (config.conditions ?? []).some(
        (c) =>
          c.criteria === "customer" && ["vip_tier", "orders_count", "total_spent"].includes(c.field ?? ""),
      )
    );
  });
}

/**
 * Many customers' standings in one statement: their tier while the shop's tiers are launched, and
 * their running order totals (paid orders less refunds, decision 0071; amounts in minor units).
 */
export async function earningStandingsOf(
  conn: Db | Tx,
  shopId: string,
  ids: readonly string[],
): Promise<Map<string, EarningStanding>> {
  const rows = await loadStandings(conn, shopId, ids);
  return new Map(
    rows.map((r) => [
      r.customer_id,
      { vipTierId: r.tier_id, ordersCount: r.orders_counted ?? 0, totalSpent: Number(r.spent_minor ?? 0) },
    ]),
  );
}
