import { describe, expect, it } from "vitest";
import { backtestOrders, startBacktest } from "./backtest";
import { customer, line, NOW, order, program, shop } from "./fixtures.test-support";

/** Orders of 250.00 each (25 points at 10 per 100.00); the first two by one customer, the third by another. */
const orders = [
  { id: "o1", at: "2026-06-01T10:00:00.000Z", customerId: "cus_1" },
  { id: "o2", at: "2026-06-02T10:00:00.000Z", customerId: "cus_1" },
  { id: "o3", at: "2026-06-03T10:00:00.000Z", customerId: "cus_2" },
].map(({ id, at, customerId }) => ({
  order: order({
    id,
    createdAt: at,
    paidAt: at,
    lines: [line({ unitPrice: 25_000 })],
    customer: customer({ id: customerId }),
  }),
  name: `#${id}`,
  awarded: [{ programId: "prg_default", points: 25 }],
}));

describe("backtest of place order rules (issue 14)", () => {
  it("compares what was awarded with what the rules tried would give, per program and per order", () => {
    const doubled = program({ earnPoint: 20 });
    const result = backtestOrders({ orders, programs: [doubled], shop: shop(), now: NOW });
    expect(result).toMatchObject({ orders: 3, awardedPoints: 75, wouldPoints: 150, changedOrders: 3 });
    expect(result.programs).toEqual([{ programId: "prg_default", awarded: 75, would: 150 }]);
    expect(result.sample.map((o) => o.orderId)).toEqual(["o1", "o2", "o3"]);
    expect(result.sample[0]).toEqual({ orderId: "o1", name: "#o1", awarded: 25, would: 50 });
  });

  it("the same rules change nothing", () => {
    const result = backtestOrders({ orders, programs: [program()], shop: shop(), now: NOW });
    expect(result).toMatchObject({ awardedPoints: 75, wouldPoints: 75, changedOrders: 0, sample: [] });
  });

  it("earning limits count the tried rules' own earlier awards to the same customer, oldest order first", () => {
    const oncePerLifetime = program({ hasLimit: true, limitUnit: "lifetime", limitInterval: 1 });
    const reversed = [...orders].reverse();
    const result = backtestOrders({ orders: reversed, programs: [oncePerLifetime], shop: shop(), now: NOW });
    expect(result.wouldPoints).toBe(50);
    expect(result.sample).toEqual([{ orderId: "o2", name: "#o2", awarded: 25, would: 0 }]);
  });

  it("ignores the plan's order limit, and never earns on a cancelled order", () => {
    const limited = shop({ plan: { ...shop().plan, limit: 1, ordersThisCycle: 5 } });
    const [first, second] = orders as [(typeof orders)[number], (typeof orders)[number]];
    const cancelled = { ...first, order: { ...first.order, cancelledAt: "2026-06-01T11:00:00.000Z" } };
    const result = backtestOrders({
      orders: [cancelled, second],
      programs: [program()],
      shop: limited,
      now: NOW,
    });
    expect(result.wouldPoints).toBe(25);
    expect(result.sample).toEqual([{ orderId: "o1", name: "#o1", awarded: 25, would: 0 }]);
  });

  it("fed a page at a time (the job's progress), oldest pages first, it answers as over all at once", () => {
    const oncePerLifetime = program({ hasLimit: true, limitUnit: "lifetime", limitInterval: 1 });
    const setup = { programs: [oncePerLifetime], shop: shop(), now: NOW };
    const run = startBacktest(setup);
    run.add(orders.slice(0, 1));
    expect(run.result()).toMatchObject({ orders: 1, wouldPoints: 25, changedOrders: 0 });
    run.add(orders.slice(1));
    expect(run.result()).toEqual(backtestOrders({ ...setup, orders }));
    expect(run.result()).toMatchObject({ orders: 3, wouldPoints: 50, changedOrders: 1 });
  });

  it("keeps the biggest changes as a sample, earlier orders first among equal changes", () => {
    // Orders of 100.00 to 900.00 awarded 0: each would earn 10 to 90 points; two of each size.
    const many = Array.from({ length: 18 }, (_, i) => {
      const at = new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString();
      return {
        order: order({
          id: `m${i}`,
          createdAt: at,
          paidAt: at,
          lines: [line({ unitPrice: 10_000 * (1 + (i % 9)) })],
          customer: customer({ id: `cus_${i}` }),
        }),
        name: null,
        awarded: [],
      };
    });
    const result = backtestOrders({
      orders: many,
      programs: [program()],
      shop: shop(),
      now: NOW,
      sampleSize: 3,
    });
    expect(result.changedOrders).toBe(18);
    expect(result.sample).toEqual([
      { orderId: "m8", name: null, awarded: 0, would: 90 },
      { orderId: "m17", name: null, awarded: 0, would: 90 },
      { orderId: "m7", name: null, awarded: 0, would: 80 },
    ]);
  });
});
