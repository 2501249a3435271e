import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PlaceOrderConfig, PlaceOrderProgram } from "../programs/earning";
import { signUpConfigSchema } from "../programs/earning";
import { customer, input, line, NOW, order, program, shop } from "./fixtures.test-support";
import { evaluateOrderEarning } from "./order-earning";
import { assertProperty } from "./property.test-support";
import type { EarningOrder, OrderEarningDecision, OrderEarningInput } from "./types";

type ConfigOver = Partial<Record<keyof PlaceOrderConfig, unknown>>;

const total = (d: OrderEarningDecision) => (d.kind === "reward" ? d.total : 0);
const logReason = (d: OrderEarningDecision) => (d.kind === "log_only" ? d.reason : null);
const skipOf = (d: OrderEarningDecision, programId = "prg_default") =>
  d.trace.find((t) => t.programId === programId)?.reason ?? null;

/** Points the default rule (or `config`) gives `o`. */
function pointsFor(config: ConfigOver, o: Partial<EarningOrder> = {}, over: Partial<OrderEarningInput> = {}) {
  return total(evaluateOrderEarning(input({ order: order(o), programs: [program(config)], ...over })));
}

const amountOrder = (amount: number): Partial<EarningOrder> => ({ lines: [line({ unitPrice: amount })] });

describe("C-13 earnBy and C-17 rounding", () => {
  it.each<[string, ConfigOver, Partial<EarningOrder>, number]>([
    ["C-15 default: 100.00 at 10 per 100.00 → 10", {}, amountOrder(10_000), 10],
    ["C-13 price is proportional: 250.00 → 25", {}, amountOrder(25_000), 25],
    ["C-17 down: 255.00 → 25.5 → 25", { rounding: "roundingDown" }, amountOrder(25_500), 25],
    [
      "C-17 nearest: 255.00 → 25.5 → 26 (halves up)",
      { rounding: "roundingNearest" },
      amountOrder(25_500),
      26,
    ],
    ["C-17 nearest: 254.99 → 25.499 → 25", { rounding: "roundingNearest" }, amountOrder(25_499), 25],
    ["C-17 up: 250.01 → 25.001 → 26", { rounding: "roundingUp" }, amountOrder(25_001), 26],
    [
      "C-17 up: exact amounts are not rounded: 250.00 → 25",
      { rounding: "roundingUp" },
      amountOrder(25_000),
      25,
    ],
    [
      "C-13 price: 1 point per 1.00 on 0.99 rounds down to 0",
      { earnPoint: 1, rateMoney: 100 },
      amountOrder(99),
      0,
    ],
    ["C-14 keep step, down: 250.00 → 2 steps → 20", { keepOriginalStep: true }, amountOrder(25_000), 20],
    [
      "C-14 keep step, nearest: 250.00 → 2.5 steps → 3 → 30",
      { keepOriginalStep: true, rounding: "roundingNearest" },
      amountOrder(25_000),
      30,
    ],
    [
      "C-14 keep step, nearest: 240.00 → 2.4 steps → 20",
      { keepOriginalStep: true, rounding: "roundingNearest" },
      amountOrder(24_000),
      20,
    ],
    [
      "C-14 keep step, up: 200.01 → 3 steps → 30",
      { keepOriginalStep: true, rounding: "roundingUp" },
      amountOrder(20_001),
      30,
    ],
    [
      "C-13 fixed_order: 10 per full 100.00 on 250.00 → 20",
      { earnBy: "fixed_order" },
      amountOrder(25_000),
      20,
    ],
    [
      "C-13 fixed_order ignores rounding up: 250.00 → 20",
      { earnBy: "fixed_order", rounding: "roundingUp" },
      amountOrder(25_000),
      20,
    ],
    ["C-13 fixed_order: 99.99 → 0", { earnBy: "fixed_order" }, amountOrder(9_999), 0],
    [
      "C-13 earnBy item: 3 items × 5 points → 15",
      { earnBy: "item", earnPoint: 5, rateMoney: null },
      { lines: [line({ quantity: 3 })] },
      15,
    ],
    [
      "C-13 item: 5 points per 2 items on 3 items → 7.5 → 7 (down)",
      { earnBy: "item", earnPoint: 5, rateItem: 2 },
      { lines: [line({ quantity: 3 })] },
      7,
    ],
    [
      "C-13 item: 5 points per 2 items on 3 items → 8 (nearest)",
      { earnBy: "item", earnPoint: 5, rateItem: 2, rounding: "roundingNearest" },
      { lines: [line({ quantity: 3 })] },
      8,
    ],
    [
      "C-14 item, keep step: 5 per 2 items on 3 items → 1 step → 5",
      { earnBy: "item", earnPoint: 5, rateItem: 2, keepOriginalStep: true },
      { lines: [line({ quantity: 3 })] },
      5,
    ],
    [
      "C-13 item counts every line: 2 + 3 items × 1 → 5",
      { earnBy: "item", earnPoint: 1 },
      { lines: [line({ quantity: 2 }), line({ id: "l2", quantity: 3 })] },
      5,
    ],
    ["C-13 earnBy order: 50 points per order", { earnBy: "order", earnPoint: 50 }, amountOrder(1_000), 50],
    [
      "C-13 order does not scale with the amount",
      { earnBy: "order", earnPoint: 50 },
      amountOrder(1_000_000),
      50,
    ],
    [
      "X-46 large shop-money amounts stay exact: 1,234,567.89 at 7 per 3.00 → 2,880,658",
      { earnPoint: 7, rateMoney: 300 },
      amountOrder(123_456_789),
      2_880_658,
    ],
  ])("%s", (_label, config, o, expected) => {
    expect(pointsFor(config, o)).toBe(expected);
  });

  it("C-24: a rule with 0 points matches but earns nothing", () => {
    const d = evaluateOrderEarning(input({ programs: [program({ earnPoint: 0 })] }));
    expect(d).toMatchObject({ kind: "log_only", reason: "zero_points" });
    expect(d.trace).toEqual([{ programId: "prg_default", result: "matched_zero", reason: null, points: 0 }]);
  });

  it("the award says what it was computed on (for reversal, H-17)", () => {
    const d = evaluateOrderEarning(input({ order: order(amountOrder(25_050)) }));
    expect(d).toEqual({
      kind: "reward",
      total: 25,
      awards: [
        {
          programId: "prg_default",
          points: 25,
          reason: "price: 10 points per 10000 on 25050",
          earnBy: "price",
          earnableAmount: 25_050,
          earnableQuantity: 1,
          pending: false,
          pendingUntil: null,
        },
      ],
      trace: [{ programId: "prg_default", result: "awarded", reason: null, points: 25 }],
    });
  });
});

