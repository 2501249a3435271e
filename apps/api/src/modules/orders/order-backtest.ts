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
  const rows = await repo.listDecidedOrdersSince(conn, shopId, since, limit);
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
