import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyMatcher,
  type EarningCustomer,
  type EarningOrder,
  type EarningShop,
  evaluateOrderEarning,
  type Matcher,
  type OrderEarningInput,
  type PlaceOrderConfig,
  type PlaceOrderProgram,
  roundPoints,
  windowStart,
} from "./order-earning";

const NOW = "2026-06-15T12:00:00.000Z";
const order = (o: Partial<EarningOrder> = {}): EarningOrder => ({
  orderId: "1001",
  source: "web",
  tags: [],
  currency: "USD",
  cancelled: false,
  lines: [
    {
      productId: "p1",
      variantId: "v1",
      collectionIds: ["c1"],
      quantity: 2,
      unitPrice: 5_000,
      discount: 0,
      isGiftCard: false,
      isFreeGift: false,
    },
  ],
  shipping: 1_000,
  fees: 200,
  taxes: [{ title: "VAT", amount: 800 }],
  storeCreditPaid: 0,
  total: 12_000,
  ...o,
});
const member: EarningCustomer = {
  id: "cus_1",
  state: "member",
  email: "ada@example.com",
  tags: ["vip"],
  isB2B: false,
  vipTierId: null,
};
const shop: EarningShop = {
  utcOffsetMinutes: 0,
  eligibility: "all",
  sandbox: { enabled: false, testEmails: [] },
  ordersThisCycle: 0,
  orderLimit: null,
  transactionsLimited: false,
  transactionCount: 0,
  transactionLimit: null,
};
const program = (
  config: Partial<PlaceOrderConfig> = {},
  p: Partial<PlaceOrderProgram> = {},
): PlaceOrderProgram => ({
  id: "prg_order",
  status: "active",
  priority: 99,
  startDate: null,
  endDate: null,
  config: { earnBy: "price", earnPoint: 10, rateMoney: 10_000, ...config },
  ...p,
});
const run = (over: Partial<OrderEarningInput> = {}) =>
  evaluateOrderEarning({
    order: order(),
    customer: member,
    programs: [program()],
    shop,
    priorAwards: [],
    now: NOW,
    ...over,
  });
const pointsOf = (over: Partial<OrderEarningInput>) => {
  const d = run(over);
  return d.kind === "reward" ? d.points : 0;
};