describe("C-14 what earns: discounts, shipping, fees, taxes, payments", () => {
  const base = { lines: [line({ unitPrice: 10_000 })], shipping: 2_000, fees: 500, total: 12_500 };
  it.each<[string, ConfigOver, Partial<EarningOrder>, number]>([
    ["line discounts reduce the amount: 100.00 − 20.00 → 8", {}, { lines: [line({ discount: 2_000 })] }, 8],
    [
      "a discount above the price earns 0, not negative",
      { earnBy: "price" },
      { lines: [line({ discount: 20_000 }), line({ id: "l2" })] },
      10,
    ],
    ["shipping does not earn by default", {}, base, 10],
    ["C-14 earnPointShippingFee: + 20.00 shipping → 12", { earnPointShippingFee: true }, base, 12],
    ["C-14 earnPointFees: + 5.00 fees → 10.5 → 10", { earnPointFees: true }, base, 10],
    ["C-14 shipping and fees → 125.00 → 12", { earnPointShippingFee: true, earnPointFees: true }, base, 12],
    ["C-14 fees, rounding up → 11", { earnPointFees: true, rounding: "roundingUp" }, base, 11],
  ])("%s", (_label, config, o, expected) => {
    expect(pointsFor(config, o)).toBe(expected);
  });

  describe("C-14 taxes (prices without tax)", () => {
    const taxed = (
      taxes: EarningOrder["taxes"],
      lines = [line({ unitPrice: 10_000 })],
    ): Partial<EarningOrder> => ({
      lines,
      taxes,
      taxesIncluded: false,
    });
    it.each<[string, ConfigOver, Partial<EarningOrder>, number]>([
      ["tax does not earn by default", {}, taxed([{ title: "VAT", amount: 10_000 }]), 10],
      [
        "earnPointTax adds the tax: 100 + 100 → 20",
        { earnPointTax: true },
        taxed([{ title: "VAT", amount: 10_000 }]),
        20,
      ],
      [
        "C-14 excluded tax types (case-insensitive) do not earn",
        { earnPointTax: true, excludedTaxTypes: "vat" },
        taxed([
          { title: "VAT", amount: 10_000 },
          { title: "Eco fee", amount: 5_000 },
        ]),
        15,
      ],
      [
        "a line's own tax earns only with its line (excluded product → its tax out)",
        { earnPointTax: true, excludeProducts: { productIds: ["p2"] } },
        taxed(
          [
            { title: "VAT", amount: 2_000, lineId: "l1" },
            { title: "VAT", amount: 8_000, lineId: "l2" },
          ],
          [line({ id: "l1" }), line({ id: "l2", productId: "p2" })],
        ),
        12,
      ],
      [
        "an order-level tax earns pro rata to the lines that earn (half the merchandise → half the tax)",
        { earnPointTax: true, excludeProducts: { productIds: ["p2"] } },
        taxed([{ title: "VAT", amount: 10_000 }], [line({ id: "l1" }), line({ id: "l2", productId: "p2" })]),
        15,
      ],
    ])("%s", (_label, config, o, expected) => {
      expect(pointsFor(config, o)).toBe(expected);
    });
  });

  describe("C-14 taxes (prices include tax)", () => {
    const inclusive = (
      taxes: EarningOrder["taxes"],
      o: Partial<EarningOrder> = {},
    ): Partial<EarningOrder> => ({
      lines: [line({ unitPrice: 12_000 })],
      taxes,
      taxesIncluded: true,
      ...o,
    });
    it.each<[string, ConfigOver, Partial<EarningOrder>, number]>([
      [
        "tax is taken out of the price: 120.00 incl. 20.00 VAT → 10",
        {},
        inclusive([{ title: "VAT", amount: 2_000 }]),
        10,
      ],
      [
        "with earnPointTax the tax stays in: → 12",
        { earnPointTax: true },
        inclusive([{ title: "VAT", amount: 2_000 }]),
        12,
      ],
      [
        "an excluded tax type is taken out even with earnPointTax",
        { earnPointTax: true, excludedTaxTypes: ["VAT"] },
        inclusive([{ title: "VAT", amount: 2_000 }]),
        10,
      ],
      [
        "a shipping-inclusive order-level tax: only the merchandise share is taken out",
        {},
        inclusive([{ title: "VAT", amount: 3_000 }], { shipping: 6_000 }),
        10,
      ],
    ])("%s", (_label, config, o, expected) => {
      expect(pointsFor(config, o)).toBe(expected);
    });
  });

  describe("H-15 store credit and gift cards", () => {
    const paid = (
      payments: EarningOrder["payments"],
      lines = [line({ unitPrice: 10_000 })],
    ): Partial<EarningOrder> => ({
      lines,
      total: lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0),
      payments,
    });
    const giftCard = line({ id: "gc", productId: "gift", isGiftCard: true, unitPrice: 5_000 });
    const freeGift = line({ id: "fg", productId: "free", isFreeGift: true, unitPrice: 5_000 });
    it.each<[string, ConfigOver, Partial<EarningOrder>, number]>([
      [
        "C-14 excludeStoreCredit (default): half paid with store credit → 5",
        {},
        paid([{ kind: "store_credit", amount: 5_000 }]),
        5,
      ],
      [
        "store credit earns when not excluded → 10",
        { excludeStoreCredit: false },
        paid([{ kind: "store_credit", amount: 5_000 }]),
        10,
      ],
      [
        "all paid with store credit → 0",
        { earnBy: "price" },
        paid([{ kind: "store_credit", amount: 10_000 }]),
        0,
      ],
      ["C-14 gift cards bought do not earn (excludeGiftCard default)", {}, paid([], [line(), giftCard]), 10],
      [
        "C-14 gift cards bought earn when not excluded",
        { excludeGiftCard: false, enabledAntiCheat: false },
        paid([], [line(), giftCard]),
        15,
      ],
      [
        "paying with a gift card earns when gift cards bought do not",
        {},
        paid([{ kind: "gift_card", amount: 10_000 }]),
        10,
      ],
      [
        "C-35 anti-cheat: money paid by gift card does not earn when gift cards bought earn",
        { excludeGiftCard: false },
        paid([{ kind: "gift_card", amount: 5_000 }]),
        5,
      ],
      [
        "without anti-cheat, gift-card money earns again",
        { excludeGiftCard: false, enabledAntiCheat: false },
        paid([{ kind: "gift_card", amount: 5_000 }]),
        10,
      ],
      ["other payments never reduce earning", {}, paid([{ kind: "other", amount: 10_000 }]), 10],
      ["C-14 free gifts do not earn (default)", {}, paid([], [line(), freeGift]), 10],
      [
        "C-14 free gifts earn when not excluded",
        { excludeFreeGift: false },
        paid([], [line(), freeGift]),
        15,
      ],
    ])("%s", (_label, config, o, expected) => {
      expect(pointsFor(config, o)).toBe(expected);
    });
  });

  describe("C-14 zero-price items", () => {
    const free = line({ id: "free", productId: "p9", unitPrice: 0, quantity: 2 });
    const discounted = line({ id: "disc", productId: "p8", unitPrice: 1_000, quantity: 1, discount: 1_000 });
    it.each<[string, ConfigOver, Partial<EarningOrder>, number]>([
      [
        "items: zero-price items do not count by default (1 paid + 2 free → 1)",
        { earnBy: "item", earnPoint: 1 },
        { lines: [line(), free] },
        1,
      ],
      [
        "items: with earnZeroPriceItems they count → 3",
        { earnBy: "item", earnPoint: 1, earnZeroPriceItems: true },
        { lines: [line(), free] },
        3,
      ],
      [
        "items: a fully discounted item is a zero-price item → 1",
        { earnBy: "item", earnPoint: 1 },
        { lines: [line(), discounted] },
        1,
      ],
      [
        "order: an order of free items only, anti-cheat off, earns nothing without earnZeroPriceItems",
        { earnBy: "order", earnPoint: 50, enabledAntiCheat: false },
        { lines: [free], total: 0 },
        0,
      ],
      [
        "order: …and its points with earnZeroPriceItems",
        { earnBy: "order", earnPoint: 50, enabledAntiCheat: false, earnZeroPriceItems: true },
        { lines: [free], total: 0 },
        50,
      ],
    ])("%s", (_label, config, o, expected) => {
      expect(pointsFor(config, o)).toBe(expected);
    });
  });
});

