import { describe, expect, it } from "vitest";
import {
  isPaidFinancialStatus,
  orderEventOf,
  orderReversalPoints,
  reachedEarningTrigger,
  splitTakeBack,
} from "./order-lifecycle";

const unpaid = { paidAt: null, fulfilledAt: null, financialStatus: "pending" };

describe("decision 0012: when an order reaches the shop's earning event", () => {
  it.each<[string, Parameters<typeof reachedEarningTrigger>, boolean]>([
    ["created: any news", ["created", "created", unpaid], true],
    ["paid: orders/paid itself", ["paid", "paid", unpaid], true],
    ["paid: created already paid", ["paid", "created", { ...unpaid, financialStatus: "paid" }], true],
    ["paid: seen paid before", ["paid", "fulfilled", { ...unpaid, paidAt: new Date() }], true],
    [
      "paid: refunded means it was paid",
      ["paid", "created", { ...unpaid, financialStatus: "refunded" }],
      true,
    ],
    [
      "paid: partially paid is not paid",
      ["paid", "created", { ...unpaid, financialStatus: "partially_paid" }],
      false,
    ],
    ["paid: still pending", ["paid", "created", unpaid], false],
    ["fulfilled: orders/fulfilled", ["fulfilled", "fulfilled", unpaid], true],
    ["fulfilled: paid is not enough", ["fulfilled", "paid", { ...unpaid, financialStatus: "paid" }], false],
    [
      "fulfilled: seen fulfilled before",
      ["fulfilled", "created", { ...unpaid, fulfilledAt: new Date() }],
      true,
    ],
  ])("%s", (_label, args, expected) => {
    expect(reachedEarningTrigger(...args)).toBe(expected);
  });

  it("a re-read order stands for the event its state says", () => {
    expect(orderEventOf({ cancelled: true, financialStatus: "paid" })).toBe("cancelled");
    expect(orderEventOf({ cancelled: false, financialStatus: "partially_refunded" })).toBe("paid");
    expect(orderEventOf({ cancelled: false, financialStatus: "partially_paid" })).toBe("created");
    expect(isPaidFinancialStatus(null)).toBe(false);
  });
});

describe("H-17: what a refund or cancellation takes back", () => {
  const awards = [
    { points: 100, earnableAmount: 10_000, autoRemovePoints: true },
    { points: 30, earnableAmount: 6_000, autoRemovePoints: false },
  ];
  it("pro rata per program, only where the program removes points", () => {
    expect(
      orderReversalPoints(
        awards,
        { kind: "partial_refund", refundedBefore: 0, amount: 2_500 },
        { pointsAwarded: 130, pointsReversed: 0 },
      ),
    ).toBe(25);
  });
  it("never more than what is left of the order's points", () => {
    expect(
      orderReversalPoints(
        awards,
        { kind: "cancel", refundedBefore: 0, amount: 0 },
        { pointsAwarded: 130, pointsReversed: 120 },
      ),
    ).toBe(10);
  });
});

describe("H-09, decision 0013: where points taken back come from", () => {
  it.each<[string, number, Parameters<typeof splitTakeBack>[1], ReturnType<typeof splitTakeBack>]>([
    [
      "pending first while the order's award is held",
      30,
      { orderPending: 20, pending: 50, available: 100, tier: 200 },
      { fromPending: 20, fromAvailable: 10, tierPoints: 30, forgiven: 0 },
    ],
    [
      "spent points are forgiven, never overdrawn",
      50,
      { orderPending: 0, pending: 0, available: 15, tier: 200 },
      { fromPending: 0, fromAvailable: 15, tierPoints: 50, forgiven: 35 },
    ],
    [
      "the customer's pending balance bounds the pending part",
      40,
      { orderPending: 40, pending: 10, available: 100, tier: 5 },
      { fromPending: 10, fromAvailable: 30, tierPoints: 5, forgiven: 0 },
    ],
    [
      "a negative available balance gives nothing",
      10,
      { orderPending: 0, pending: 0, available: -900, tier: 0 },
      { fromPending: 0, fromAvailable: 0, tierPoints: 0, forgiven: 10 },
    ],
  ])("%s", (_label, points, balances, expected) => {
    expect(splitTakeBack(points, balances)).toEqual(expected);
  });
});
