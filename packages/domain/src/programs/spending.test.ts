import { describe, expect, it } from "vitest";
import { planRanks } from "../plans/plans";
import type { SpendingEvent } from "./common";
import { defaultPrograms } from "./defaults";
import {
  AUTOMATIC_DISCOUNT_LIMIT_MESSAGE,
  checkAutomaticDiscountLimit,
  DEFAULT_EXCHANGE_RATE,
  discountKindOf,
  parseSpendingProgramConfig,
  type SpendingValidationContext,
  SUBSCRIPTION_APP_REQUIRED,
  validateExchangeRate,
  validateSpendingProgram,
} from "./spending";

/** A minimal valid config per kind (D-01). */
const base: Record<SpendingEvent, Record<string, unknown>> = {
  amount_discount: { pointsCost: 500, rewardValue: 500 },
  percentage_discount: { pointsCost: 1000, rewardValue: 10 },
  pos_amount_discount: { pointsCost: 500, rewardValue: 500 },
  pos_percentage_discount: { pointsCost: 500, rewardValue: 15 },
  free_shipping: { pointsCost: 300, maxShippingAmount: 1000 },
  buy_x_get_y: {
    pointsCost: 800,
    bxgy: {
      buyQuantity: 2,
      getQuantity: 1,
      getItems: { appliesTo: "sf_product", productIds: ["gid://shopify/Product/1"] },
      getDiscount: { kind: "amount", value: 5000 },
    },
  },
  free_gift: { pointsCost: 1000, freeGift: { variantId: "gid://shopify/ProductVariant/9", quantity: 1 } },
  custom_voucher: { pointsCost: 200, voucherCodes: ["PARTNER-1", "PARTNER-2"] },
};

const ctx: SpendingValidationContext = { planRank: planRanks.ultimate, hasSubscriptionApp: false };

function errorsOf(event: unknown, config: unknown, context: Partial<SpendingValidationContext> = {}) {
  const result = validateSpendingProgram({ event, config }, { ...ctx, ...context });
  return result.ok ? [] : result.errors;
}

