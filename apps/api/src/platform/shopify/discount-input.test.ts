import { describe, expect, it } from "vitest";
import type { DiscountRequest } from "../port";
import { discountMutation, toDecimal } from "./discount-input";

describe("money to Shopify decimals (no floats)", () => {
  it.each([
    [{ amount: 1234, currency: "USD" }, "12.34"],
    [{ amount: 5, currency: "EUR" }, "0.05"],
    [{ amount: 500, currency: "JPY" }, "500"],
    [{ amount: 1234, currency: "KWD" }, "1.234"],
    [{ amount: -250, currency: "USD" }, "-2.50"],
    [{ amount: 0, currency: "USD" }, "0.00"],
  ])("%j → %s", (money, expected) => expect(toDecimal(money)).toBe(expected));
});

describe("reward → discount mutation input", () => {
  const base: DiscountRequest = {
    code: "C",
    title: "T",
    value: { kind: "percentage", percentage: 10, items: { all: true } },
    minimum: null,
    customerPlatformId: null,
    usageLimit: null,
    appliesOncePerCustomer: false,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
    purchaseType: "one_time",
    salesChannel: "all",
    startsAt: new Date("2026-01-01T00:00:00Z"),
    endsAt: null,
  };
  it("a code for anyone uses context all; purchase type maps to the two flags", () => {
    const { mutation, input } = discountMutation(base);
    expect(mutation).toBe("basic");
    expect(input.context).toEqual({ all: "ALL" });
    expect(input.customerGets).toMatchObject({
      value: { percentage: 0.1 },
      appliesOnOneTimePurchase: true,
      appliesOnSubscription: false,
    });
    expect(input.minimumRequirement).toBeNull();
  });
  it("a free product is a 100% basic discount on those products; a quantity minimum is kept", () => {
    const { mutation, input } = discountMutation({
      ...base,
      value: { kind: "free_product", productIds: ["9"], quantity: 1 },
      minimum: { quantity: 2 },
    });
    expect(mutation).toBe("basic");
    expect(input.customerGets).toMatchObject({
      value: { percentage: 1 },
      items: { products: { productsToAdd: ["gid://shopify/Product/9"] } },
    });
    expect(input.minimumRequirement).toEqual({ quantity: { greaterThanOrEqualToQuantity: "2" } });
  });
});

describe("D-10: the reward's sale channel goes with its discount (decision 0120)", () => {
  const request: DiscountRequest = {
    code: "POS5",
    title: "$5 off (POS5)",
    value: { kind: "amount", amount: { amount: 500, currency: "USD" }, items: { all: true } },
    minimum: null,
    customerPlatformId: "7",
    usageLimit: 1,
    appliesOncePerCustomer: true,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
    purchaseType: "one_time",
    salesChannel: "pos",
    startsAt: new Date("2026-01-01T00:00:00Z"),
    endsAt: null,
  };
  it.each([
    ["pos", "$5 off (POS5) · POS only"],
    ["online_store", "$5 off (POS5) · Online Store only"],
    ["all", "$5 off (POS5)"],
  ] as const)("%s → title %s, for every kind of mutation", (salesChannel, title) => {
    expect(discountMutation({ ...request, salesChannel }).input.title).toBe(title);
    const shipping = discountMutation({
      ...request,
      salesChannel,
      value: { kind: "free_shipping", maxShippingPrice: null },
    });
    expect(shipping.input.title).toBe(title);
  });
});
