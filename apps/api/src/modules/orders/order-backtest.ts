import type { Db, Tx } from "@laurel/db";
import type { BacktestOrder } from "@laurel/domain";
import type { PlatformOrder } from "../../platform/order";
import { earningCustomerOf } from "../earning/earning-context";
import { type StoredAward, toEarningOrder } from "./order-facts";
import * as repo from "./orders.repository";

/**
 * The shop's decided orders since `since`, as the backtest reads them (issue 14): each order as the
 * earning rules see it, with what it was awarded per program. Orders still open (not decided) and
 * guest orders are left out. Read-only.
 */
export async function listBacktestOrders(
  conn: Db | Tx,
  shopId: string,
  since: Date,
  limit: number,
): Promise<BacktestOrder[]> {
  return toBacktestOrders(await repo.listDecidedOrdersSince(conn, shopId, since, limit));
}

type DecidedOrderRow = Awaited<ReturnType<typeof repo.listDecidedOrdersPage>>[number];

function toBacktestOrders(rows: readonly DecidedOrderRow[]): BacktestOrder[] {
  return rows.flatMap((row) => {
    if (!row.customer_id || !row.customer_type) return [];
    const facts = row.facts as unknown as PlatformOrder & { awards?: StoredAward[]; createdAt: string };
    if (!Array.isArray(facts.lines)) return [];
    const order: PlatformOrder = {
      ...facts,
      createdAt: new Date(facts.createdAt),
      cancelledAt: facts.cancelledAt ? new Date(facts.cancelledAt as unknown as string) : null,
    };
    const customer = earningCustomerOf({ id: row.customer_id, type: row.customer_type, email: row.email });
    const decidedAt = row.rewarded_at ?? row.ordered_at;
    return [
      {
        order: toEarningOrder(order, row, customer, decidedAt),
        name: row.name,
        awarded: (facts.awards ?? []).map((a) => ({ programId: a.programId, points: a.points })),
      },
    ];
  });
}

/** How many decided orders a backtest since `since` reads (the job's progress total). */
export function countBacktestOrders(conn: Db | Tx, shopId: string, since: Date): Promise<number> {
  return repo.countDecidedOrdersSince(conn, shopId, since);
}

/**
 * One page of the backtest's orders, oldest first, after the previous page's last row (decision
 * 0123): the rows read (for the progress and the next cursor) and the orders the rules read.
 */
export async function listBacktestOrdersPage(
  conn: Db | Tx,
  shopId: string,
  since: Date,
  after: { orderedAt: Date; orderId: string } | null,
  limit: number,
): Promise<{ read: number; last: { orderedAt: Date; orderId: string } | null; orders: BacktestOrder[] }> {
  const rows = await repo.listDecidedOrdersPage(conn, shopId, since, after, limit);
  const lastRow = rows.at(-1);
  return {
    read: rows.length,
    last: lastRow ? { orderedAt: lastRow.ordered_at, orderId: lastRow.order_id } : null,
    orders: toBacktestOrders(rows),
  };
}

/** The cursor that skips the oldest `skip` decided orders since `since` (a capped backtest reads the newest). */
export async function backtestCursorAfter(conn: Db | Tx, shopId: string, since: Date, skip: number) {
  if (skip <= 0) return null;
  const row = await repo.decidedOrderKeyAt(conn, shopId, since, skip - 1);
  return row ? { orderedAt: row.ordered_at, orderId: row.order_id } : null;
}