describe("spending program settings (D-01…D-18)", () => {
  it.each(Object.keys(base) as SpendingEvent[])(
    "D-01: a minimal %s is valid and gets its defaults",
    (event) => {
      const result = validateSpendingProgram({ event, config: base[event] }, ctx);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const { config } = result.value;
      expect(config).toMatchObject({
        redeemType: "fixed",
        appliesTo: "all",
        minimumRequirement: { kind: "none" },
        combinesWith: { order: false, product: false, shipping: false },
        availability: "redeemer_only",
        purchaseType: "one_time_purchase",
        rewardExpiry: "permanent",
        usageLimit: { total: null, perCustomer: null, perOrder: null },
        codePrefix: "",
        discountKind: discountKindOf(event),
      });
      expect(config.channel).toBe(event.startsWith("pos_") ? "applyPos" : "applyOnlineStore");
    },
  );

  it("the seeded default reward (defaults.ts) is a valid amount discount", () => {
    const reward = defaultPrograms().find((p) => p.type === "spending");
    const result = validateSpendingProgram({ event: reward?.event, config: reward?.config }, ctx);
    expect(result.ok).toBe(true);
  });

  it.each([
    ["D-04", "amount_discount", "amount"],
    ["D-04", "pos_percentage_discount", "percentage"],
    ["D-17", "buy_x_get_y", "bxgy"],
    ["D-16", "free_gift", "free_gift"],
    ["D-15", "free_shipping", null],
    ["D-18", "custom_voucher", null],
  ] as const)("%s: %s stores discount kind %s", (_id, event, kind) => {
    expect(discountKindOf(event)).toBe(kind);
  });

  it.each([
    ["C-24: event required", undefined, {}, {}, "event", "This field is required"],
    ["D-01: unknown event", "points_party", {}, {}, "event", "Unknown reward type"],
    [
      "C-24: points cost required",
      "amount_discount",
      { pointsCost: undefined },
      {},
      "config.pointsCost",
      "This field is required",
    ],
    [
      "D-03: points above 0",
      "amount_discount",
      { pointsCost: 0 },
      {},
      "config.pointsCost",
      "Points must be greater than 0",
    ],
    [
      "D-03: whole points",
      "amount_discount",
      { pointsCost: 1.5 },
      {},
      "config.pointsCost",
      "Points must be a whole number",
    ],
    [
      "D-14: amount required",
      "amount_discount",
      { rewardValue: null },
      {},
      "config.rewardValue",
      "This field is required",
    ],
    [
      "D-14: amount above 0",
      "amount_discount",
      { rewardValue: 0 },
      {},
      "config.rewardValue",
      "Discount amount must be greater than 0",
    ],
    [
      "D-14: percentage ≥ 1",
      "percentage_discount",
      { rewardValue: 0 },
      {},
      "config.rewardValue",
      "Discount percentage must be from 1 to 100",
    ],
    [
      "D-14: percentage ≤ 100",
      "percentage_discount",
      { rewardValue: 101 },
      {},
      "config.rewardValue",
      "Discount percentage must be from 1 to 100",
    ],
    [
      "D-14: percentage required",
      "pos_percentage_discount",
      { rewardValue: null },
      {},
      "config.rewardValue",
      "This field is required",
    ],
    [
      "D-04: kind must match",
      "amount_discount",
      { discountKind: "percentage" },
      {},
      "config.discountKind",
      "Discount kind does not match the reward type",
    ],
    [
      "D-04: free shipping has no discount kind",
      "free_shipping",
      { discountKind: "amount" },
      {},
      "config.discountKind",
      "Discount kind does not match the reward type",
    ],
    [
      "D-03: dynamic only for amounts",
      "percentage_discount",
      { redeemType: "dynamic", minPoints: 100 },
      {},
      "config.redeemType",
      "Dynamic redemption is only available for amount discounts",
    ],
    [
      "D-03: dynamic needs a minimum",
      "amount_discount",
      { redeemType: "dynamic", pointsCost: 100 },
      {},
      "config.minPoints",
      "This field is required",
    ],
    [
      "D-03: minimum ≤ maximum",
      "amount_discount",
      { redeemType: "dynamic", pointsCost: 100, minPoints: 500, maxPoints: 300 },
      {},
      "config.minPoints",
      "Minimum spend must not exceed maximum",
    ],
    [
      "D-03: minimum a multiple",
      "amount_discount",
      { redeemType: "dynamic", pointsCost: 100, minPoints: 150 },
      {},
      "config.minPoints",
      "Minimum spend must be a multiple of the redeem point",
    ],
    [
      "D-03: maximum a multiple",
      "amount_discount",
      { redeemType: "dynamic", pointsCost: 100, minPoints: 100, maxPoints: 1050 },
      {},
      "config.maxPoints",
      "Maximum spend must be a multiple of the redeem point",
    ],
    [
      "D-05: collections when specific",
      "amount_discount",
      { appliesTo: "specific" },
      {},
      "config.collectionIds",
      "At least one collection must be selected",
    ],
    [
      "D-05: products when sf_product",
      "percentage_discount",
      { appliesTo: "sf_product" },
      {},
      "config.productIds",
      "At least one product must be selected",
    ],
    [
      "D-05: at most 100 products",
      "amount_discount",
      { appliesTo: "sf_product", productIds: Array.from({ length: 101 }, (_, i) => `p${i}`) },
      {},
      "config.productIds",
      "Specific products must be at most 100",
    ],
    [
      "D-05: no blank ids",
      "amount_discount",
      { appliesTo: "specific", collectionIds: [" "] },
      {},
      "config.collectionIds.0",
      "This field is required",
    ],
    [
      "D-06: minimum amount ≥ 0",
      "amount_discount",
      { minimumRequirement: { kind: "amount", amount: -1 } },
      {},
      "config.minimumRequirement.amount",
      "Minimum purchase must be 0 or more",
    ],
    [
      "D-06: minimum quantity ≥ 0",
      "amount_discount",
      { minimumRequirement: { kind: "quantity", quantity: -2 } },
      {},
      "config.minimumRequirement.quantity",
      "Minimum quantity must be 0 or more",
    ],
    [
      "D-08: availability values",
      "amount_discount",
      { availability: "friends" },
      {},
      "config.availability",
      undefined,
    ],
    [
      "D-09: prefix length after cleaning",
      "amount_discount",
      { codePrefix: "A".repeat(21) },
      {},
      "config.codePrefix",
      "Prefix must be at most 20 characters",
    ],
    [
      "D-10: POS kinds apply at POS",
      "pos_amount_discount",
      { channel: "applyOnlineStore" },
      {},
      "config.channel",
      "A POS reward must apply at the point of sale",
    ],
    [
      "D-11/C-23: subscription needs an app",
      "amount_discount",
      { purchaseType: "subscription_purchase" },
      {},
      "config.purchaseType",
      SUBSCRIPTION_APP_REQUIRED,
    ],
    [
      "D-11/C-23: both needs an app",
      "amount_discount",
      { purchaseType: "both_purchase" },
      {},
      "config.purchaseType",
      SUBSCRIPTION_APP_REQUIRED,
    ],
    [
      "D-02: recurring limits need subscriptions",
      "amount_discount",
      { recurringCycleLimit: 3 },
      {},
      "config.recurringCycleLimit",
      "Recurring payment limits apply to subscription purchases only",
    ],
    [
      "D-12/H-07: expiry code",
      "amount_discount",
      { rewardExpiry: "1X" },
      {},
      "config.rewardExpiry",
      "Expiry must be permanent, specific, custom or a number followed by D, W, M or Y.",
    ],
    [
      "D-12: specific needs a date",
      "amount_discount",
      { rewardExpiry: "specific" },
      {},
      "config.rewardExpiryDate",
      "This field is required",
    ],
    [
      "D-12: specific date is a date",
      "amount_discount",
      { rewardExpiry: "specific", rewardExpiryDate: "soon" },
      {},
      "config.rewardExpiryDate",
      "Invalid date",
    ],
    [
      "D-12: specific date in the future",
      "amount_discount",
      { rewardExpiry: "specific", rewardExpiryDate: "2025-01-01" },
      { now: "2025-06-01T00:00:00Z" },
      "config.rewardExpiryDate",
      "Expiry date must be in the future",
    ],
    [
      "X-31: custom needs a duration",
      "amount_discount",
      { rewardExpiry: "custom" },
      {},
      "config.rewardExpiryDuration",
      "This field is required",
    ],
    [
      "X-31: custom duration grammar",
      "amount_discount",
      { rewardExpiry: "custom", rewardExpiryDuration: "5 days" },
      {},
      "config.rewardExpiryDuration",
      "Expiry must be a number followed by D, W, M or Y",
    ],
    [
      "D-13: max uses per order above 0",
      "amount_discount",
      { usageLimit: { perOrder: 0 } },
      {},
      "config.usageLimit.perOrder",
      "Max uses per order must be greater than 0",
    ],
    [
      "D-13: total above 0",
      "amount_discount",
      { usageLimit: { total: 0 } },
      {},
      "config.usageLimit.total",
      "Total program limit must be greater than 0",
    ],
    [
      "D-13: per customer above 0",
      "amount_discount",
      { usageLimit: { perCustomer: -1 } },
      {},
      "config.usageLimit.perCustomer",
      "Limit per customer must be greater than 0",
    ],
    [
      "D-13: total exceeds current redemptions",
      "amount_discount",
      { usageLimit: { total: 40 } },
      { currentRedemptions: 40 },
      "config.usageLimit.total",
      "Total program limit must exceed current redemptions (40)",
    ],
    [
      "D-15: shipping cap above 0",
      "free_shipping",
      { maxShippingAmount: 0 },
      {},
      "config.maxShippingAmount",
      "Maximum shipping amount must be greater than 0",
    ],
    [
      "D-16: variant required",
      "free_gift",
      { freeGift: null },
      {},
      "config.freeGift.variantId",
      "This field is required",
    ],
    [
      "D-16: variant not blank",
      "free_gift",
      { freeGift: { variantId: "" } },
      {},
      "config.freeGift.variantId",
      "This field is required",
    ],
    [
      "D-16: quantity above 0",
      "free_gift",
      { freeGift: { variantId: "v", quantity: 0 } },
      {},
      "config.freeGift.quantity",
      "Free item quantity must be greater than 0",
    ],
    ["D-17: bxgy required", "buy_x_get_y", { bxgy: null }, {}, "config.bxgy", "This field is required"],
    [
      "D-17: buy quantity above 0",
      "buy_x_get_y",
      { bxgy: { buyQuantity: 0, getQuantity: 1, getItems: { appliesTo: "specific", collectionIds: ["c"] } } },
      {},
      "config.bxgy.buyQuantity",
      "Buy quantity must be greater than 0",
    ],
    [
      "D-17: get items required",
      "buy_x_get_y",
      { bxgy: { buyQuantity: 2, getQuantity: 1, getItems: { appliesTo: "all" } } },
      {},
      "config.bxgy.getItems.appliesTo",
      "At least one product or collection must be selected",
    ],
    [
      "D-17: get percentage 1–100",
      "buy_x_get_y",
      {
        bxgy: {
          buyQuantity: 2,
          getQuantity: 1,
          getItems: { appliesTo: "specific", collectionIds: ["c"] },
          getDiscount: { kind: "percentage", value: 0 },
        },
      },
      {},
      "config.bxgy.getDiscount.value",
      "Discount percentage must be from 1 to 100",
    ],
    [
      "D-18: at least one voucher",
      "custom_voucher",
      { voucherCodes: [] },
      {},
      "config.voucherCodes",
      "This field is required",
    ],
    [
      "D-18: blank voucher",
      "custom_voucher",
      { voucherCodes: ["OK1", " "] },
      {},
      "config.voucherCodes.1",
      "Invalid coupon code",
    ],
    [
      "D-18: voucher with spaces",
      "custom_voucher",
      { voucherCodes: ["TWO WORDS"] },
      {},
      "config.voucherCodes.0",
      "Invalid coupon code",
    ],
    [
      "D-18: duplicate voucher",
      "custom_voucher",
      { voucherCodes: ["abc", "ABC"] },
      {},
      "config.voucherCodes.1",
      "Invalid coupon code",
    ],
    [
      "R-02: BXGY needs Essential",
      "buy_x_get_y",
      {},
      { planRank: planRanks.starter },
      "event",
      "This reward is available on the Essential plan and above",
    ],
    [
      "R-02: free shipping needs Essential",
      "free_shipping",
      {},
      { planRank: planRanks.starter },
      "event",
      "This reward is available on the Essential plan and above",
    ],
    [
      "R-02: free gift needs Essential",
      "free_gift",
      {},
      { planRank: planRanks.starter },
      "event",
      "This reward is available on the Essential plan and above",
    ],
    [
      "R-03/D-10: POS off on Starter",
      "pos_amount_discount",
      {},
      { planRank: planRanks.starter },
      "event",
      "This reward is available on the Essential + POS plan and above",
    ],
    [
      "R-03/D-10: POS needs the POS extension",
      "pos_percentage_discount",
      {},
      { planRank: planRanks.essential },
      "event",
      "This reward is available on the Essential + POS plan and above",
    ],
    [
      "D-10: a POS channel on an online kind is gated too",
      "amount_discount",
      { channel: "applyAll" },
      { planRank: planRanks.starter },
      "config.channel",
      "This reward is available on the Essential + POS plan and above",
    ],
  ] as const)("%s", (_id, event, override, context, field, message) => {
    const config = { ...(event && event in base ? base[event as SpendingEvent] : {}), ...override };
    const errors = errorsOf(event, config, context);
    const match = errors.find((e) => e.field === field);
    expect(match, JSON.stringify(errors)).toBeDefined();
    if (message !== undefined) expect(match?.message).toBe(message);
  });

  it.each([
    ["X-24: Starter may offer amount discounts", "amount_discount", planRanks.starter],
    ["X-24: Starter may offer percentage discounts", "percentage_discount", planRanks.starter],
    ["D-18: custom vouchers are not gated", "custom_voucher", planRanks.starter],
    ["R-02: Essential may offer BXGY", "buy_x_get_y", planRanks.essential],
    ["X-04: Essential + POS may offer POS rewards", "pos_amount_discount", planRanks.essential_pos],
  ] as const)("%s", (_id, event, planRank) => {
    expect(errorsOf(event, base[event], { planRank })).toEqual([]);
  });

  it.each([
    ["D-06: minimum purchase 0 is allowed", { minimumRequirement: { kind: "amount", amount: 0 } }],
    ["D-07: combinations", { combinesWith: { order: true, shipping: true } }],
    ["D-08: everyone", { availability: "everyone" }],
    ["D-10: online + POS", { channel: "applyAll" }],
    ["D-11: subscription with an app", { purchaseType: "both_purchase", recurringCycleLimit: 3 }],
    ["D-12: 1 week", { rewardExpiry: "1W" }],
    ["D-12: custom", { rewardExpiry: "custom", rewardExpiryDuration: "45D" }],
    ["D-12: specific date", { rewardExpiry: "specific", rewardExpiryDate: "2030-12-31" }],
    ["D-13: limits", { usageLimit: { total: 100, perCustomer: 2, perOrder: 1 } }],
    ["D-05: collections", { appliesTo: "specific", collectionIds: ["gid://shopify/Collection/1"] }],
    ["D-05: variants alone", { appliesTo: "sf_product", variantIds: ["gid://shopify/ProductVariant/1"] }],
    [
      "D-05: exactly 100 products",
      { appliesTo: "sf_product", productIds: Array.from({ length: 100 }, (_, i) => `p${i}`) },
    ],
    [
      "D-03: dynamic at the shop rate",
      { redeemType: "dynamic", pointsCost: 100, minPoints: 100, maxPoints: 5000, rewardValue: null },
    ],
    ["D-03: dynamic without a maximum", { redeemType: "dynamic", pointsCost: 100, minPoints: 200 }],
  ])("%s", (_id, override) => {
    const errors = errorsOf(
      "amount_discount",
      { ...base.amount_discount, ...override },
      { hasSubscriptionApp: true, currentRedemptions: 10, now: "2025-01-01T00:00:00Z" },
    );
    expect(errors).toEqual([]);
  });

  it("D-09: the prefix loses spaces and special characters and is upper-cased", () => {
    const result = validateSpendingProgram(
      { event: "amount_discount", config: { ...base.amount_discount, codePrefix: " vip-Reward 5$ " } },
      ctx,
    );
    expect(result.ok && result.value.config.codePrefix).toBe("VIPREWARD5");
  });

  it("reports every problem at once", () => {
    const errors = errorsOf("percentage_discount", {
      pointsCost: -1,
      rewardValue: 500,
      usageLimit: { perOrder: 0 },
    });
    expect(errors.map((e) => e.field).sort()).toEqual(["config.pointsCost", "config.usageLimit.perOrder"]);
  });

  it("parseSpendingProgramConfig reads stored settings back with event defaults, and throws on bad ones", () => {
    expect(parseSpendingProgramConfig("pos_amount_discount", base.pos_amount_discount).channel).toBe(
      "applyPos",
    );
    expect(() => parseSpendingProgramConfig("amount_discount", { pointsCost: "many" })).toThrow();
  });
});

