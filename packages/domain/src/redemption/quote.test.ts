import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usePropertySeed } from "../ledger/property-seed.test-support";
import { planRanks } from "../plans/plans";
import type { SpendingEvent } from "../programs/common";
import { parseSpendingProgramConfig, type SpendingProgram } from "../programs/spending";
import { checkProgramAvailable, type QuoteRedemptionInput, quoteRedemption } from "./quote";

usePropertySeed("quote");

const NOW = "2025-03-01T12:00:00.000Z";

function program(
  event: SpendingEvent,
  config: Record<string, unknown>,
  patch: Partial<Omit<SpendingProgram, "config">> = {},
): SpendingProgram {
  return {
    id: "prog_1",
    type: "spending",
    event,
    title: "Reward",
    translateTitle: {},
    description: null,
    status: "active",
    priority: 99,
    startDate: null,
    endDate: null,
    config: parseSpendingProgramConfig(event, config),
    ...patch,
  };
}

const fixedAmount = program("amount_discount", { pointsCost: 500, rewardValue: 500 });
const dynamic = program("amount_discount", {
  redeemType: "dynamic",
  pointsCost: 100,
  minPoints: 200,
  maxPoints: 1000,
});

function quote(patch: Partial<QuoteRedemptionInput> = {}) {
  return quoteRedemption({
    program: fixedAmount,
    balance: { available: 10_000 },
    customer: { state: "member" },
    usage: { programRedemptions: 0, customerRedemptions: 0 },
    shop: { exchangeRate: 100, currency: "USD", planRank: planRanks.ultimate, sandbox: false },
    now: NOW,
    ...patch,
  });
}

const shop = (patch: Partial<QuoteRedemptionInput["shop"]>): QuoteRedemptionInput["shop"] => ({
  exchangeRate: 100,
  currency: "USD",
  planRank: planRanks.ultimate,
  sandbox: false,
  ...patch,
});