describe("C-20 product scope and C-14 channel exclusions", () => {
  const twoLines = {
    lines: [
      line({ id: "a", productId: "p1", collectionIds: ["c1"] }),
      line({ id: "b", productId: "p2", collectionIds: ["c2"] }),
    ],
  };
  it.each<[string, ConfigOver, Partial<EarningOrder>, number]>([
    ["all products by default → 20", {}, twoLines, 20],
    [
      "C-20 specific products",
      { includeProducts: { appliesTo: "specific", productIds: ["p2"] } },
      twoLines,
      10,
    ],
    [
      "C-20 specific collections",
      { includeProducts: { appliesTo: "specific", collectionIds: ["c1", "c2"] } },
      twoLines,
      20,
    ],
    ["C-20 excluded product", { excludeProducts: { productIds: ["p1"] } }, twoLines, 10],
    ["C-20 excluded collection", { excludeProducts: { collectionIds: ["c2"] } }, twoLines, 10],
    [
      "C-14 POS-order exclusions do not touch online orders",
      { excludePOSOrderProducts: { productIds: ["p1"] }, appliedPlaceOrderTo: "all" },
      { ...twoLines, source: "web" },
      20,
    ],
    [
      "C-14 POS-order exclusions apply to POS orders",
      { excludePOSOrderProducts: { productIds: ["p1"] }, appliedPlaceOrderTo: "all" },
      { ...twoLines, source: "pos" },
      10,
    ],
    [
      "C-14 online-store exclusions apply to web orders",
      { excludeOSOrderProducts: { collectionIds: ["c2"] }, appliedPlaceOrderTo: "all" },
      { ...twoLines, source: "web" },
      10,
    ],
    [
      "C-14 online-store exclusions do not touch POS orders",
      { excludeOSOrderProducts: { collectionIds: ["c2"] }, appliedPlaceOrderTo: "all" },
      { ...twoLines, source: "pos" },
      20,
    ],
  ])("%s", (_label, config, o, expected) => {
    expect(pointsFor(config, o)).toBe(expected);
  });

  it("C-20 nothing in scope: the rule does not match", () => {
    const d = evaluateOrderEarning(
      input({ programs: [program({ includeProducts: { appliesTo: "specific", productIds: ["p9"] } })] }),
    );
    expect(logReason(d)).toBe("no_matching_program");
    expect(skipOf(d)).toBe("no_eligible_items");
  });
});

