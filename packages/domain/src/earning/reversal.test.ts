import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertProperty } from "./property.test-support";
import { computeOrderReversal, type RefundForReversal } from "./reversal";

const award = { points: 100, earnableAmount: 10_000 };
const partial = (refundedBefore: number, amount: number): RefundForReversal => ({
  kind: "partial_refund",
  refundedBefore,
  amount,
});

describe("H-17 reversals", () => {
  it.each<
    [
      string,
      { points: number; earnableAmount: number; autoRemovePoints?: boolean },
      RefundForReversal,
      number,
    ]
  >([
    ["partial refund of half → half the points", award, partial(0, 5_000), 50],
    ["the second half → the rest", award, partial(5_000, 5_000), 50],
    ["a third of 10 points → 3 (rounded down)", { points: 10, earnableAmount: 9_000 }, partial(0, 3_000), 3],
    [
      "the next third → 3 (cumulative: 6 − 3)",
      { points: 10, earnableAmount: 9_000 },
      partial(3_000, 3_000),
      3,
    ],
    ["the last third → the remainder, 4", { points: 10, earnableAmount: 9_000 }, partial(6_000, 3_000), 4],
    [
      "a refund above the earnable amount → everything left",
      { points: 10, earnableAmount: 9_000 },
      partial(0, 12_000),
      10,
    ],
    [
      "a refund after everything was refunded → 0",
      { points: 10, earnableAmount: 9_000 },
      partial(9_000, 1_000),
      0,
    ],
    ["a 0 refund → 0", award, partial(0, 0), 0],
    ["a tiny refund rounds down to 0", award, partial(0, 99), 0],
    ["full refund → all points", award, { kind: "full_refund", refundedBefore: 0, amount: 0 }, 100],
    [
      "full refund after a partial one → the rest",
      award,
      { kind: "full_refund", refundedBefore: 2_500, amount: 7_500 },
      75,
    ],
    ["cancel → all points", award, { kind: "cancel", refundedBefore: 0, amount: 0 }, 100],
    [
      "cancel after partial refunds → the rest",
      award,
      { kind: "cancel", refundedBefore: 3_333, amount: 0 },
      67,
    ],
    [
      "C-14 autoRemovePoints off → nothing",
      { ...award, autoRemovePoints: false },
      { kind: "cancel", refundedBefore: 0, amount: 0 },
      0,
    ],
    [
      "an award on 0 earnable money: partial refunds take nothing",
      { points: 50, earnableAmount: 0 },
      partial(0, 1_000),
      0,
    ],
    [
      "…and a full refund takes it all",
      { points: 50, earnableAmount: 0 },
      { kind: "full_refund", refundedBefore: 0, amount: 0 },
      50,
    ],
    ["a 0-point award reverses 0", { points: 0, earnableAmount: 10_000 }, partial(0, 10_000), 0],
  ])("%s", (_label, original, refund, expected) => {
    expect(computeOrderReversal(original, refund)).toBe(expected);
  });

  it("refuses negative or fractional inputs", () => {
    expect(() => computeOrderReversal({ points: -1, earnableAmount: 10 }, partial(0, 1))).toThrow(RangeError);
    expect(() => computeOrderReversal(award, partial(0, 1.5))).toThrow(RangeError);
    expect(() => computeOrderReversal(award, partial(-1, 1))).toThrow(RangeError);
  });

  it("property: any split of refunds never removes more than was awarded; reaching the amount removes all", () => {
    assertProperty(
      "reversal never exceeds the award",
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 15 }),
        fc.constantFrom("none", "full_refund", "cancel"),
        (points, earnableAmount, refunds, ending) => {
          let refunded = 0;
          let removed = 0;
          for (const amount of refunds) {
            const take = computeOrderReversal({ points, earnableAmount }, partial(refunded, amount));
            if (take < 0 || !Number.isInteger(take)) return false;
            refunded += amount;
            removed += take;
            if (removed > points) return false;
          }
          if (ending !== "none") {
            removed += computeOrderReversal(
              { points, earnableAmount },
              { kind: ending, refundedBefore: refunded, amount: 0 },
            );
            return removed === points;
          }
          return refunded >= earnableAmount ? removed === points : removed <= points;
        },
      ),
    );
  });

  it("property: the pro-rata share is within one point of the exact share", () => {
    assertProperty(
      "reversal is pro rata",
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (points, earnable, refund) => {
          const take = computeOrderReversal({ points, earnableAmount: earnable }, partial(0, refund));
          const exact = (points * Math.min(refund, earnable)) / earnable;
          return take <= exact + 1e-9 && take > exact - 1;
        },
      ),
    );
  });
});
