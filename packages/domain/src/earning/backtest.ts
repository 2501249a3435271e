/**
 * Backtest (issue 14): what a shop's stored orders would have earned under other place order
 * rules, against what they were awarded. Pure, and it never writes: the caller passes the orders
 * (oldest first or not), the rules to try and the shop, and shows the result.
 */
import type { EarningProgram } from "../programs/earning";
import { evaluateOrderEarning } from "./order-earning";
import type { EarningOrder, EarningPriorAward, EarningShop, IsoInstant } from "./types";

export interface BacktestOrder {
  order: EarningOrder;
  name: string | null;
  /** What the order was awarded, per program (the ledger's truth, not a re-evaluation). */
  awarded: ReadonlyArray<{ programId: string; points: number }>;
}

export interface BacktestResult {
  orders: number;
  awardedPoints: number;
  wouldPoints: number;
  /** Per program, awarded then and would be awarded under the rules tried. */
  programs: Array<{ programId: string; awarded: number; would: number }>;
  changedOrders: number;
  /** Up to `sampleSize` orders whose points change, biggest change first. */
  sample: Array<{ orderId: string; name: string | null; awarded: number; would: number }>;
}

/**
 * Evaluates each order, oldest first, with the rules tried. Earning limits count the awards the
 * rules tried would have made to the same customer before; shop-wide plan limits are not applied
 * (a backtest asks what the rules give, not what the plan allowed then).
 */
export function backtestOrders(input: {
  orders: readonly BacktestOrder[];
  programs: readonly EarningProgram[];
  shop: EarningShop;
  now: IsoInstant;
  sampleSize?: number;
}): BacktestResult {
  const shop: EarningShop = {
    ...input.shop,
    plan: { ...input.shop.plan, limit: null, transactionsLimited: false, ordersThisCycle: 0 },
  };
  const sorted = [...input.orders].sort((a, b) =>
    a.order.createdAt < b.order.createdAt ? -1 : a.order.createdAt > b.order.createdAt ? 1 : 0,
  );
  const prior = new Map<string, EarningPriorAward[]>();
  const perProgram = new Map<string, { awarded: number; would: number }>();
  const bump = (programId: string, key: "awarded" | "would", points: number) => {
    const row = perProgram.get(programId) ?? { awarded: 0, would: 0 };
    row[key] += points;
    perProgram.set(programId, row);
  };
  const changed: BacktestResult["sample"] = [];
  let awardedPoints = 0;
  let wouldPoints = 0;
  for (const { order, name, awarded } of sorted) {
    const customerId = order.customer?.id ?? null;
    const decision = evaluateOrderEarning({
      order,
      programs: input.programs,
      shop,
      priorAwards: customerId ? (prior.get(customerId) ?? []) : [],
      now: input.now,
    });
    const then = awarded.reduce((sum, a) => sum + a.points, 0);
    for (const a of awarded) bump(a.programId, "awarded", a.points);
    let would = 0;
    if (decision.kind === "reward") {
      would = decision.total;
      for (const a of decision.awards) bump(a.programId, "would", a.points);
      if (customerId) {
        const list = prior.get(customerId) ?? [];
        for (const a of decision.awards)
          list.push({ programId: a.programId, at: order.createdAt, orderId: order.id });
        prior.set(customerId, list);
      }
    }
    awardedPoints += then;
    wouldPoints += would;
    if (would !== then) changed.push({ orderId: order.id, name, awarded: then, would });
  }
  changed.sort((a, b) => Math.abs(b.would - b.awarded) - Math.abs(a.would - a.awarded));
  return {
    orders: sorted.length,
    awardedPoints,
    wouldPoints,
    programs: [...perProgram.entries()].map(([programId, v]) => ({ programId, ...v })),
    changedOrders: changed.length,
    sample: changed.slice(0, input.sampleSize ?? 20),
  };
}