describe("C-21, X-30 sale channels", () => {
  it.each([
    ["online_store", "web", true],
    ["online_store", "pos", false],
    ["online_store", "draft_order", false],
    ["online_store", "subscription_contract", false],
    ["online_store_and_pos", "web", true],
    ["online_store_and_pos", "pos", true],
    ["online_store_and_pos", "draft_order", false],
    ["pos", "pos", true],
    ["pos", "web", false],
    ["draft_order", "draft_order", true],
    ["draft_order", "web", false],
    ["all", "subscription_contract", true],
    ["all", "draft_order", true],
  ] as const)("%s earns on %s orders: %s", (channel, source, earns) => {
    const d = evaluateOrderEarning(
      input({ order: order({ source }), programs: [program({ appliedPlaceOrderTo: channel })] }),
    );
    expect(total(d) > 0).toBe(earns);
    if (!earns) expect(skipOf(d)).toBe("sale_channel");
  });

  it("C-23: a subscription order program earns on subscription orders only", () => {
    const sub = program(
      { appliedPlaceOrderTo: "all", earnBy: "order", earnPoint: 30 },
      { event: "place_order_subscription" },
    );
    const earned = (source: EarningOrder["source"]) =>
      total(evaluateOrderEarning(input({ order: order({ source }), programs: [sub] })));
    expect(earned("subscription_contract")).toBe(30);
    expect(earned("web")).toBe(0);
  });
});

describe("C-22 who earns", () => {
  it.each<
    [string, ConfigOver, Parameters<typeof customer>[0] | null, Parameters<typeof shop>[0], string | null]
  >([
    ["a member under all members", {}, {}, {}, null],
    ["a guest is not in all members", {}, { state: "guest" }, {}, "no_matching_program"],
    ["a guest under members and guests", { applyTo: "member_and_guest" }, { state: "guest" }, {}, null],
    [
      "C-22 manual-only shuts guests out",
      { applyTo: "member_and_guest" },
      { state: "guest" },
      { eligibility: "manual_only" },
      "not_eligible",
    ],
    ["manual-only keeps members", {}, {}, { eligibility: "manual_only" }, null],
    [
      "J-05 a customer who left never earns",
      { applyTo: "member_and_guest" },
      { state: "left" },
      {},
      "not_eligible",
    ],
    ["no customer, no points", { applyTo: "member_and_guest" }, null, {}, "not_eligible"],
    [
      "VIP tier only: a member of the tier",
      { applyTo: "vip_tier", vipTierIds: ["gold"] },
      { vipTierId: "gold" },
      {},
      null,
    ],
    [
      "VIP tier only: another tier",
      { applyTo: "vip_tier", vipTierIds: ["gold"] },
      { vipTierId: "silver" },
      {},
      "no_matching_program",
    ],
    ["VIP tier only: no tier", { applyTo: "vip_tier", vipTierIds: ["gold"] }, {}, {}, "no_matching_program"],
    ["B2B partners: a B2B member", { applyTo: "b2b_partner" }, { isB2B: true }, {}, null],
    ["B2B partners: a DTC member", { applyTo: "b2b_partner" }, {}, {}, "no_matching_program"],
    [
      "X-51 only DTC shuts B2B customers out",
      {},
      { isB2B: true },
      { eligibility: "only_dtc" },
      "not_eligible",
    ],
    ["only DTC keeps DTC customers", {}, {}, { eligibility: "only_dtc" }, null],
  ])("%s", (_label, config, who, shopOver, reason) => {
    const d = evaluateOrderEarning(
      input({
        order: order({ customer: who === null ? null : customer(who) }),
        programs: [program(config)],
        shop: shop(shopOver),
      }),
    );
    expect(logReason(d)).toBe(reason);
    if (reason === null) expect(total(d)).toBe(10);
  });

  it("a guest skipped by audience is traced", () => {
    const d = evaluateOrderEarning(input({ order: order({ customer: customer({ state: "guest" }) }) }));
    expect(skipOf(d)).toBe("audience");
  });
});

