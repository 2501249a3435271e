import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usePropertySeed } from "../ledger/property-seed.test-support";
import { isDurationCode, rewardExpiresAt, rewardExpiryChoices } from "./expiry";
import { addMonthsUtc } from "./time";

usePropertySeed("expiry");

const at = "2025-01-31T15:30:00.000Z";

describe("reward expiry (H-07, D-12, X-31)", () => {
  it.each([
    ["H-07: permanent", "permanent", at, null],
    ["H-07: 14D", "14D", at, "2025-02-14T15:30:00.000Z"],
    ["X-31: 1W", "1W", at, "2025-02-07T15:30:00.000Z"],
    ["X-31: 2W", "2W", at, "2025-02-14T15:30:00.000Z"],
    ["H-07: 1M clamps to February's end", "1M", at, "2025-02-28T15:30:00.000Z"],
    ["H-07: 1M in a leap year", "1M", "2024-01-31T15:30:00.000Z", "2024-02-29T15:30:00.000Z"],
    ["H-07: 3M", "3M", at, "2025-04-30T15:30:00.000Z"],
    ["H-07: 6M", "6M", "2025-08-31T00:00:00.000Z", "2026-02-28T00:00:00.000Z"],
    ["H-07: 1Y from 29 Feb", "1Y", "2024-02-29T12:00:00.000Z", "2025-02-28T12:00:00.000Z"],
    ["H-07: 2Y", "2Y", at, "2027-01-31T15:30:00.000Z"],
    ["H-07: 12M = 1Y", "12M", at, "2026-01-31T15:30:00.000Z"],
    ["H-07: year boundary", "1M", "2025-12-15T00:00:00.000Z", "2026-01-15T00:00:00.000Z"],
    ["H-07: 1D is 24 hours on the UTC clock", "1D", "2025-03-29T23:00:00.000Z", "2025-03-30T23:00:00.000Z"],
  ])("%s: %s from %s", (_id, code, redeemedAt, expected) => {
    expect(rewardExpiresAt(code, redeemedAt)).toBe(expected);
  });

  it("H-07: specific dates (instant, or YYYY-MM-DD = end of that UTC day)", () => {
    expect(rewardExpiresAt("specific", at, "2025-06-30T21:59:59.999Z")).toBe("2025-06-30T21:59:59.999Z");
    expect(rewardExpiresAt("specific", at, "2025-06-30")).toBe("2025-06-30T23:59:59.999Z");
    expect(() => rewardExpiresAt("specific", at)).toThrow(RangeError);
  });

  it("X-31: custom uses its duration code", () => {
    expect(rewardExpiresAt("custom", at, null, "45D")).toBe("2025-03-17T15:30:00.000Z");
    expect(() => rewardExpiresAt("custom", at)).toThrow(RangeError);
    expect(() => rewardExpiresAt("custom", at, null, "custom")).toThrow(RangeError);
  });

  it("accepts epoch milliseconds and refuses malformed codes", () => {
    expect(rewardExpiresAt("1D", Date.parse(at))).toBe("2025-02-01T15:30:00.000Z");
    expect(() => rewardExpiresAt("1X", at)).toThrow();
    expect(() => rewardExpiresAt("1D", "yesterday")).toThrow(RangeError);
  });

  it("D-12: every choice shown has a code the engine accepts", () => {
    for (const { code } of rewardExpiryChoices) {
      expect(() => rewardExpiresAt(code, at, "2030-01-01", "10D")).not.toThrow();
    }
    expect(isDurationCode("14D")).toBe(true);
    expect(isDurationCode("0D")).toBe(false);
  });

  it("H-07: a calendar month later lands in the next month, on the same day or that month's last day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 36 }),
        (ms, n) => {
          const from = new Date(ms);
          const to = new Date(addMonthsUtc(ms, n));
          const months =
            (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
          expect(months).toBe(n);
          const lastDay = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
          expect(to.getUTCDate()).toBe(Math.min(from.getUTCDate(), lastDay));
          expect(to.getTime() % 86_400_000).toBe(ms % 86_400_000);
        },
      ),
    );
  });
});
