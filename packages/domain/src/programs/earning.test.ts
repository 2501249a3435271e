import { describe, expect, it } from "vitest";
import {
  conditionFieldKind,
  type EarningValidationContext,
  isCalendarDate,
  earningMessages as M,
  placeOrderConfigSchema,
  saleChannelSources,
  signUpConfigSchema,
  validateEarningProgram,
} from "./earning";

const noPrograms: EarningValidationContext = { existingPrograms: [] };

const placeOrder = (config: Record<string, unknown> = {}, program: Record<string, unknown> = {}) => ({
  event: "place_order",
  title: "Place an order",
  status: "active",
  config: { earnBy: "price", earnPoint: 10, rateMoney: 10_000, ...config },
  ...program,
});

const signUp = (config: Record<string, unknown> = {}, program: Record<string, unknown> = {}) => ({
  event: "sign_up",
  title: "Sign up",
  config: { earnPoint: 100, ...config },
  ...program,
});

function errorsOf(input: unknown, context: EarningValidationContext = noPrograms) {
  const result = validateEarningProgram(input, context);
  return result.ok ? [] : result.errors;
}

describe("validateEarningProgram: a valid place order program", () => {
  it("C-12/C-15: parses and fills the defaults", () => {
    const result = validateEarningProgram(placeOrder(), noPrograms);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.program).toMatchObject({
      type: "earning",
      event: "place_order",
      priority: 99,
      translateTitle: {},
      description: null,
      startDate: null,
      endDate: null,
      config: {
        applyTo: "member",
        earnBy: "price",
        earnPoint: 10,
        rateMoney: 10_000,
        rateItem: 1,
        rounding: "roundingDown",
        enabledAntiCheat: true,
        hasLimit: false,
        limitInterval: 1,
        autoRemovePoints: true,
        statusUseCondition: false,
        typeCondition: "all",
        typeProductMatch: "any",
        stopProcessing: false,
        keepOriginalStep: false,
        earnZeroPriceItems: false,
        excludeGiftCard: true,
        excludeStoreCredit: true,
        excludeFreeGift: true,
        appliedPlaceOrderTo: "online_store",
        includeProducts: { appliesTo: "all", productIds: [], collectionIds: [] },
      },
    });
  });

  it.each([
    ["X-28: the spec's string '99' becomes the integer 99", { priority: "99" }, 99],
    ["X-28: a custom rule's priority below 99", { priority: 5 }, 5],
    [
      "C-12: `config.priorityPlaceOrder` is the priority",
      { config: { ...placeOrder().config, priorityPlaceOrder: "12" } },
      12,
    ],
  ])("%s", (_label, over, expected) => {
    const result = validateEarningProgram({ ...placeOrder(), ...over }, noPrograms);
    expect(result.ok && result.program.priority).toBe(expected);
  });

  it("C-24: place order accepts 0 points (a rule that blocks lower rules)", () => {
    expect(errorsOf(placeOrder({ earnPoint: 0 }))).toEqual([]);
  });

  it("C-14: excluded tax types and order tags entered comma-separated become trimmed lists", () => {
    const result = validateEarningProgram(
      placeOrder({ excludedTaxTypes: " VAT, GST ,,VAT", excludeOrderTags: "wholesale, staff" }),
      noPrograms,
    );
    expect(result.ok && result.program.config).toMatchObject({
      excludedTaxTypes: ["VAT", "GST"],
      excludeOrderTags: ["wholesale", "staff"],
    });
  });

  it("C-12: the spec's `roundingMethod` is read as `rounding`", () => {
    const config = placeOrderConfigSchema.parse({ ...placeOrder().config, roundingMethod: "roundingUp" });
    expect(config.rounding).toBe("roundingUp");
  });

  it("C-13: earnBy item needs no rateMoney; order needs no rate at all", () => {
    expect(errorsOf(placeOrder({ earnBy: "item", rateMoney: undefined, rateItem: 3 }))).toEqual([]);
    expect(errorsOf(placeOrder({ earnBy: "order", rateMoney: null }))).toEqual([]);
  });

  it("C-19: conditions are normalised (includes → list, numbers kept, valueless → null)", () => {
    const result = validateEarningProgram(
      placeOrder({
        statusUseCondition: true,
        conditions: [
          { criteria: "product", field: "tag", matcher: "includes", value: "sale, new" },
          { criteria: "order", field: "subtotal", matcher: "greater_than", value: "5000" },
          { criteria: "customer", field: "tag", matcher: "not_empty", value: "ignored" },
        ],
      }),
      noPrograms,
    );
    expect(result.ok && result.program.config).toMatchObject({
      conditions: [
        { criteria: "product", field: "tag", matcher: "includes", value: ["sale", "new"] },
        { criteria: "order", field: "subtotal", matcher: "greater_than", value: "5000" },
        { criteria: "customer", field: "tag", matcher: "not_empty", value: null },
      ],
    });
  });

  it("C-22: vip_tier with tiers is valid", () => {
    expect(errorsOf(placeOrder({ applyTo: "vip_tier", vipTierIds: ["tier_gold"] }))).toEqual([]);
  });
});