describe("C-14 excluded order tags", () => {
  it.each([
    [["wholesale"], ["Wholesale "], 0],
    [["wholesale"], ["retail"], 10],
    [[], ["wholesale"], 10],
  ])("exclude %j, order tags %j → %i", (excluded, tags, expected) => {
    expect(pointsFor({ excludeOrderTags: excluded }, { tags })).toBe(expected);
  });
});

describe("C-19 conditions in the engine", () => {
  const shirt = line({ id: "shirt", productTags: ["summer"], unitPrice: 10_000 });
  const hat = line({ id: "hat", productId: "p2", productTags: ["winter"], unitPrice: 30_000 });
  const withConditions = (conditions: unknown[], over: ConfigOver = {}) =>
    program({ statusUseCondition: true, conditions, ...over });

  it("product conditions decide which lines earn", () => {
    const p = withConditions([{ criteria: "product", field: "tag", matcher: "equal", value: "summer" }]);
    expect(total(evaluateOrderEarning(input({ order: order({ lines: [shirt, hat] }), programs: [p] })))).toBe(
      10,
    );
  });

  it("an order condition on the subtotal (minor units)", () => {
    const p = withConditions([
      { criteria: "order", field: "subtotal", matcher: "greater_than_or_equal_to", value: 40_000 },
    ]);
    expect(total(evaluateOrderEarning(input({ order: order({ lines: [shirt, hat] }), programs: [p] })))).toBe(
      40,
    );
    const d = evaluateOrderEarning(input({ order: order({ lines: [shirt] }), programs: [p] }));
    expect(skipOf(d)).toBe("conditions_not_met");
  });

  it("the trace names each condition and whether the order met it (issue 14)", () => {
    const p = withConditions([
      { criteria: "product", field: "tag", matcher: "contains", value: "sale" },
      { criteria: "product", field: "type", matcher: "equal", value: "Shirts" },
    ]);
    const missed = evaluateOrderEarning(input({ order: order({ lines: [shirt, hat] }), programs: [p] }));
    expect(missed.trace).toEqual([
      {
        programId: "prg_default",
        result: "skipped",
        reason: "conditions_not_met",
        points: 0,
        conditions: [
          { criteria: "product", field: "tag", matcher: "contains", value: "sale", met: false },
          { criteria: "product", field: "type", matcher: "equal", value: "Shirts", met: true },
        ],
      },
    ]);
    const sale = line({ id: "sale", productTags: ["sale"], unitPrice: 10_000 });
    const earned = evaluateOrderEarning(input({ order: order({ lines: [sale] }), programs: [p] }));
    expect(earned.trace[0]).toMatchObject({ result: "awarded", points: 10 });
    expect(earned.trace[0]?.conditions?.map((c) => c.met)).toEqual([true, true]);
  });

  it("a program without conditions keeps no condition checks in its trace", () => {
    const d = evaluateOrderEarning(input({ programs: [program()] }));
    expect(d.trace[0]).not.toHaveProperty("conditions");
  });

  it("conditions are ignored while statusUseCondition is off", () => {
    const p = program({
      statusUseCondition: false,
      conditions: [{ criteria: "order", field: "tag", matcher: "equal", value: "never" }],
    });
    expect(total(evaluateOrderEarning(input({ programs: [p] })))).toBe(10);
  });
});

