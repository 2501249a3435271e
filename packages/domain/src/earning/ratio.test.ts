import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertProperty } from "./property.test-support";
import { addRatio, ratio, roundRatio, scaleRatio, subtractRatioFloorZero, toSafeInteger } from "./ratio";

describe("C-17 rounding of exact amounts", () => {
  it.each([
    // [label, num, den, down, nearest, up]
    ["25/10 = 2.5: halves round up when nearest", 25, 10, 2n, 3n, 3n],
    ["24/10 = 2.4", 24, 10, 2n, 2n, 3n],
    ["26/10 = 2.6", 26, 10, 2n, 3n, 3n],
    ["30/10 = 3 exactly: no rounding", 30, 10, 3n, 3n, 3n],
    ["0", 0, 7, 0n, 0n, 0n],
    ["1/3", 1, 3, 0n, 0n, 1n],
    ["2/3", 2, 3, 0n, 1n, 1n],
  ])("%s", (_label, num, den, down, nearest, up) => {
    const r = ratio(num, den);
    expect(roundRatio(r, "roundingDown")).toBe(down);
    expect(roundRatio(r, "roundingNearest")).toBe(nearest);
    expect(roundRatio(r, "roundingUp")).toBe(up);
  });

  it("property: down ≤ nearest ≤ up, and up − down ≤ 1", () => {
    assertProperty(
      "rounding order",
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (num, den) => {
          const r = ratio(num, den);
          const down = roundRatio(r, "roundingDown");
          const nearest = roundRatio(r, "roundingNearest");
          const up = roundRatio(r, "roundingUp");
          return down <= nearest && nearest <= up && up - down <= 1n && down * den <= num && up * den >= num;
        },
      ),
    );
  });
});

describe("exact arithmetic", () => {
  it("adds with different denominators", () => {
    const sum = addRatio(ratio(1, 3), ratio(1, 6));
    expect(roundRatio(scaleRatio(sum, 6), "roundingDown")).toBe(3n);
  });

  it("subtracting more than there is gives 0, never a negative amount", () => {
    expect(subtractRatioFloorZero(ratio(5), ratio(7)).num).toBe(0n);
    expect(roundRatio(subtractRatioFloorZero(ratio(7), ratio(5)), "roundingDown")).toBe(2n);
  });

  it("refuses a zero denominator and unsafe results", () => {
    expect(() => ratio(1, 0)).toThrow(RangeError);
    expect(() => toSafeInteger(2n ** 60n)).toThrow(RangeError);
    expect(toSafeInteger(42n)).toBe(42);
  });
});