describe("quoteRedemption: rewards (D-03, D-13, X-46)", () => {
  it("D-03: a fixed amount reward costs its points and describes the discount", () => {
    expect(quote()).toEqual({
      ok: true,
      points: 500,
      reward: {
        kind: "amount",
        value: 500,
        currency: "USD",
        appliesTo: { appliesTo: "all", collectionIds: [], productIds: [], variantIds: [] },
        minimumRequirement: { kind: "none" },
        combinesWith: { order: false, product: false, shipping: false },
        availability: "redeemer_only",
        channel: "applyOnlineStore",
        purchaseType: "one_time_purchase",
        recurringCycleLimit: null,
        expiresAt: null,
        usageLimit: 1,
        usesPerOrderLimit: null,
        codePrefix: "",
        maxShippingAmount: null,
        freeGift: null,
        bxgy: null,
      },
    });
  });

  it.each([
    ["D-03: fixed ignores a requested amount", { requestedPoints: 5 }, 500, 500],
    ["D-03/X-46: dynamic at the shop rate", { program: dynamic, requestedPoints: 300 }, 300, 300],
    ["D-03: dynamic at the minimum", { program: dynamic, requestedPoints: 200 }, 200, 200],
    ["D-03: dynamic at the maximum", { program: dynamic, requestedPoints: 1000 }, 1000, 1000],
    [
      "X-46: dynamic at the program's own rate",
      {
        program: program("amount_discount", {
          redeemType: "dynamic",
          pointsCost: 100,
          minPoints: 100,
          rewardValue: 125,
        }),
        requestedPoints: 300,
      },
      300,
      375,
    ],
    [
      "X-46: yen",
      { program: dynamic, requestedPoints: 500, shop: shop({ exchangeRate: 10, currency: "JPY" }) },
      500,
      50,
    ],
    [
      "X-46: rounded down",
      { program: dynamic, requestedPoints: 1000, shop: shop({ exchangeRate: 3 }) },
      1000,
      33_333,
    ],
    [
      "D-14: percentage",
      { program: program("percentage_discount", { pointsCost: 800, rewardValue: 15 }) },
      800,
      15,
    ],
    ["D-21: the balance exactly covers it", { balance: { available: 500 } }, 500, 500],
    [
      "X-71: a test customer in test mode",
      { customer: { state: "member", isTestCustomer: true }, shop: shop({ sandbox: true }) },
      500,
      500,
    ],
  ] as const)("%s", (_id, patch, points, value) => {
    const q = quote(patch as Partial<QuoteRedemptionInput>);
    expect(q.ok, JSON.stringify(q)).toBe(true);
    if (q.ok) {
      expect(q.points).toBe(points);
      expect(q.reward.value).toBe(value);
    }
  });

  it.each([
    [
      "D-15: free shipping with a cap",
      program("free_shipping", { pointsCost: 300, maxShippingAmount: 1000 }),
      { kind: "free_shipping", value: null, maxShippingAmount: 1000 },
    ],
    [
      "D-16: free gift",
      program("free_gift", { pointsCost: 900, freeGift: { variantId: "v9", quantity: 2 } }),
      { kind: "free_gift", value: null, freeGift: { productId: null, variantId: "v9", quantity: 2 } },
    ],
    [
      "D-17: buy 2, get 50 off the third",
      program("buy_x_get_y", {
        pointsCost: 700,
        bxgy: {
          buyQuantity: 2,
          getQuantity: 1,
          getItems: { appliesTo: "specific", collectionIds: ["c1"] },
          getDiscount: { kind: "amount", value: 5000 },
        },
        usageLimit: { perOrder: 1 },
      }),
      {
        kind: "bxgy",
        usesPerOrderLimit: 1,
        bxgy: { buyQuantity: 2, getQuantity: 1, getDiscount: { kind: "amount", value: 5000 } },
      },
    ],
    [
      "D-18: a partner voucher has no usage limit of ours",
      program("custom_voucher", { pointsCost: 200, voucherCodes: ["P1"] }),
      { kind: "custom_voucher", usageLimit: null },
    ],
    [
      "D-10: POS reward",
      program("pos_amount_discount", { pointsCost: 200, rewardValue: 300 }),
      { kind: "amount", channel: "applyPos", value: 300 },
    ],
    [
      "D-06: minimum purchase 0 applies to all orders",
      program("amount_discount", {
        pointsCost: 500,
        rewardValue: 500,
        minimumRequirement: { kind: "amount", amount: 0 },
      }),
      { minimumRequirement: { kind: "none" } },
    ],
    [
      "D-06: minimum quantity",
      program("amount_discount", {
        pointsCost: 500,
        rewardValue: 500,
        minimumRequirement: { kind: "quantity", quantity: 2 },
      }),
      { minimumRequirement: { kind: "quantity", quantity: 2 } },
    ],
    [
      "D-07/D-08/D-09: combinations, availability and prefix pass through",
      program("amount_discount", {
        pointsCost: 500,
        rewardValue: 500,
        combinesWith: { shipping: true },
        availability: "everyone",
        codePrefix: "vip-",
      }),
      {
        combinesWith: { order: false, product: false, shipping: true },
        availability: "everyone",
        codePrefix: "VIP",
      },
    ],
    [
      "D-11: subscription purchases keep their recurring limit",
      program("amount_discount", {
        pointsCost: 500,
        rewardValue: 500,
        purchaseType: "both_purchase",
        recurringCycleLimit: 3,
      }),
      { purchaseType: "both_purchase", recurringCycleLimit: 3 },
    ],
    [
      "D-12/H-07: expiry one month after redemption",
      program("amount_discount", { pointsCost: 500, rewardValue: 500, rewardExpiry: "1M" }),
      { expiresAt: "2025-04-01T12:00:00.000Z" },
    ],
    [
      "D-12: a specific date",
      program("amount_discount", {
        pointsCost: 500,
        rewardValue: 500,
        rewardExpiry: "specific",
        rewardExpiryDate: "2025-12-31",
      }),
      { expiresAt: "2025-12-31T23:59:59.999Z" },
    ],
  ])("%s", (_id, p, expected) => {
    const q = quote({ program: p });
    expect(q.ok, JSON.stringify(q)).toBe(true);
    if (q.ok) expect(q.reward).toMatchObject(expected);
  });
});