describe("validateEarningProgram: messages in the spec's words (C-24, C-09, C-16, C-20, C-23)", () => {
  it.each([
    ["C-24 title required", placeOrder({}, { title: "  " }), "title", M.required],
    ["C-24 title missing", placeOrder({}, { title: undefined }), "title", M.required],
    ["C-13 earnBy required", placeOrder({ earnBy: undefined }), "config.earnBy", M.required],
    ["C-13 earnBy unknown", placeOrder({ earnBy: "weight" }), "config.earnBy", M.invalidOption],
    ["C-24 earn points required", placeOrder({ earnPoint: undefined }), "config.earnPoint", M.required],
    ["C-24 earn points blank", placeOrder({ earnPoint: "" }), "config.earnPoint", M.required],
    ["C-24 place order: 0 or more", placeOrder({ earnPoint: -1 }), "config.earnPoint", M.pointsZeroOrMore],
    ["points are whole", placeOrder({ earnPoint: 1.5 }), "config.earnPoint", M.wholeNumber],
    ["points are numbers", placeOrder({ earnPoint: "ten" }), "config.earnPoint", M.number],
    ["C-13 price needs rateMoney", placeOrder({ rateMoney: undefined }), "config.rateMoney", M.required],
    [
      "C-13 fixed_order needs rateMoney",
      placeOrder({ earnBy: "fixed_order", rateMoney: "" }),
      "config.rateMoney",
      M.required,
    ],
    ["C-13 rateMoney above 0", placeOrder({ rateMoney: 0 }), "config.rateMoney", M.amountAboveZero],
    [
      "C-13 rateItem above 0",
      placeOrder({ earnBy: "item", rateItem: 0 }),
      "config.rateItem",
      M.quantityAboveZero,
    ],
    [
      "C-11 limitInterval above 0",
      placeOrder({ limitInterval: 0 }),
      "config.limitInterval",
      M.limitAboveZero,
    ],
    [
      "C-11 limitUnit from the list",
      placeOrder({ limitUnit: "fortnight" }),
      "config.limitUnit",
      M.invalidOption,
    ],
    ["C-17 rounding from the list", placeOrder({ rounding: "banker" }), "config.rounding", M.invalidOption],
    ["C-22 applyTo from the list", placeOrder({ applyTo: "everyone" }), "config.applyTo", M.invalidOption],
    ["C-22 VIP tier only needs tiers", placeOrder({ applyTo: "vip_tier" }), "config.vipTierIds", M.required],
    [
      "C-21 sale channel from the list",
      placeOrder({ appliedPlaceOrderTo: "marketplace" }),
      "config.appliedPlaceOrderTo",
      M.invalidOption,
    ],
    ["C-18 priority above 0", placeOrder({}, { priority: 0 }), "priority", M.priorityAboveZero],
    ["C-18 priority '0' above 0", placeOrder({}, { priority: "0" }), "priority", M.priorityAboveZero],
    ["C-18 priority whole", placeOrder({}, { priority: 2.5 }), "priority", M.wholeNumber],
    ["C-09 start date format", placeOrder({}, { startDate: "2026/01/01" }), "startDate", M.dateFormat],
    ["C-09 start date exists", placeOrder({}, { startDate: "2026-02-30" }), "startDate", M.dateFormat],
    ["C-09 end date format", placeOrder({}, { endDate: "tomorrow" }), "endDate", M.dateFormat],
    [
      "C-09 end date before start",
      placeOrder({}, { startDate: "2026-06-10", endDate: "2026-06-01" }),
      "endDate",
      M.endAfterStart,
    ],
    [
      "C-09 end date equal to start",
      placeOrder({}, { startDate: "2026-06-10", endDate: "2026-06-10" }),
      "endDate",
      M.endAfterStart,
    ],
    [
      "C-20 specific products need one",
      placeOrder({ includeProducts: { appliesTo: "specific" } }),
      "config.includeProducts.productIds",
      M.productRequired,
    ],
    [
      "C-20 at most 100 included products",
      placeOrder({
        includeProducts: {
          appliesTo: "specific",
          productIds: Array.from({ length: 101 }, (_, i) => `p${i}`),
        },
      }),
      "config.includeProducts.productIds",
      M.tooManyProducts,
    ],
    [
      "C-20 at most 100 excluded products",
      placeOrder({ excludeProducts: { productIds: Array.from({ length: 101 }, (_, i) => `p${i}`) } }),
      "config.excludeProducts.productIds",
      M.tooManyProducts,
    ],
    [
      "C-19 conditions on needs one",
      placeOrder({ statusUseCondition: true, conditions: [] }),
      "config.conditions",
      M.required,
    ],
    [
      "C-19 criteria required",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ field: "title", matcher: "equal", value: "x" }],
      }),
      "config.conditions.0.criteria",
      M.required,
    ],
    [
      "C-19 a field from the catalogue",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ criteria: "product", field: "weight", matcher: "equal", value: "1" }],
      }),
      "config.conditions.0.field",
      M.conditionField,
    ],
    [
      "C-19 the matcher fits the field",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ criteria: "product", field: "title", matcher: "greater_than", value: "a" }],
      }),
      "config.conditions.0.matcher",
      M.conditionMatcher,
    ],
    [
      "C-19 contains does not fit a number",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ criteria: "order", field: "total", matcher: "contains", value: "1" }],
      }),
      "config.conditions.0.matcher",
      M.conditionMatcher,
    ],
    [
      "C-19 matcher from the 14",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ criteria: "order", field: "tag", matcher: "like", value: "x" }],
      }),
      "config.conditions.0.matcher",
      M.invalidOption,
    ],
    [
      "C-19 value required",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ criteria: "order", field: "tag", matcher: "equal", value: " " }],
      }),
      "config.conditions.0.value",
      M.required,
    ],
    [
      "C-19 includes needs at least one value",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ criteria: "collection", field: "id", matcher: "includes", value: [] }],
      }),
      "config.conditions.0.value",
      M.required,
    ],
    [
      "C-19 a number field needs a number",
      placeOrder({
        statusUseCondition: true,
        conditions: [{ criteria: "customer", field: "orders_count", matcher: "greater_than", value: "many" }],
      }),
      "config.conditions.0.value",
      M.number,
    ],
    ["C-25 sign up points above 0", signUp({ earnPoint: 0 }), "config.earnPoint", M.pointsAboveZero],
    ["C-25 sign up points required", signUp({ earnPoint: undefined }), "config.earnPoint", M.required],
    [
      "C-26 newsletter points above 0",
      signUp({ earnPoint: -5 }, { event: "sign_up_newsletter" }),
      "config.earnPoint",
      M.pointsAboveZero,
    ],
    ["event required", placeOrder({}, { event: undefined }), "event", M.required],
    ["event this module knows", placeOrder({}, { event: "no_such_kind" }), "event", M.unsupportedEvent],
  ])("%s", (_label, input, field, message) => {
    expect(errorsOf(input)).toContainEqual({ field, message });
  });

  it("C-24: every error at once, one per field", () => {
    const errors = errorsOf(
      placeOrder(
        { earnPoint: -1, rateMoney: undefined, limitInterval: 0 },
        { title: "", startDate: "2026-06-10", endDate: "2026-06-01" },
      ),
    );
    expect(errors.map((e) => e.field).sort()).toEqual(
      ["config.earnPoint", "config.limitInterval", "config.rateMoney", "endDate", "title"].sort(),
    );
  });

  it("a non-object input says the event is required", () => {
    expect(errorsOf(null)).toEqual([{ field: "event", message: M.required }]);
  });
});