describe("X-28 rule engine", () => {
  const vip = (over: ConfigOver = {}, programOver: Partial<PlaceOrderProgram> = {}) =>
    program(
      {
        earnBy: "order",
        earnPoint: 100,
        statusUseCondition: true,
        conditions: [{ criteria: "customer", field: "tag", matcher: "equal", value: "vip" }],
        ...over,
      },
      { id: "prg_vip", priority: 5, ...programOver },
    );
  const vipCustomer = order({ customer: customer({ tags: ["vip"] }) });

  it("matching rules add up without stopProcessing", () => {
    const d = evaluateOrderEarning(input({ order: vipCustomer, programs: [program(), vip()] }));
    expect(total(d)).toBe(110);
    expect(d.kind === "reward" && d.awards.map((a) => a.programId)).toEqual(["prg_vip", "prg_default"]);
  });

  it("ascending priority: 5 runs before 99, and stopProcessing ends at the first match", () => {
    const d = evaluateOrderEarning(
      input({ order: vipCustomer, programs: [program(), vip({ stopProcessing: true })] }),
    );
    expect(total(d)).toBe(100);
    expect(d.trace.map((t) => [t.programId, t.result])).toEqual([
      ["prg_vip", "awarded"],
      ["prg_default", "not_reached"],
    ]);
  });

  it("a stopProcessing rule that does not match does not stop the others", () => {
    const d = evaluateOrderEarning(input({ programs: [program(), vip({ stopProcessing: true })] }));
    expect(total(d)).toBe(10);
    expect(skipOf(d, "prg_vip")).toBe("conditions_not_met");
  });

  it("C-24 a 0-point rule with stopProcessing blocks lower rules", () => {
    const d = evaluateOrderEarning(
      input({ order: vipCustomer, programs: [program(), vip({ earnPoint: 0, stopProcessing: true })] }),
    );
    expect(d).toMatchObject({ kind: "log_only", reason: "zero_points" });
  });

  it("a stopProcessing rule at its limit does not stop lower rules", () => {
    const d = evaluateOrderEarning(
      input({
        order: vipCustomer,
        programs: [
          program(),
          vip({ stopProcessing: true, hasLimit: true, limitUnit: "day", limitInterval: 1 }),
        ],
        priorAwards: [{ programId: "prg_vip", at: "2026-06-15T08:00:00.000Z", orderId: "other" }],
      }),
    );
    expect(total(d)).toBe(10);
    expect(skipOf(d, "prg_vip")).toBe("limit_reached");
  });

  it("the order of the input does not matter; equal priorities fall back to the id", () => {
    const a = program({ earnBy: "order", earnPoint: 1, stopProcessing: true }, { id: "prg_a", priority: 7 });
    const b = program({ earnBy: "order", earnPoint: 2, stopProcessing: true }, { id: "prg_b", priority: 7 });
    expect(total(evaluateOrderEarning(input({ programs: [b, a] })))).toBe(1);
    expect(total(evaluateOrderEarning(input({ programs: [a, b] })))).toBe(1);
  });

  it("other earning programs in the list are ignored", () => {
    const signUp = {
      ...program(),
      id: "prg_signup",
      event: "sign_up" as const,
      config: signUpConfigSchema.parse({ earnPoint: 100 }),
    };
    const d = evaluateOrderEarning(input({ programs: [signUp, program()] }));
    expect(total(d)).toBe(10);
    expect(d.trace.map((t) => t.programId)).toEqual(["prg_default"]);
  });

  it("no place order program: nothing matched", () => {
    expect(evaluateOrderEarning(input({ programs: [] }))).toEqual({
      kind: "log_only",
      reason: "no_matching_program",
      trace: [],
    });
  });
});

describe("C-11, X-29 earning limits", () => {
  const limited = (unit: string, interval = 1) =>
    program({ hasLimit: true, limitUnit: unit, limitInterval: interval });
  const award = (at: string, programId = "prg_default") => ({ programId, at, orderId: `o-${at}` });
  it.each<[string, ReturnType<typeof program>, ReturnType<typeof award>[], number, number]>([
    ["day: an award earlier the same day blocks", limited("day"), [award("2026-06-15T01:00:00.000Z")], 0, 0],
    ["day: yesterday's award does not", limited("day"), [award("2026-06-14T23:59:59.000Z")], 0, 10],
    [
      "day in store time (UTC−5): 03:00 UTC was yesterday",
      limited("day"),
      [award("2026-06-15T03:00:00.000Z")],
      -300,
      10,
    ],
    [
      "week: 2 per week, one used → still earns",
      limited("week", 2),
      [award("2026-06-15T01:00:00.000Z")],
      0,
      10,
    ],
    [
      "week: 2 per week, both used",
      limited("week", 2),
      [award("2026-06-15T01:00:00.000Z"), award("2026-06-15T02:00:00.000Z")],
      0,
      0,
    ],
    ["week: last week's awards do not count", limited("week", 1), [award("2026-06-14T12:00:00.000Z")], 0, 10],
    ["month: same month", limited("month"), [award("2026-06-01T00:00:00.000Z")], 0, 0],
    ["year: last year", limited("year"), [award("2025-12-31T12:00:00.000Z")], 0, 10],
    ["lifetime: once ever", limited("lifetime"), [award("2019-01-01T00:00:00.000Z")], 0, 0],
    ["hour: the same hour", limited("hour"), [award("2026-06-15T10:59:00.000Z")], 0, 0],
    ["minute: another minute", limited("minute"), [award("2026-06-15T09:59:59.000Z")], 0, 10],
    [
      "another program's awards do not count",
      limited("lifetime"),
      [award("2026-06-15T01:00:00.000Z", "prg_x")],
      0,
      10,
    ],
    [
      "no limit: awards do not matter",
      program({ hasLimit: false }),
      [award("2026-06-15T09:00:00.000Z")],
      0,
      10,
    ],
  ])("%s", (_label, p, priorAwards, offset, expected) => {
    const d = evaluateOrderEarning(
      input({ programs: [p], priorAwards, shop: shop({ utcOffsetMinutes: offset }) }),
    );
    expect(total(d)).toBe(expected);
    if (expected === 0) expect(skipOf(d)).toBe("limit_reached");
  });
});

