import type { ShopRow } from "@laurel/db";
import {
  type EarningCustomer,
  type EarningProgram,
  type EarningShop,
  earningProgramSchema,
} from "@laurel/domain";
import { utcOffsetMinutes } from "../../infra/timezone";

/** the one order-volume limit that stops programs (Starter); paid plans bill usage instead. */
export const STARTER_MONTHLY_ORDER_LIMIT = 150;

/** Stored earning programs as the domain reads them; a row whose settings no longer parse earns nothing. */
export function toEarningPrograms(
  rows: readonly {
    id: string;
    event: string;
    title: string;
    translate_title: Record<string, string>;
    description: string | null;
    status: string;
    priority: number;
    starts_at: Date | null;
    ends_at: Date | null;
    config: Record<string, unknown>;
  }[],
): EarningProgram[] {
  return rows.flatMap((r) => {
    const parsed = earningProgramSchema.safeParse({
      id: r.id,
      type: "earning",
      event: r.event,
      title: r.title,
      translateTitle: r.translate_title,
      description: r.description,
      status: r.status,
      priority: r.priority,
      startDate: r.starts_at?.toISOString().slice(0, 10) ?? null,
      endDate: r.ends_at?.toISOString().slice(0, 10) ?? null,
      config: r.config,
    });
    return parsed.success ? [{ ...parsed.data, id: r.id } as EarningProgram] : [];
  });
}

/** The shop as the earning rules see it at an instant. */
export function earningShopOf(shop: ShopRow, at: Date, ordersThisCycle: number): EarningShop {
  const s = shop.settings;
  return {
    currency: shop.platform_info.currency ?? "USD",
    utcOffsetMinutes: utcOffsetMinutes(shop.platform_info.ianaTimezone, at),
    sandbox: s.sandbox ?? { enabled: false, testEmails: [] },
    eligibility: s.eligibility ?? "all",
    plan: {
      ordersThisCycle,
      limit: shop.plan === "free" ? STARTER_MONTHLY_ORDER_LIMIT : null,
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
  type: "member" | "guest" | "left";
  email: string | null;
  tags?: string[];
}): EarningCustomer {
  return { id: c.id, state: c.type, email: c.email, tags: c.tags ?? [], isB2B: false, vipTierId: null };
}
