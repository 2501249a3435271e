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

/** What a backtest needs besides the orders. */
export interface BacktestSetup {
  programs: readonly EarningProgram[];
  shop: EarningShop;
  now: IsoInstant;
  sampleSize?: number;
}

/**
 * A backtest fed a page of orders at a time (the job reads 100,000 orders in pages and reports its
 * progress between them). Pages must come oldest first; within a page any order. The result is the
 * same as `backtestOrders` over all the pages at once.
 */
export interface RunningBacktest {
  add(orders: readonly BacktestOrder[]): void;
  result(): BacktestResult;
}

const byCreatedAt = (a: BacktestOrder, b: BacktestOrder) =>
  a.order.createdAt < b.order.createdAt ? -1 : a.order.createdAt > b.order.createdAt ? 1 : 0;

/**
 * Evaluates each order, oldest first, with the rules tried. Earning limits count the awards the
 * rules tried would have made to the same customer before; shop-wide plan limits are not applied
 * (a backtest asks what the rules give, not what the plan allowed then).
 */
export function startBacktest(input: BacktestSetup): RunningBacktest {
  const shop: EarningShop = {
    ...input.shop,
    plan: { ...input.shop.plan, limit: null, transactionsLimited: false, ordersThisCycle: 0 },
  };
  const sampleSize = input.sampleSize ?? 20;
  // Earlier awards matter only to rules with a limit (each order is read once, so "already
  // awarded" cannot happen here); without one, nothing is kept per customer (P12).
  const keepsPrior = input.programs.some((p) => "hasLimit" in p.config && p.config.hasLimit);
  const prior = new Map<string, EarningPriorAward[]>();
  const perProgram = new Map<string, { awarded: number; would: number }>();
  const bump = (programId: string, key: "awarded" | "would", points: number) => {
    const row = perProgram.get(programId) ?? { awarded: 0, would: 0 };
    row[key] += points;
    perProgram.set(programId, row);
  };
  // The biggest changes so far, biggest first, earlier orders first among equals: the same as
  // sorting every changed order, without keeping 100,000 of them.
  const sample: BacktestResult["sample"] = [];
  const change = (o: BacktestResult["sample"][number]) => Math.abs(o.would - o.awarded);
  const keepInSample = (o: BacktestResult["sample"][number]) => {
    const size = change(o);
    const last = sample.at(-1);
    if (sample.length >= sampleSize && (last === undefined || change(last) >= size)) return;
    let at = sample.length;
    while (at > 0 && change(sample[at - 1] as BacktestResult["sample"][number]) < size) at -= 1;
    sample.splice(at, 0, o);
    if (sample.length > sampleSize) sample.pop();
  };
  let count = 0;
  let changedOrders = 0;
  let awardedPoints = 0;
  let wouldPoints = 0;
  return {
    add(orders) {
      for (const { order, name, awarded } of oldestFirst(orders)) {
        const customerId = order.customer?.id ?? null;
        const decision = evaluateOrderEarning({
          order,
          programs: input.programs,
          shop,
          priorAwards: keepsPrior && customerId ? (prior.get(customerId) ?? []) : [],
          now: input.now,
        });
        let then = 0;
        for (const a of awarded) {
          then += a.points;
          bump(a.programId, "awarded", a.points);
        }
        let would = 0;
        if (decision.kind === "reward") {
          would = decision.total;
          for (const a of decision.awards) bump(a.programId, "would", a.points);
          if (keepsPrior && customerId) {
            const list = prior.get(customerId) ?? [];
            for (const a of decision.awards)
              list.push({ programId: a.programId, at: order.createdAt, orderId: order.id });
            prior.set(customerId, list);
          }
        }
        count += 1;
        awardedPoints += then;
        wouldPoints += would;
        if (would !== then) {
          changedOrders += 1;
          keepInSample({ orderId: order.id, name, awarded: then, would });
        }
      }
    },
    result() {
      return {
        orders: count,
        awardedPoints,
        wouldPoints,
        programs: [...perProgram.entries()].map(([programId, v]) => ({ programId, ...v })),
        changedOrders,
        sample: sample.map((o) => ({ ...o })),
      };
    },
  };
}

/** The page as given when it is already oldest first (the job's pages are), else a sorted copy. */
function oldestFirst(orders: readonly BacktestOrder[]): readonly BacktestOrder[] {
  for (let i = 1; i < orders.length; i += 1) {
    if (byCreatedAt(orders[i - 1] as BacktestOrder, orders[i] as BacktestOrder) > 0)
      return [...orders].sort(byCreatedAt);
  }
  return orders;
}

/** All the orders at once (oldest first or not): `startBacktest` fed one page. */
export function backtestOrders(input: BacktestSetup & { orders: readonly BacktestOrder[] }): BacktestResult {
  const run = startBacktest(input);
  run.add(input.orders);
  return run.result();
}
