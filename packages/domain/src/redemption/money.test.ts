import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usePropertySeed } from "../ledger/property-seed.test-support";
import {
  currencyMinorDigits,
  pointsToMinorUnits,
  pointsToMinorUnitsAtStep,
  scaleExchangeRate,
} from "./money";

usePropertySeed("money");

describe("points to money (X-46, H-16)", () => {
  it.each([
    ["USD", 2],
    ["usd", 2],
    ["JPY", 0],
    ["KWD", 3],
    ["EUR", 2],
  ])("%s has %i minor digits", (currency, digits) => {
    expect(currencyMinorDigits(currency)).toBe(digits);
  });

  it.each([
    ["X-46: 100 points per dollar", 500, 100, "USD", 500],
    ["X-46: rounded down", 150, 100, "USD", 150],
    ["X-46: 1 point per dollar", 7, 1, "USD", 700],
    ["X-46: 0.5 points per dollar", 3, 0.5, "USD", 600],
    ["X-46: awkward rate rounds down", 100, 3, "USD", 3333],
    ["X-46: yen has no minor unit", 500, 10, "JPY", 50],
    ["X-46: dinar has three", 250, 100, "KWD", 2500],
    ["X-46: too few points for a cent", 50, 100, "USD", 50],
    ["X-46: 0.1 is exact", 1, 0.1, "USD", 1000],
  ])("%s: %i points at %s per unit in %s → %i minor", (_id, points, rate, currency, minor) => {
    expect(pointsToMinorUnits(points, rate, currency)).toBe(minor);
  });

  it("X-46: a program's own rate (value per redeem point)", () => {
    expect(pointsToMinorUnitsAtStep(300, 100, 125)).toBe(375);
    expect(pointsToMinorUnitsAtStep(100, 300, 100)).toBe(33);
  });

  it.each([0, -1, Number.NaN, 1.23456])("H-16: refuses rate %s", (rate) => {
    expect(() => scaleExchangeRate(rate)).toThrow(RangeError);
  });

  it("X-46: never worth more than the exact quotient, and less by under one minor unit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 10_000),
        (points, rate) => {
          const minor = pointsToMinorUnits(points, rate, "USD");
          const exact = (points * 100) / rate;
          expect(Number.isSafeInteger(minor)).toBe(true);
          expect(minor).toBeLessThanOrEqual(exact * (1 + 1e-12));
          expect(exact - minor).toBeLessThan(1 + exact * 1e-12);
        },
      ),
    );
  });
});
