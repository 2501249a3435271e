import { describe, expect, it } from "vitest";
import { type CalculatorProgram, calculateOrderPoints, countsInCalculator } from "./point-calculator";

const price = (earnPoint: number, rateMoney: number, extra: Partial<CalculatorProgram> = {}) =>
  ({
    earnBy: "price",
    earnPoint,
    rateMoney,
    rateItem: 1,
    rounding: "roundingDown",
    keepOriginalStep: false,
    ...extra,
  }) as CalculatorProgram;

describe("calculateOrderPoints (N-20)", () => {
  it.each([
    ["no programs", [], 10_000, 0],
    ["1 point per 1.00 on 49.90, rounding down", [price(1, 100)], 4_990, 49],
    ["1 point per 1.00 on 49.90, rounding up", [price(1, 100, { rounding: "roundingUp" })], 4_990, 50],
    [
      "10 per 100.00 on 250.00 keeping the step, down",
      [price(10, 10_000, { keepOriginalStep: true })],
      25_000,
      20,
    ],
    [
      "10 per 100.00 on 250.00 keeping the step, nearest",
      [price(10, 10_000, { keepOriginalStep: true, rounding: "roundingNearest" })],
      25_000,
      30,
    ],
    ["fixed 5 per complete 10.00 on 29.99", [price(5, 1_000, { earnBy: "fixed_order" })], 2_999, 10],
    ["fixed 50 per order", [price(50, 100, { earnBy: "order", rateMoney: null })], 100, 50],
    ["fixed per order on an empty order", [price(50, 100, { earnBy: "order", rateMoney: null })], 0, 0],
    ["per-item programs do not count", [price(3, 100, { earnBy: "item" })], 10_000, 0],
    ["two programs add up", [price(1, 100), price(5, 1_000, { earnBy: "fixed_order" })], 2_000, 30],
    ["a negative amount counts as nothing", [price(1, 100)], -500, 0],
  ])("%s", (_name, programs, amount, expected) => {
    expect(calculateOrderPoints(programs as CalculatorProgram[], amount)).toBe(expected);
  });

  it("says which programs an amount alone can count", () => {
    expect(countsInCalculator({ earnBy: "price" })).toBe(true);
    expect(countsInCalculator({ earnBy: "item" })).toBe(false);
  });
});
