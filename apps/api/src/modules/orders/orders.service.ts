import type { Tx } from "@laurel/db";
import { orderEventOf, settlePendingAward } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { postEntry } from "../ledger/ledger.service";
import { getShopOrThrow } from "../shops/shops.service";
import { applyOrderNews, type OrderNews } from "./order-batch";
import { runOrderEffects } from "./order-effects";
import { ORDER_ACTIVITY } from "./order-facts";
import * as repo from "./orders.repository";

export {
  backtestCursorAfter,
  countBacktestOrders,
  listBacktestOrders,
  listBacktestOrdersPage,
} from "./order-backtest";
/**
 * Orders → points (DESIGN §4, H-17, decisions 0012 and 0018). Order news is applied by
 * `applyOrderNews` (set-based, a batch at a time) followed by the after-order effects; every
 * piece of news locks its order's row first, so deliveries in any order and any number converge:
 * the award is posted at most once (`order:{id}:earn`), each refund at most once (`refund:{id}`),
 * and a refund that arrives before the award is kept and applied the moment the points exist.
 */
export type { OrderNews } from "./order-batch";
export { findOrdersToExplain } from "./orders.repository";

/** Applies one shop's order news and what follows an order, in the caller's transaction. */
export async function applyOrderNewsAndEffects(
  deps: Deps,
  trx: Tx,
  shop: Parameters<typeof applyOrderNews>[2],
  news: readonly OrderNews[],
) {
  const outcomes = await applyOrderNews(deps, trx, shop, news);
  await runOrderEffects(deps, trx, outcomes);
  return outcomes;
}

/** H-09: pending points whose holding period is over become available, once per order. */
export async function convertDuePendingPoints(deps: Deps, limit = 500): Promise<number> {
  const now = deps.clock.now();
  const due = await repo.listDuePendingOrders(deps.db, now, limit);
  let converted = 0;
  for (const { shop_id, order_id } of due) {
    if (await convertOrderPendingPoints(deps, shop_id, order_id, { featureEnabled: true })) converted += 1;
  }
  return converted;
}

/**
 * H-09, H-10: one order's pending points become available, in its own transaction under the
 * order's lock, once whoever asks (`order:{id}:pending-convert`): when the holding period is over,
 * or at once when the shop turned the feature off (`featureEnabled: false`). True if converted now.
 */
export async function convertOrderPendingPoints(
  deps: Deps,
  shopId: string,
  orderId: string,
  state: { featureEnabled: boolean },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await repo.findOrderForUpdate(trx, shopId, orderId);
    if (!row?.customer_id || row.pending_points <= 0) return false;
    const settlement = settlePendingAward(
      { points: row.pending_points, pendingUntil: row.pending_until?.toISOString() ?? null },
      { pointsRemoved: 0, featureEnabled: state.featureEnabled },
      now.toISOString(),
    );
    if (settlement.kind !== "convert") return false;
    await postEntry(trx, {
      shopId,
      customerId: row.customer_id,
      activityType: ORDER_ACTIVITY.convertPending,
      available: settlement.points,
      pending: -settlement.points,
      idempotencyKey: `order:${orderId}:pending-convert`,
      sourceRef: orderId,
    });
    await repo.updateOrder(trx, shopId, orderId, { pending_points: 0, pending_until: null });
    return true;
  });
}

/**
 * H-10: the shop turned pending points off, so every pending award of the shop converts now,
 * whatever its holding period. One batch of orders by id after `after`; answers how many converted
 * and where the next batch starts (null when none is left). Safe to repeat.
 */
export async function convertShopPendingPoints(
  deps: Deps,
  shopId: string,
  batch: { after?: string | null; limit?: number } = {},
): Promise<{ converted: number; next: string | null }> {
  const limit = batch.limit ?? 500;
  const pending = await repo.listPendingOrdersOfShop(deps.db, shopId, batch.after ?? null, limit);
  let converted = 0;
  for (const { order_id } of pending) {
    if (await convertOrderPendingPoints(deps, shopId, order_id, { featureEnabled: false })) converted += 1;
  }
  return { converted, next: pending.length === limit ? (pending.at(-1)?.order_id ?? null) : null };
}

/** How far back reconciliation looks: webhooks are retried by Shopify for 48 hours. */
export const RECONCILE_WINDOW_MS = 72 * 3_600_000;
const RECONCILE_BATCH = 200;

/**
 * Reconciliation: re-reads the shop's recent orders from the platform and applies each as if its
 * webhook had arrived. Everything above is idempotent, so an order already credited is left as it
 * is and a missed one is credited exactly once.
 */
export async function reconcileShopOrders(
  deps: Deps,
  shopId: string,
): Promise<{ seen: number; credited: number }> {
  const shop = await getShopOrThrow(deps, shopId);
  if (shop.uninstalled_at) return { seen: 0, credited: 0 };
  const since = new Date(deps.clock.now().getTime() - RECONCILE_WINDOW_MS);
  const orders = await deps.platform.listRecentOrders(
    { domain: shop.shopify_domain, accessToken: shop.access_token },
    since,
  );
  const news: OrderNews[] = orders.map((order) => ({
    kind: "order",
    event: orderEventOf({ cancelled: order.cancelledAt !== null, financialStatus: order.financialStatus }),
    order,
  }));
  let credited = 0;
  // In batches, one transaction each, as the webhook processor applies them.
  for (let i = 0; i < news.length; i += RECONCILE_BATCH) {
    const outcomes = await deps.db
      .transaction()
      .execute((trx) => applyOrderNewsAndEffects(deps, trx, shop, news.slice(i, i + RECONCILE_BATCH)));
    credited += outcomes.filter(
      (o) => o.previousStatus !== "rewarded" && o.order.status === "rewarded",
    ).length;
  }
  return { seen: orders.length, credited };
}

export {
  countUnearnedOrders,
  creditPriorOrders,
  listUnearnedOrdersPage,
  type PriorOrderCursor,
} from "./order-prior-sync";