describe("C-13 / C-15 / C-17: how an order turns into points", () => {
  it.each([
    ["C-15 default: 10 points per 100.00 on 100.00 of goods", {}, 10],
    ["C-13 price with shipping (C-14 earnPointShippingFee)", { earnPointShippingFee: true }, 11],
    ["C-14 tax converted", { earnPointTax: true }, 10],
    [
      "C-14 excluded tax type is not converted",
      { earnPointTax: true, excludedTaxTypes: ["vat"], rateMoney: 1_000, earnPoint: 1 },
      10,
    ],
    [
      "C-14 tax + shipping + fees",
      { earnPointTax: true, earnPointShippingFee: true, earnPointFees: true, rateMoney: 100, earnPoint: 1 },
      120,
    ],
    ["C-13 order: fixed points per order", { earnBy: "order" as const, earnPoint: 50 }, 50],
    ["C-13 item: 2 items × 5 points", { earnBy: "item" as const, earnPoint: 5, rateItem: 1 }, 10],
    ["C-13 item: 1 point per 2 items", { earnBy: "item" as const, earnPoint: 1, rateItem: 2 }, 1],
    [
      "C-13 fixed_order: reached 50.00",
      { earnBy: "fixed_order" as const, earnPoint: 30, rateMoney: 5_000 },
      30,
    ],
    [
      "C-13 fixed_order: not reached 200.00",
      { earnBy: "fixed_order" as const, earnPoint: 30, rateMoney: 20_000 },
      0,
    ],
    ["C-17 rounding down 10.5 → 10", { earnPoint: 21, rateMoney: 20_000 }, 10],
    ["C-17 rounding up 10.5 → 11", { earnPoint: 21, rateMoney: 20_000, rounding: "roundingUp" as const }, 11],
    [
      "C-17 rounding nearest 10.5 → 11",
      { earnPoint: 21, rateMoney: 20_000, rounding: "roundingNearest" as const },
      11,
    ],
    [
      "C-14 keep the original step: 1 full step of 60.00",
      { earnPoint: 10, rateMoney: 6_000, keepOriginalStep: true },
      10,
    ],
    ["C-14 proportional without keepOriginalStep", { earnPoint: 10, rateMoney: 6_000 }, 16],
  ])("%s", (_label, config, expected) => {
    expect(pointsOf({ programs: [program(config)] })).toBe(expected);
  });

  it("C-14: gift cards and free gifts never earn; zero-price items only when allowed", () => {
    const lines = [
      {
        productId: "gc",
        variantId: null,
        quantity: 1,
        unitPrice: 5_000,
        discount: 0,
        isGiftCard: true,
        isFreeGift: false,
      },
      {
        productId: "gift",
        variantId: null,
        quantity: 1,
        unitPrice: 3_000,
        discount: 0,
        isGiftCard: false,
        isFreeGift: true,
      },
      {
        productId: "free",
        variantId: null,
        quantity: 3,
        unitPrice: 0,
        discount: 0,
        isGiftCard: false,
        isFreeGift: false,
      },
      {
        productId: "p1",
        variantId: null,
        quantity: 1,
        unitPrice: 10_000,
        discount: 2_000,
        isGiftCard: false,
        isFreeGift: false,
      },
    ];
    expect(pointsOf({ order: order({ lines }) })).toBe(8);
    const perItem = { earnBy: "item" as const, earnPoint: 1, rateItem: 1 };
    expect(pointsOf({ order: order({ lines }), programs: [program(perItem)] })).toBe(1);
    expect(
      pointsOf({ order: order({ lines }), programs: [program({ ...perItem, earnZeroPriceItems: true })] }),
    ).toBe(4);
  });

  it("H-15: store-credit payments can be excluded", () => {
    const o = order({ storeCreditPaid: 4_000 });
    expect(pointsOf({ order: o })).toBe(10);
    expect(pointsOf({ order: o, programs: [program({ excludeStoreCredit: true })] })).toBe(6);
  });

  it("C-20: included and excluded products and collections", () => {
    const lines = [
      {
        productId: "p1",
        variantId: null,
        collectionIds: ["shoes"],
        quantity: 1,
        unitPrice: 10_000,
        discount: 0,
        isGiftCard: false,
        isFreeGift: false,
      },
      {
        productId: "p2",
        variantId: null,
        collectionIds: ["hats"],
        quantity: 1,
        unitPrice: 20_000,
        discount: 0,
        isGiftCard: false,
        isFreeGift: false,
      },
    ];
    const o = order({ lines });
    expect(pointsOf({ order: o })).toBe(30);
    expect(
      pointsOf({ order: o, programs: [program({ includeProducts: { collectionIds: ["shoes"] } })] }),
    ).toBe(10);
    expect(pointsOf({ order: o, programs: [program({ excludeProducts: { productIds: ["p1"] } })] })).toBe(20);
  });
});

describe("C-21 / X-30: sale channel and order source", () => {
  it.each([
    ["online_store", "web", true],
    ["online_store", "pos", false],
    ["online_store_and_pos", "pos", true],
    ["pos_only", "web", false],
    ["pos_only", "pos", true],
    ["draft_orders", "draft_order", true],
    ["online_store", "draft_order", false],
    ["all", "draft_order", true],
    ["online_store", "subscription_contract", true],
  ] as const)("channel %s, source %s → earns %s", (channel, source, earns) => {
    const d = run({ order: order({ source }), programs: [program({ appliedPlaceOrderTo: channel })] });
    expect(d.kind === "reward").toBe(earns);
  });
});

describe("C-22: who earns", () => {
  const guest = { ...member, state: "guest" as const };
  it.each([
    ["member, all members", member, "all_members", "all", "reward"],
    ["guest, all members", guest, "all_members", "all", "log_only"],
    ["guest, members and guests", guest, "members_and_guests", "all", "reward"],
    ["guest, members and guests, manual-only shop", guest, "members_and_guests", "manual_only", "log_only"],
    [
      "left customer never earns",
      { ...member, state: "left" as const },
      "members_and_guests",
      "all",
      "log_only",
    ],
    ["B2B customer, only DTC", { ...member, isB2B: true }, "all_members", "only_dtc", "log_only"],
    ["B2B customer, B2B partners", { ...member, isB2B: true }, "b2b_partners", "all", "reward"],
    ["DTC member, B2B partners", member, "b2b_partners", "all", "log_only"],
    ["VIP tier only, in tier", { ...member, vipTierId: "gold" }, "vip_tier_only", "all", "reward"],
    ["VIP tier only, no tier", member, "vip_tier_only", "all", "log_only"],
  ] as const)("%s", (_label, customer, applyTo, eligibility, kind) => {
    const d = run({
      customer,
      shop: { ...shop, eligibility },
      programs: [program({ applyTo, vipTierIds: ["gold"] })],
    });
    expect(d.kind).toBe(kind);
  });
});

