import { DEMO_SHOPPERS } from "@laurel/db";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { addToCart, allocate, computeTotals, emptyCart, priceLines } from "../src/cart/cart";
import {
  type DiscountShopper,
  evaluateDiscount,
  type RefusalReason,
  type StoredDiscount,
  type storedDiscountRequest,
} from "../src/cart/discounts";
import { findProduct } from "../src/catalogue/catalogue";

/** What Laurel asks the platform for (its port's `DiscountRequest`), as the store reads it back. */
type DiscountRequest = z.input<typeof storedDiscountRequest> & { combinesWith?: Record<string, boolean> };
const [AVA, BEN] = DEMO_SHOPPERS;

describe("cart and checkout arithmetic", () => {
  const lines = (items: [string, number][]) => {
    let cart = emptyCart("token-0001");
    for (const [h, q] of items) cart = addToCart(cart, h, q);
    return priceLines(cart);
  };

  it("adds lines, charges shipping below $75 and ships free from $75, gift cards never ship", () => {
    const small = computeTotals(
      lines([
        ["laurel-wreath-tee", 1],
        ["ceramic-pour-over-mug", 2],
      ]),
      null,
    );
    expect(small).toMatchObject({
      lineItemsTotal: 6400,
      subtotal: 6400,
      shipping: 600,
      total: 7000,
      itemCount: 3,
    });
    const big = computeTotals(lines([["laurel-wreath-tee", 3]]), null);
    expect(big).toMatchObject({ subtotal: 8400, shipping: 0, total: 8400 });
    const card = computeTotals(lines([["gift-card", 2]]), null);
    expect(card).toMatchObject({ requiresShipping: false, shipping: 0, total: 5000 });
  });

  it("splits an order discount over lines pro rata, to the cent", () => {
    expect(allocate(500, [2800, 3600])).toEqual([219, 281]);
    expect(allocate(1000, [100, 100, 100])).toEqual([100, 100, 100]);
    expect(allocate(100, [1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(3);
    expect(allocate(7, [3333, 3333, 3334]).reduce((a, b) => a + b, 0)).toBe(7);
  });
});

describe("discount codes at checkout", () => {
  const base: DiscountRequest = {
    code: "X",
    title: "$5 off",
    value: { kind: "amount", amount: { amount: 500, currency: "USD" }, items: { all: true } },
    minimum: null,
    customerPlatformId: null,
    usageLimit: null,
    appliesOncePerCustomer: false,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    purchaseType: "one_time",
    startsAt: new Date("2026-11-01T00:00:00Z"),
    endsAt: null,
  };
  const stored = (r: Partial<DiscountRequest>, row: Partial<StoredDiscount> = {}): StoredDiscount => ({
    id: "gid://demo/DiscountCodeNode/1",
    code: "X",
    active: true,
    usedCount: 0,
    request: JSON.parse(JSON.stringify({ ...base, ...r })),
    ...row,
  });
  const cart = (items: [string, number][]) => {
    let c = emptyCart("token-0002");
    for (const [h, q] of items) c = addToCart(c, h, q);
    return priceLines(c);
  };
  const guest: DiscountShopper = { customerId: null, email: null, previousUses: 0 };
  const ava: DiscountShopper = { customerId: AVA.customerId, email: AVA.email, previousUses: 0 };
  const now = new Date("2026-11-22T12:00:00Z");
  const tee = cart([["laurel-wreath-tee", 1]]);

  const refusals: [
    string,
    StoredDiscount | null,
    typeof guest,
    ReturnType<typeof cart>,
    RefusalReason,
    RegExp,
  ][] = [
    ["an empty cart", stored({}), guest, [], "empty_cart", /Add something/],
    // D-10: the demo store is an online store; a POS-only reward code is refused at its checkout.
    ["a POS-only code", stored({ salesChannel: "pos" }), guest, tee, "pos_only", /only be used in store/],
    ["an unknown code", null, guest, tee, "not_found", /isn't a valid discount code/],
    ["a revoked code", stored({}, { active: false }), guest, tee, "inactive", /no longer active/],
    [
      "a code not started",
      stored({ startsAt: new Date("2026-12-01T00:00:00Z") }),
      guest,
      tee,
      "not_started",
      /isn't active yet/,
    ],
    [
      "an expired code",
      stored({ endsAt: new Date("2026-11-20T00:00:00Z") }),
      guest,
      tee,
      "expired",
      /expired/,
    ],
    [
      "a customer's code, for a guest",
      stored({ customerPlatformId: AVA.customerId }),
      guest,
      tee,
      "sign_in_required",
      /Sign in/,
    ],
    [
      "a customer's code, for another customer",
      stored({ customerPlatformId: BEN.customerId }),
      ava,
      tee,
      "other_customer",
      /another customer/,
    ],
    [
      "a code used up",
      stored({ usageLimit: 1 }, { usedCount: 1 }),
      ava,
      tee,
      "usage_limit_reached",
      /usage limit/,
    ],
    [
      "a once-per-customer code used before",
      stored({ appliesOncePerCustomer: true }),
      { ...ava, previousUses: 1 },
      tee,
      "already_used",
      /already used/,
    ],
    [
      "a subscription-only code",
      stored({ purchaseType: "subscription" }),
      ava,
      tee,
      "subscription_only",
      /subscriptions/,
    ],
    [
      "a subtotal below the minimum",
      stored({ minimum: { subtotal: { amount: 5000, currency: "USD" } } }),
      ava,
      tee,
      "minimum_subtotal",
      /at least \$50\.00: add \$22\.00 more/,
    ],
    ["too few items", stored({ minimum: { quantity: 2 } }), ava, tee, "minimum_quantity", /at least 2 items/],
    [
      "products not in the cart",
      stored({
        value: {
          kind: "amount",
          amount: { amount: 500, currency: "USD" },
          items: { productIds: ["gid://shopify/Product/1"] },
        },
      }),
      ava,
      tee,
      "not_applicable",
      /doesn't apply/,
    ],
    [
      "a free product not in the cart",
      stored({
        value: {
          kind: "free_product",
          productIds: [findProduct("merino-beanie")?.productId ?? ""],
          quantity: 1,
        },
      }),
      ava,
      tee,
      "not_applicable",
      /Add Merino Beanie/,
    ],
    [
      "buy 2 get 1 with one item",
      stored({
        value: {
          kind: "buy_x_get_y",
          buys: { quantity: 2, items: { all: true } },
          gets: { quantity: 1, items: { all: true }, percentage: 100 },
        },
      }),
      ava,
      tee,
      "not_applicable",
      /Buy 2 eligible items/,
    ],
    [
      "free shipping over its maximum rate",
      stored({ value: { kind: "free_shipping", maxShippingPrice: { amount: 500, currency: "USD" } } }),
      ava,
      tee,
      "not_applicable",
      /up to \$5\.00/,
    ],
    [
      "a discount on gift cards only",
      stored({}),
      ava,
      cart([["gift-card", 1]]),
      "not_applicable",
      /doesn't apply/,
    ],
  ];

  it.each(refusals)("refuses %s with a clear reason", (_name, discount, shopper, lines, reason, message) => {
    const outcome = evaluateDiscount("X", discount, lines, shopper, now);
    expect(outcome).toMatchObject({ ok: false, reason });
    expect(outcome.ok ? "" : outcome.message).toMatch(message);
  });

  it("computes amount, percentage, free shipping, free product and buy-x-get-y", () => {
    const two = cart([
      ["laurel-wreath-tee", 1],
      ["canvas-market-tote", 1],
    ]);
    const apply = (r: Partial<DiscountRequest>, lines = two) => {
      const o = evaluateDiscount("X", stored(r), lines, ava, now);
      if (!o.ok) throw new Error(o.message);
      return { o: o.application, totals: computeTotals(lines, o.application.effect) };
    };
    expect(apply({}).totals).toMatchObject({ lineDiscount: 500, subtotal: 5700, shipping: 600, total: 6300 });
    const pct = apply({ value: { kind: "percentage", percentage: 10, items: { all: true } } });
    expect(pct.totals.lineDiscount).toBe(620);
    expect(pct.o).toMatchObject({ valueType: "percentage", value: "10.0", summary: "10% off" });
    const ship = apply({ value: { kind: "free_shipping", maxShippingPrice: null } });
    expect(ship.totals).toMatchObject({ shipping: 600, shippingDiscount: 600, total: 6200 });
    const beanie = findProduct("merino-beanie")?.productId ?? "";
    const free = apply(
      { value: { kind: "free_product", productIds: [`gid://shopify/Product/${beanie}`], quantity: 1 } },
      cart([
        ["laurel-wreath-tee", 1],
        ["merino-beanie", 2],
      ]),
    );
    expect(free.totals.lineDiscount).toBe(2600);
    const bxgy = apply(
      {
        value: {
          kind: "buy_x_get_y",
          buys: { quantity: 2, items: { all: true } },
          gets: { quantity: 1, items: { all: true }, percentage: 50 },
        },
      },
      cart([
        ["canvas-market-tote", 2],
        ["ceramic-pour-over-mug", 1],
      ]),
    );
    expect(bxgy.totals.lineDiscount).toBe(900); // half of the cheapest item left: the $18.00 mug
    // An amount never exceeds what the eligible lines cost.
    expect(
      apply({ value: { kind: "amount", amount: { amount: 99_900, currency: "USD" }, items: { all: true } } })
        .totals,
    ).toMatchObject({ subtotal: 0 });
  });
});