describe("validateEarningProgram: against the shop's other programs", () => {
  const rules = (n: number, event = "place_order") =>
    Array.from({ length: n }, (_, i) => ({ id: `prg_${i}`, event, priority: i + 1 }));

  it("C-18/C-24: priority unique among place order rules", () => {
    const context = { existingPrograms: [{ id: "prg_a", event: "place_order", priority: 99 }] };
    expect(errorsOf(placeOrder(), context)).toContainEqual({ field: "priority", message: M.priorityUnique });
    expect(errorsOf(placeOrder({}, { priority: "99" }), context)).toContainEqual({
      field: "priority",
      message: M.priorityUnique,
    });
    expect(errorsOf(placeOrder({}, { priority: 98 }), context)).toEqual([]);
  });

  it("C-18: editing a rule does not clash with itself", () => {
    const context = {
      existingPrograms: [{ id: "prg_a", event: "place_order", priority: 99 }],
      programId: "prg_a",
    };
    expect(errorsOf(placeOrder(), context)).toEqual([]);
  });

  it("C-18: priorities of other kinds of programs do not clash", () => {
    const context = { existingPrograms: [{ id: "prg_s", event: "sign_up", priority: 99 }] };
    expect(errorsOf(placeOrder(), context)).toEqual([]);
  });

  it("C-16: at most 10 place order programs", () => {
    expect(errorsOf(placeOrder({}, { priority: 50 }), { existingPrograms: rules(9) })).toEqual([]);
    expect(errorsOf(placeOrder({}, { priority: 50 }), { existingPrograms: rules(10) })).toContainEqual({
      field: "event",
      message: M.tooManyPlaceOrder,
    });
    // Subscription order programs count too.
    expect(
      errorsOf(placeOrder({}, { priority: 50 }), { existingPrograms: rules(10, "place_order_subscription") }),
    ).toContainEqual({ field: "event", message: M.tooManyPlaceOrder });
  });

  it("C-16: editing one of 10 is fine", () => {
    expect(
      errorsOf(placeOrder({}, { priority: 50 }), { existingPrograms: rules(10), programId: "prg_3" }),
    ).toEqual([]);
  });

  it("C-23: a subscription order program needs a subscription app", () => {
    const input = placeOrder({}, { event: "place_order_subscription" });
    expect(errorsOf(input)).toContainEqual({ field: "event", message: M.subscriptionApp });
    expect(errorsOf(input, { existingPrograms: [], subscriptionAppInstalled: true })).toEqual([]);
  });

  it("C-24: shop checks are reported together with field errors", () => {
    const context = { existingPrograms: [{ id: "prg_a", event: "place_order", priority: 99 }] };
    const fields = errorsOf(placeOrder({ earnPoint: -1 }), context).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["config.earnPoint", "priority"]));
  });
});

