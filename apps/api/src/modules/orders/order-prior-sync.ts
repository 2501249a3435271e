import type { ShopRow } from "@laurel/db";
import { orderEventOf } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import type { PlatformOrder } from "../../platform/order";
import { pointsEarnedEmail } from "../mail/mail.effects";
import { applyOrderNews, type OrderNews } from "./order-batch";
import { orderEffects, runOrderEffects } from "./order-effects";
import * as repo from "./orders.repository";

/**
 * The past-order sync's reads and writes (C-27, X-47, decision 0165). Past orders earn through
 * `applyOrderNews` as `prior` news: the same rules, keys and row locks as every order, so an order
 * the pipeline rewarded, or a second pass, never earns twice.
 */

/** After-order effects of a sync: tier progress, referrals and milestones, but no "points earned" e-mail for an old order. */
const priorOrderEffects = orderEffects.filter((e) => e !== pointsEarnedEmail);

export interface PriorOrderCredit {
  /** Orders credited now, and the points they earned. */
  credited: number;
  points: number;
}

/** Applies past orders in one transaction; answers what they earned now. */
export async function creditPriorOrders(
  deps: Deps,
  shop: ShopRow,
  orders: readonly PlatformOrder[],
): Promise<PriorOrderCredit> {
  if (orders.length === 0) return { credited: 0, points: 0 };
  const news: OrderNews[] = orders.map((order) => ({
    kind: "order",
    event: orderEventOf({ cancelled: order.cancelledAt !== null, financialStatus: order.financialStatus }),
    order,
    prior: true,
  }));
  const outcomes = await deps.db.transaction().execute(async (trx) => {
    const applied = await applyOrderNews(deps, trx, shop, news);
    await runOrderEffects(deps, trx, applied, priorOrderEffects);
    return applied;
  });
  const earned = outcomes.filter((o) => o.previousStatus !== "rewarded" && o.order.status === "rewarded");
  return { credited: earned.length, points: earned.reduce((sum, o) => sum + o.pointsEarned, 0) };
}

export type PriorOrderCursor = { orderedAt: Date; orderId: string };

export function countUnearnedOrders(deps: Deps, shopId: string, since: Date): Promise<number> {
  return repo.countUnearnedOrdersSince(deps.db, shopId, since);
}

/**
 * A page of the shop's stored orders since `since` that have not earned, as the platform told them
 * (the facts kept on the row); rows that never learnt the order (a refund came first) are counted
 * as read but not told.
 */
export async function listUnearnedOrdersPage(
  deps: Deps,
  shopId: string,
  since: Date,
  after: PriorOrderCursor | null,
  limit: number,
): Promise<{ read: number; last: PriorOrderCursor | null; orders: PlatformOrder[] }> {
  const rows = await repo.listUnearnedOrdersPage(deps.db, shopId, since, after, limit);
  const lastRow = rows.at(-1);
  const orders = rows.flatMap((row) => {
    const facts = row.facts as unknown as PlatformOrder & { createdAt: string; cancelledAt: string | null };
    if (!Array.isArray(facts.lines) || typeof facts.orderId !== "string") return [];
    const {
      earningTrace: _trace,
      awards: _awards,
      ...told
    } = facts as typeof facts & {
      earningTrace?: unknown;
      awards?: unknown;
    };
    return [
      {
        ...told,
        createdAt: new Date(facts.createdAt),
        cancelledAt: facts.cancelledAt ? new Date(facts.cancelledAt) : null,
      } as PlatformOrder,
    ];
  });
  return {
    read: rows.length,
    last: lastRow ? { orderedAt: lastRow.ordered_at, orderId: lastRow.order_id } : null,
    orders,
  };
}