describe("exchange rate (H-16, X-46)", () => {
  it("DEFAULT_EXCHANGE_RATE: 100 points per currency unit (a point is a cent)", () => {
    expect(DEFAULT_EXCHANGE_RATE).toBe(100);
  });

  it.each([
    ["H-16", 100, 100],
    ["H-16", 0.5, 0.5],
    ["H-16: numeric form text", "12.25", 12.25],
    ["H-16: 4 decimals", 0.0001, 0.0001],
  ])("%s: %s is valid", (_id, input, value) => {
    expect(validateExchangeRate(input)).toEqual({ ok: true, value });
  });

  it.each([
    ["H-16", 0, "Exchange rate must be a number above 0"],
    ["H-16", -3, "Exchange rate must be a number above 0"],
    ["H-16", "abc", "Exchange rate must be a number above 0"],
    ["H-16", "", "Exchange rate must be a number above 0"],
    ["H-16", null, "Exchange rate must be a number above 0"],
    ["H-16", Number.NaN, "Exchange rate must be a number above 0"],
    ["H-16", Number.POSITIVE_INFINITY, "Exchange rate must be a number above 0"],
    ["X-46: exact money", 0.12345, "Exchange rate can have at most 4 decimal places"],
  ])("%s: %s is refused with 'Error saving exchange rate'", (_id, input, message) => {
    const result = validateExchangeRate(input);
    expect(result).toMatchObject({ ok: false, error: "Error saving exchange rate" });
    expect(!result.ok && result.errors).toEqual([{ field: "exchangeRate", message }]);
  });
});

describe("automatic discounts (D-19)", () => {
  it.each([
    [24, 25, true],
    [25, 25, false],
    [4, 5, true],
    [5, 5, false],
  ])("D-19: %i active of %i → allowed %s", (active, limit, allowed) => {
    const check = checkAutomaticDiscountLimit(active, limit);
    expect(check.ok).toBe(allowed);
    if (!check.ok) expect(check.message).toBe(AUTOMATIC_DISCOUNT_LIMIT_MESSAGE);
  });
  it("D-19: the default limit is 25", () => {
    expect(checkAutomaticDiscountLimit(25)).toEqual({
      ok: false,
      message: "Automatic Discount Limit Reached",
    });
  });
});