describe("C-09 program dates and status (store time)", () => {
  // The order was placed 2026-06-15T10:00Z.
  it.each<[string, Partial<PlaceOrderProgram>, number, string | null]>([
    ["started today", { startDate: "2026-06-15" }, 0, null],
    ["starts tomorrow", { startDate: "2026-06-16" }, 0, "outside_dates"],
    ["UTC+14: 10:00 UTC is already the 16th there", { startDate: "2026-06-16" }, 840, null],
    ["ended yesterday", { endDate: "2026-06-14" }, 0, "outside_dates"],
    ["ends today (inclusive, X-43)", { endDate: "2026-06-15" }, 0, null],
    ["UTC−11: it is still the 14th, before the start", { startDate: "2026-06-15" }, -660, "outside_dates"],
    ["switched off", { status: "inactive" }, 0, "inactive"],
    ["C-10 paused by a downgrade", { status: "paused" }, 0, "inactive"],
    ["a draft", { status: "draft" }, 0, "inactive"],
    ["stored as scheduled, now within its dates", { status: "scheduled", startDate: "2026-06-01" }, 0, null],
  ])("%s", (_label, over, offset, skip) => {
    const d = evaluateOrderEarning(
      input({ programs: [program({}, over)], shop: shop({ utcOffsetMinutes: offset }) }),
    );
    expect(skipOf(d)).toBe(skip);
    expect(total(d)).toBe(skip === null ? 10 : 0);
  });
});

describe("C-35 anti-cheat (decision 0011)", () => {
  it.each<[string, ConfigOver, Partial<EarningOrder>, Parameters<typeof shop>[0], number, string | null]>([
    ["an unpaid order earns nothing", {}, { paidAt: null }, {}, 0, "not_paid"],
    ["…unless anti-cheat is off", { enabledAntiCheat: false }, { paidAt: null }, {}, 10, null],
    ["a test order earns nothing", {}, { test: true }, {}, 0, "test_order"],
    [
      "…unless the shop is in sandbox (X-71 testing)",
      {},
      { test: true },
      { sandbox: { enabled: true, testEmails: ["ada@example.com"] } },
      10,
      null,
    ],
    ["…or anti-cheat is off", { enabledAntiCheat: false }, { test: true }, {}, 10, null],
    [
      "a free order earns no fixed points, even when zero-price items count",
      { earnBy: "order", earnPoint: 50, earnZeroPriceItems: true },
      { lines: [line({ discount: 10_000 })], total: 0 },
      {},
      0,
      "zero_earnable_amount",
    ],
    [
      "…unless anti-cheat is off",
      { earnBy: "order", earnPoint: 50, earnZeroPriceItems: true, enabledAntiCheat: false },
      { lines: [line({ discount: 10_000 })], total: 0 },
      {},
      50,
      null,
    ],
    [
      "an order paid entirely with store credit earns no per-item points",
      { earnBy: "item", earnPoint: 5 },
      { payments: [{ kind: "store_credit", amount: 10_000 }] },
      {},
      0,
      "zero_earnable_amount",
    ],
  ])("%s", (_label, config, o, shopOver, expected, skip) => {
    const d = evaluateOrderEarning(
      input({ order: order(o), programs: [program(config)], shop: shop(shopOver) }),
    );
    expect(total(d)).toBe(expected);
    expect(skipOf(d)).toBe(skip);
  });
});

describe("order-wide stops: always, and C-32 plan limits, X-71 sandbox", () => {
  const plan = (p: Partial<ReturnType<typeof shop>["plan"]>) => shop({ plan: { ...shop().plan, ...p } });
  it.each<[string, Partial<OrderEarningInput>, string | null]>([
    [
      "a cancelled order is only logged",
      { order: order({ cancelledAt: "2026-06-15T11:00:00.000Z" }) },
      "cancelled",
    ],
    [
      "an order earns once: a second evaluation is only logged",
      {
        priorAwards: [
          { programId: "prg_default", at: "2026-06-15T10:00:00.000Z", orderId: "820982911946154508" },
        ],
      },
      "already_awarded",
    ],
    [
      "X-46 amounts not in the shop's currency are refused",
      { order: order({ currency: "EUR" }) },
      "currency_mismatch",
    ],
    ["the currency code is case-insensitive", { order: order({ currency: "usd" }) }, null],
    ["X-01 the 150th order of a 150 limit earns", { shop: plan({ ordersThisCycle: 149, limit: 150 }) }, null],
    [
      "X-01/X-70 the 151st is logged, not rewarded",
      { shop: plan({ ordersThisCycle: 150, limit: 150 }) },
      "order_limit_reached",
    ],
    ["an unlimited plan", { shop: plan({ ordersThisCycle: 100_000, limit: null }) }, null],
    [
      "B-30 at the transaction limit every program stops",
      { shop: plan({ transactionsLimited: true, transactionCount: 500, transactionLimit: 500 }) },
      "transaction_limit_reached",
    ],
    [
      "B-30 below it",
      { shop: plan({ transactionsLimited: true, transactionCount: 499, transactionLimit: 500 }) },
      null,
    ],
    [
      "X-09 not limited: the count does not matter",
      { shop: plan({ transactionsLimited: false, transactionCount: 9e6, transactionLimit: 500 }) },
      null,
    ],
    [
      "the transaction limit is reported before the order limit",
      {
        shop: plan({
          transactionsLimited: true,
          transactionCount: 5,
          transactionLimit: 5,
          ordersThisCycle: 150,
          limit: 150,
        }),
      },
      "transaction_limit_reached",
    ],
    [
      "X-71 sandbox: a customer not on the test list",
      { shop: shop({ sandbox: { enabled: true, testEmails: ["qa@shop.test"] } }) },
      "sandbox",
    ],
    [
      "X-71 sandbox: a test e-mail (case-insensitive)",
      { shop: shop({ sandbox: { enabled: true, testEmails: [" ADA@example.com "] } }) },
      null,
    ],
    [
      "X-71 sandbox: no e-mail",
      {
        order: order({ customer: customer({ email: null }) }),
        shop: shop({ sandbox: { enabled: true, testEmails: [] } }),
      },
      "sandbox",
    ],
  ])("%s", (_label, over, reason) => {
    const d = evaluateOrderEarning(input(over));
    expect(logReason(d)).toBe(reason);
    if (reason !== null) expect(d.trace.every((t) => t.result === "not_reached")).toBe(true);
  });
});