describe("sign up and newsletter settings (C-25, C-26)", () => {
  it("C-25: default once in a lifetime", () => {
    expect(signUpConfigSchema.parse({ earnPoint: 100 })).toEqual({
      earnPoint: 100,
      hasLimit: true,
      limitUnit: "lifetime",
      limitInterval: 1,
    });
  });

  it("C-26: newsletter has the same shape", () => {
    const result = validateEarningProgram(signUp({}, { event: "sign_up_newsletter" }), noPrograms);
    expect(result.ok && result.program.config).toEqual({
      earnPoint: 100,
      hasLimit: true,
      limitUnit: "lifetime",
      limitInterval: 1,
    });
  });

  it("C-25: sign up programs do not take part in the place order checks", () => {
    const context = { existingPrograms: [{ id: "prg_a", event: "place_order", priority: 99 }] };
    expect(errorsOf(signUp(), context)).toEqual([]);
  });
});

describe("vocabularies", () => {
  it.each([
    ["online_store", ["web"]],
    ["online_store_and_pos", ["web", "pos"]],
    ["pos", ["pos"]],
    ["draft_order", ["draft_order"]],
    ["all", ["web", "pos", "draft_order", "subscription_contract"]],
  ] as const)("X-30: sale channel %s = order sources %j", (channel, sources) => {
    expect(saleChannelSources[channel]).toEqual(sources);
  });

  it.each([
    ["product", "title", "text"],
    ["product", "tag", "list"],
    ["collection", "id", "list"],
    ["order", "subtotal", "number"],
    ["customer", "email", "text"],
    ["customer", "constructor", null],
    ["order", "weight", null],
  ] as const)("C-19: %s.%s is a %s field", (criteria, field, kind) => {
    expect(conditionFieldKind(criteria, field)).toBe(kind);
  });

  it.each([
    ["2026-02-28", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-1-01", false],
    ["2026-12-31", true],
  ])("C-09: %s is a calendar date: %s", (date, ok) => {
    expect(isCalendarDate(date)).toBe(ok);
  });
});
