import { describe, expect, it } from "vitest";
import { pendingUntil, settlePendingAward } from "./pending";

describe("H-09 pending until", () => {
  it.each<[string, string, { value: number; unit: "day" | "month" }, number, string]>([
    ["14 days", "2026-01-10T10:00:00.000Z", { value: 14, unit: "day" }, 0, "2026-01-24T10:00:00.000Z"],
    [
      "0 days: available at once",
      "2026-01-10T10:00:00.000Z",
      { value: 0, unit: "day" },
      0,
      "2026-01-10T10:00:00.000Z",
    ],
    ["1 month", "2026-01-10T10:00:00.000Z", { value: 1, unit: "month" }, 0, "2026-02-10T10:00:00.000Z"],
    [
      "31 Jan + 1 month → 28 Feb",
      "2026-01-31T10:00:00.000Z",
      { value: 1, unit: "month" },
      0,
      "2026-02-28T10:00:00.000Z",
    ],
    [
      "12 months across a leap day",
      "2028-02-29T10:00:00.000Z",
      { value: 12, unit: "month" },
      0,
      "2029-02-28T10:00:00.000Z",
    ],
    [
      "months count in store time (UTC−5: 1 Mar 02:00 UTC is 28 Feb)",
      "2026-03-01T02:00:00.000Z",
      { value: 1, unit: "month" },
      -300,
      "2026-03-29T02:00:00.000Z",
    ],
  ])("%s", (_label, start, period, offset, expected) => {
    expect(pendingUntil(start, period, offset)).toBe(expected);
  });

  it("refuses a negative or fractional period", () => {
    expect(() => pendingUntil("2026-01-10T10:00:00.000Z", { value: -1, unit: "day" })).toThrow(RangeError);
    expect(() => pendingUntil("2026-01-10T10:00:00.000Z", { value: 1.5, unit: "month" })).toThrow(RangeError);
  });
});

describe("H-09, H-10 settling a pending award", () => {
  const award = { points: 100, pendingUntil: "2026-02-01T00:00:00.000Z" };
  it.each<
    [
      string,
      typeof award | { points: number; pendingUntil: null },
      { pointsRemoved: number; featureEnabled?: boolean },
      string,
      object,
    ]
  >([
    [
      "held until the date",
      award,
      { pointsRemoved: 0 },
      "2026-01-31T23:59:59.000Z",
      { kind: "hold", points: 100 },
    ],
    [
      "converts on the date",
      award,
      { pointsRemoved: 0 },
      "2026-02-01T00:00:00.000Z",
      { kind: "convert", points: 100 },
    ],
    [
      "H-17 a partial refund during the hold: the rest converts",
      award,
      { pointsRemoved: 30 },
      "2026-02-02T00:00:00.000Z",
      { kind: "convert", points: 70 },
    ],
    [
      "…and the rest is still held before the date",
      award,
      { pointsRemoved: 30 },
      "2026-01-15T00:00:00.000Z",
      { kind: "hold", points: 70 },
    ],
    [
      "H-09 all deducted on refund: nothing converts",
      award,
      { pointsRemoved: 100 },
      "2026-02-02T00:00:00.000Z",
      { kind: "deducted", points: 0 },
    ],
    [
      "H-10 turning the feature off converts at once",
      award,
      { pointsRemoved: 0, featureEnabled: false },
      "2026-01-02T00:00:00.000Z",
      { kind: "convert", points: 100 },
    ],
    [
      "X-41 waiting for fulfilment keeps holding",
      { points: 100, pendingUntil: null },
      { pointsRemoved: 0 },
      "2030-01-01T00:00:00.000Z",
      { kind: "hold", points: 100 },
    ],
  ])("%s", (_label, a, state, now, expected) => {
    expect(settlePendingAward(a, state, now)).toEqual(expected);
  });
});