describe("C-32, B-29, B-30, X-70, X-71: global stops log the order without points", () => {
  it.each([
    [
      "B-29 order limit reached (150 of 150)",
      { ordersThisCycle: 150, orderLimit: 150 },
      "order_limit_reached",
    ],
    [
      "B-30 transaction limit reached",
      { transactionsLimited: true, transactionCount: 500, transactionLimit: 500 },
      "transaction_limit_reached",
    ],
    [
      "X-71 sandbox: not a test e-mail",
      { sandbox: { enabled: true, testEmails: ["qa@shop.test"] } },
      "sandbox",
    ],
  ])("%s", (_label, over, reason) => {
    expect(run({ shop: { ...shop, ...over } })).toEqual({ kind: "log_only", reason });
  });
  it("149 of 150 still earns; a sandbox test e-mail earns", () => {
    expect(run({ shop: { ...shop, ordersThisCycle: 149, orderLimit: 150 } }).kind).toBe("reward");
    expect(run({ shop: { ...shop, sandbox: { enabled: true, testEmails: ["ADA@example.com"] } } }).kind).toBe(
      "reward",
    );
  });
  it("a cancelled order earns nothing", () => {
    expect(run({ order: order({ cancelled: true }) })).toEqual({
      kind: "log_only",
      reason: "order_cancelled",
    });
  });
  it("C-14 excluded order tags", () => {
    expect(
      run({ order: order({ tags: ["Wholesale"] }), programs: [program({ excludeOrderTags: ["wholesale"] })] })
        .kind,
    ).toBe("log_only");
  });
});

describe("C-09: start and end dates in the store's time zone", () => {
  it.each([
    ["starts tomorrow (UTC)", { startDate: "2026-06-16" }, 0, false],
    ["starts tomorrow, but it is already the 16th in UTC+14", { startDate: "2026-06-16" }, 14 * 60, true],
    ["ended yesterday", { endDate: "2026-06-14" }, 0, false],
    ["ends today", { endDate: "2026-06-15" }, 0, true],
    ["inactive", { status: "inactive" }, 0, false],
  ])("%s", (_label, p, offset, earns) => {
    const d = run({ programs: [program({}, p)], shop: { ...shop, utcOffsetMinutes: offset } });
    expect(d.kind === "reward").toBe(earns);
  });
});

describe("C-18 / X-28: priority and stopProcessing", () => {
  const big = program({ earnBy: "order", earnPoint: 100 }, { id: "prg_big", priority: 1 });
  const base = program({}, { id: "prg_base", priority: 99 });
  it("matching rules add up, evaluated in ascending priority", () => {
    const d = run({ programs: [base, big] });
    expect(d.kind === "reward" && d.awards.map((a) => a.programId)).toEqual(["prg_big", "prg_base"]);
    expect(pointsOf({ programs: [base, big] })).toBe(110);
  });
  it("stopProcessing ends at the first matching rule", () => {
    const stop = { ...big, config: { ...big.config, stopProcessing: true } };
    expect(pointsOf({ programs: [base, stop] })).toBe(100);
  });
  it("a rule whose conditions fail is skipped, and does not stop processing", () => {
    const conditional = {
      ...big,
      config: {
        ...big.config,
        stopProcessing: true,
        statusUseCondition: true,
        conditions: [
          { criteria: "order" as const, field: "total", matcher: "greater_than" as const, value: "50000" },
        ],
      },
    };
    expect(pointsOf({ programs: [base, conditional] })).toBe(10);
  });
  it("C-19 all vs any", () => {
    const conditions = [
      { criteria: "customer" as const, field: "tag", matcher: "equal" as const, value: "VIP" },
      { criteria: "order" as const, field: "total", matcher: "greater_than" as const, value: "50000" },
    ];
    const withType = (typeCondition: "all" | "any") =>
      program({ earnBy: "order", earnPoint: 7, statusUseCondition: true, typeCondition, conditions });
    expect(pointsOf({ programs: [withType("all")] })).toBe(0);
    expect(pointsOf({ programs: [withType("any")] })).toBe(7);
  });
});