describe("quoteRedemption: refusals in the storefront's words (D-13, D-21, X-63, X-71, C-09, C-10)", () => {
  it.each([
    ["X-63: a guest", { customer: { state: "guest" } }, "customer_not_member", "Account not found"],
    [
      "X-63: a customer who left",
      { customer: { state: "left" } },
      "customer_left",
      "You have left the loyalty program. Please contact the store to rejoin.",
    ],
    [
      "X-71: test mode, not a test customer",
      { shop: shop({ sandbox: true }) },
      "sandbox_not_test_customer",
      "The loyalty program is in test mode. Only test customers can redeem rewards.",
    ],
    ["D-21: no program chosen", { program: null }, "reward_program_blank", "Reward program is blank"],
    [
      "C-04: inactive",
      { program: program("amount_discount", { pointsCost: 1, rewardValue: 1 }, { status: "inactive" }) },
      "program_inactive",
      "This reward is not available",
    ],
    [
      "C-04: draft",
      { program: program("amount_discount", { pointsCost: 1, rewardValue: 1 }, { status: "draft" }) },
      "program_inactive",
      "This reward is not available",
    ],
    [
      "C-10: paused",
      { program: program("amount_discount", { pointsCost: 1, rewardValue: 1 }, { status: "paused" }) },
      "program_inactive",
      "This reward is not available",
    ],
    [
      "C-04: expired status",
      { program: program("amount_discount", { pointsCost: 1, rewardValue: 1 }, { status: "expired" }) },
      "program_expired",
      "This reward has expired",
    ],
    [
      "C-09: starts tomorrow",
      { program: program("amount_discount", { pointsCost: 1, rewardValue: 1 }, { startDate: "2025-03-02" }) },
      "program_scheduled",
      "This reward is not available yet",
    ],
    [
      "C-09: ended yesterday",
      { program: program("amount_discount", { pointsCost: 1, rewardValue: 1 }, { endDate: "2025-02-28" }) },
      "program_expired",
      "This reward has expired",
    ],
    [
      "C-09: ended today in a store far ahead of UTC",
      {
        program: program("amount_discount", { pointsCost: 1, rewardValue: 1 }, { endDate: "2025-03-01" }),
        shop: shop({ timeZone: "Pacific/Kiritimati" }),
      },
      "program_expired",
      "This reward has expired",
    ],
    [
      "C-10: a Pro-only kind after a downgrade",
      {
        program: program("buy_x_get_y", {
          pointsCost: 1,
          bxgy: { buyQuantity: 1, getQuantity: 1, getItems: { appliesTo: "specific", collectionIds: ["c"] } },
        }),
        shop: shop({ planRank: planRanks.starter }),
      },
      "plan_restricted",
      "This reward is not available on the store's current plan",
    ],
    [
      "C-10: a POS channel after a downgrade",
      {
        program: program("amount_discount", { pointsCost: 1, rewardValue: 1, channel: "applyAll" }),
        shop: shop({ planRank: planRanks.essential }),
      },
      "plan_restricted",
      "This reward is not available on the store's current plan",
    ],
    [
      "D-21: dynamic without an amount",
      { program: dynamic },
      "redeem_amount_invalid",
      "Redeem amount must be greater than 0",
    ],
    [
      "D-21: dynamic 0",
      { program: dynamic, requestedPoints: 0 },
      "redeem_amount_invalid",
      "Redeem amount must be greater than 0",
    ],
    [
      "D-21: dynamic negative",
      { program: dynamic, requestedPoints: -100 },
      "redeem_amount_invalid",
      "Redeem amount must be greater than 0",
    ],
    [
      "D-21: dynamic fractional",
      { program: dynamic, requestedPoints: 250.5 },
      "redeem_amount_invalid",
      "Redeem amount must be greater than 0",
    ],
    [
      "D-03: below the minimum",
      { program: dynamic, requestedPoints: 100 },
      "redeem_amount_below_minimum",
      "Redeem amount must be at least 200 points",
    ],
    [
      "D-03: above the maximum",
      { program: dynamic, requestedPoints: 1100 },
      "redeem_amount_above_maximum",
      "Redeem amount must be at most 1000 points",
    ],
    [
      "D-03: not a multiple",
      { program: dynamic, requestedPoints: 250 },
      "redeem_amount_not_multiple",
      "Redeem amount must be a multiple of 100 points",
    ],
    [
      "X-46: too few points for one minor unit",
      {
        program: program("amount_discount", { redeemType: "dynamic", pointsCost: 1, minPoints: 1 }),
        requestedPoints: 5,
        shop: shop({ exchangeRate: 1000 }),
      },
      "redeem_amount_too_small",
      "Redeem amount is too small for a discount",
    ],
    [
      "D-13: the program's total is used up",
      {
        program: program("amount_discount", { pointsCost: 1, rewardValue: 1, usageLimit: { total: 50 } }),
        usage: { programRedemptions: 50, customerRedemptions: 0 },
      },
      "program_redemption_limit",
      "We have run out of reward coupons",
    ],
    [
      "D-18: no partner vouchers left",
      {
        program: program("custom_voucher", { pointsCost: 1, voucherCodes: ["A"] }),
        usage: { programRedemptions: 1, customerRedemptions: 0, vouchersLeft: 0 },
      },
      "program_redemption_limit",
      "We have run out of reward coupons",
    ],
    [
      "D-13: the customer's own limit",
      {
        program: program("amount_discount", {
          pointsCost: 1,
          rewardValue: 1,
          usageLimit: { perCustomer: 2 },
        }),
        usage: { programRedemptions: 9, customerRedemptions: 2 },
      },
      "customer_redemption_limit",
      "You have run out of redemption",
    ],
    [
      "D-21: not enough points",
      { balance: { available: 499 } },
      "insufficient_points",
      "Current balance is insufficient",
    ],
    [
      "X-41: a negative balance blocks redemption",
      { balance: { available: -20 } },
      "insufficient_points",
      "Current balance is insufficient",
    ],
    [
      "D-12: a specific expiry already past",
      {
        program: program("amount_discount", {
          pointsCost: 1,
          rewardValue: 1,
          rewardExpiry: "specific",
          rewardExpiryDate: "2025-02-01",
        }),
      },
      "program_expired",
      "This reward has expired",
    ],
  ])("%s", (_id, patch, code, message) => {
    expect(quote(patch as Partial<QuoteRedemptionInput>)).toEqual({ ok: false, code, message });
  });

  it("D-13: under the limits, a redemption is allowed", () => {
    const p = program("amount_discount", {
      pointsCost: 1,
      rewardValue: 1,
      usageLimit: { total: 50, perCustomer: 2 },
    });
    expect(quote({ program: p, usage: { programRedemptions: 49, customerRedemptions: 1 } }).ok).toBe(true);
  });

  it("C-09: program dates are store-local days (start at 00:00, end through the day)", () => {
    const p = { status: "active" as const, startDate: "2025-03-02", endDate: "2025-03-02" };
    expect(checkProgramAvailable(p, "2025-03-01T12:00:00Z", "UTC")).toBe("program_scheduled");
    expect(checkProgramAvailable(p, "2025-03-01T12:00:00Z", "Pacific/Auckland")).toBeNull();
    expect(checkProgramAvailable(p, "2025-03-02T23:59:59Z", "UTC")).toBeNull();
    expect(checkProgramAvailable(p, "2025-03-03T00:00:00Z", "UTC")).toBe("program_expired");
    expect(checkProgramAvailable({ ...p, status: "scheduled" }, "2025-03-02T08:00:00Z")).toBeNull();
  });
});

describe("quoteRedemption: dynamic invariants (D-03, X-46)", () => {
  it("an accepted amount is a multiple of the step within bounds and the balance, worth points ÷ rate rounded down", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -100, max: 50_000 }),
        fc.integer({ min: -10, max: 60_000 }),
        fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100),
        (step, minSteps, extraSteps, requested, available, rate) => {
          const min = step * minSteps;
          const max = min + step * extraSteps;
          const p = program("amount_discount", {
            redeemType: "dynamic",
            pointsCost: step,
            minPoints: min,
            maxPoints: max,
          });
          const q = quote({
            program: p,
            requestedPoints: requested,
            balance: { available },
            shop: shop({ exchangeRate: rate }),
          });
          if (!q.ok) return;
          expect(q.points).toBe(requested);
          expect(q.points % step).toBe(0);
          expect(q.points).toBeGreaterThanOrEqual(min);
          expect(q.points).toBeLessThanOrEqual(Math.min(max, available));
          expect(q.reward.value).toBe(Math.floor((q.points * 100 * 100) / Math.round(rate * 100)));
          expect(q.reward.value).toBeGreaterThan(0);
        },
      ),
    );
  });
});