describe("H-09 pending points", () => {
  it.each<[string, ReturnType<typeof shop>["pendingPoints"], boolean, string | null]>([
    ["off: points are available at once", null, false, null],
    ["disabled setting", { enabled: false, holdingPeriod: { value: 14, unit: "day" } }, false, null],
    [
      "14 days from payment",
      { enabled: true, holdingPeriod: { value: 14, unit: "day" } },
      true,
      "2026-06-29T10:00:05.000Z",
    ],
    [
      "1 month from payment",
      { enabled: true, holdingPeriod: { value: 1, unit: "month" } },
      true,
      "2026-07-15T10:00:05.000Z",
    ],
    [
      "X-41 from fulfilment: held until the fulfilment starts the clock",
      { enabled: true, holdingPeriod: { value: 14, unit: "day" }, startsAt: "fulfilled" },
      true,
      null,
    ],
  ])("%s", (_label, pendingPoints, pending, until) => {
    const d = evaluateOrderEarning(input({ shop: shop({ pendingPoints }) }));
    expect(d.kind === "reward" && d.awards[0]).toMatchObject({ pending, pendingUntil: until });
  });

  it("an unpaid order (anti-cheat off) holds from now", () => {
    const d = evaluateOrderEarning(
      input({
        order: order({ paidAt: null }),
        programs: [program({ enabledAntiCheat: false })],
        shop: shop({ pendingPoints: { enabled: true, holdingPeriod: { value: 1, unit: "day" } } }),
      }),
    );
    expect(d.kind === "reward" && d.awards[0]?.pendingUntil).toBe("2026-06-16T12:00:00.000Z");
    expect(NOW).toBe("2026-06-15T12:00:00.000Z");
  });
});

describe("properties", () => {
  const rounding = fc.constantFrom("roundingDown", "roundingNearest", "roundingUp");
  const earnBy = fc.constantFrom("price", "order", "item", "fixed_order");
  const anyLine = fc.record({
    unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    discount: fc.integer({ min: 0, max: 500_000 }),
  });

  it("price points never decrease when the amount grows", () => {
    assertProperty(
      "monotonic in amount",
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        rounding,
        fc.boolean(),
        (a, extra, earnPoint, rateMoney, method, keepOriginalStep) => {
          const config = {
            earnPoint,
            rateMoney,
            rounding: method,
            keepOriginalStep,
            enabledAntiCheat: false,
          };
          return pointsFor(config, amountOrder(a)) <= pointsFor(config, amountOrder(a + extra));
        },
      ),
    );
  });

  it("rounding down ≤ nearest ≤ up for any order and earnBy", () => {
    assertProperty(
      "rounding order in the engine",
      fc.property(
        fc.array(anyLine, { minLength: 1, maxLength: 5 }),
        earnBy,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 5 }),
        (lines, by, earnPoint, rateMoney, rateItem) => {
          const o = { lines: lines.map((l, i) => line({ ...l, id: `l${i}`, productId: `p${i}` })) };
          const at = (r: string) => pointsFor({ earnBy: by, earnPoint, rateMoney, rateItem, rounding: r }, o);
          const [down, nearest, up] = [at("roundingDown"), at("roundingNearest"), at("roundingUp")];
          return down <= nearest && nearest <= up;
        },
      ),
    );
  });

  it("the total is the sum of the awards, and stopProcessing lets at most one rule match", () => {
    assertProperty(
      "rule engine totals",
      fc.property(
        fc.array(
          fc.record({
            priority: fc.integer({ min: 1, max: 200 }),
            stop: fc.boolean(),
            points: fc.integer({ min: 0, max: 50 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (rules) => {
          const programs = rules.map((r, i) =>
            program(
              { earnBy: "order", earnPoint: r.points, stopProcessing: r.stop },
              { id: `prg_${i}`, priority: r.priority },
            ),
          );
          const d = evaluateOrderEarning(input({ programs }));
          const sum = d.kind === "reward" ? d.awards.reduce((s, a) => s + a.points, 0) : 0;
          if (d.kind === "reward" && sum !== d.total) return false;
          const matched = d.trace.filter((t) => t.result === "awarded" || t.result === "matched_zero");
          const firstStop = matched.findIndex(
            (t) => programs.find((p) => p.id === t.programId)?.config.stopProcessing,
          );
          return firstStop === -1 || firstStop === matched.length - 1;
        },
      ),
    );
  });
});