describe("C-19: every matcher", () => {
  it.each([
    ["contains", ["summer-sale"], "sale", true],
    ["not_contains", ["summer-sale"], "sale", false],
    ["equal", ["VIP"], "vip", true],
    ["not_equal", ["vip"], "gold", true],
    ["start", ["summer-sale"], "summer", true],
    ["end", ["summer-sale"], "sale", true],
    ["includes", ["gold"], "silver, gold", true],
    ["not_includes", ["gold"], "silver, bronze", true],
    ["greater_than", [100], "99", true],
    ["greater_than_or_equal_to", [100], "100", true],
    ["less_than", [100], "100", false],
    ["less_than_or_equal_to", [100], "100", true],
    ["empty", [], "", true],
    ["not_empty", ["x"], "", true],
  ] as [Matcher, (string | number)[], string, boolean][])(
    "%s %j %s → %s",
    (matcher, values, value, expected) => {
      expect(applyMatcher(matcher, values, value)).toBe(expected);
    },
  );
});

describe("C-11 / X-29: earning limits per calendar window in store time", () => {
  const limited = (limitUnit: PlaceOrderConfig["limitUnit"], limitInterval = 1) =>
    program({ hasLimit: true, limitUnit, limitInterval });
  it.each([
    ["day: an award earlier today blocks", "day", ["2026-06-15T01:00:00Z"], 1, false],
    ["day: an award yesterday does not", "day", ["2026-06-14T23:59:00Z"], 1, true],
    ["week (Monday start): Monday's award blocks on Monday 15th", "week", ["2026-06-15T00:30:00Z"], 1, false],
    ["month: 2 allowed, 1 used", "month", ["2026-06-01T00:00:00Z"], 2, true],
    ["lifetime: once ever", "lifetime", ["2020-01-01T00:00:00Z"], 1, false],
  ] as const)("%s", (_label, unit, prior, interval, earns) => {
    const d = run({
      programs: [limited(unit, interval)],
      priorAwards: prior.map((at) => ({ programId: "prg_order", at })),
    });
    expect(d.kind === "reward").toBe(earns);
  });
  it("windows follow the store's offset: 23:30 UTC is already tomorrow in UTC+1", () => {
    expect(new Date(windowStart("day", "2026-06-15T23:30:00Z", 60)).toISOString()).toBe(
      "2026-06-15T23:00:00.000Z",
    );
  });
});

describe("C-35 anti-cheat (decision 0011)", () => {
  it("an order worth nothing earns nothing, even on a fixed-points rule; off when anti-cheat is off", () => {
    const free = order({
      lines: [
        {
          productId: "p",
          variantId: null,
          quantity: 1,
          unitPrice: 1_000,
          discount: 1_000,
          isGiftCard: false,
          isFreeGift: false,
        },
      ],
    });
    expect(pointsOf({ order: free, programs: [program({ earnBy: "order", earnPoint: 50 })] })).toBe(0);
    expect(
      pointsOf({
        order: free,
        programs: [program({ earnBy: "order", earnPoint: 50, enabledAntiCheat: false })],
      }),
    ).toBe(50);
  });
  it("more than 10 rewarded orders in 24 hours stop earning", () => {
    const prior = Array.from({ length: 10 }, (_, i) => ({
      programId: "prg_order",
      at: `2026-06-15T0${i}:00:00Z`,
    }));
    expect(run({ priorAwards: prior }).kind).toBe("log_only");
    expect(run({ priorAwards: prior.slice(1) }).kind).toBe("reward");
  });
});

describe("properties", () => {
  it("C-17: down ≤ nearest ≤ up, within one point of the exact value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (n, d) => {
        const down = roundPoints(n, d, "roundingDown");
        const near = roundPoints(n, d, "roundingNearest");
        const up = roundPoints(n, d, "roundingUp");
        return down <= near && near <= up && up - down <= 1 && down * d <= n && up * d >= n;
      }),
    );
  });
  it("points are non-negative integers for any order", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            q: fc.integer({ min: 0, max: 50 }),
            p: fc.integer({ min: 0, max: 1_000_000 }),
            d: fc.integer({ min: 0, max: 100_000 }),
          }),
          { maxLength: 8 },
        ),
        (ls) => {
          const lines = ls.map((l) => ({
            productId: "p",
            variantId: null,
            quantity: l.q,
            unitPrice: l.p,
            discount: l.d,
            isGiftCard: false,
            isFreeGift: false,
          }));
          const p = pointsOf({ order: order({ lines }) });
          return Number.isInteger(p) && p >= 0;
        },
      ),
    );
  });
});
