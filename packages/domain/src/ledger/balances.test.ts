import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEntry, type Balances, sumEntries, ZERO_BALANCES } from "./balances";
import { usePropertySeed } from "./property-seed.test-support";

usePropertySeed("balances");

const b = (available: number, pending = 0, tierPoints = 0): Balances => ({ available, pending, tierPoints });

describe("applyEntry (H-20, H-14, DESIGN §4 no overdraft)", () => {
  it.each([
    ["H-03: a credit", b(0), { available: 40, tierPoints: 40 }, { ok: true, balances: b(40, 0, 40) }],
    ["H-04: a debit within the balance", b(40), { available: -40 }, { ok: true, balances: b(0) }],
    [
      "DESIGN §4: a debit beyond the balance",
      b(39),
      { available: -40 },
      { ok: false, code: "insufficient_points", message: "Current balance is insufficient" },
    ],
    [
      "H-14: a manual adjustment may overdraw",
      b(10),
      { available: -40, allowNegative: true },
      { ok: true, balances: b(-30) },
    ],
    ["H-14: a credit to a negative balance", b(-30), { available: 10 }, { ok: true, balances: b(-20) }],
    [
      "X-41: a debit while negative",
      b(-30),
      { available: -1 },
      { ok: false, code: "insufficient_points", message: "Current balance is insufficient" },
    ],
    ["H-09: pending credit", b(0, 0), { pending: 25 }, { ok: true, balances: b(0, 25) }],
    ["H-09: conversion", b(0, 25), { pending: -25, available: 25 }, { ok: true, balances: b(25, 0) }],
    [
      "H-09: pending never goes negative, even when allowed to overdraw",
      b(0, 5),
      { pending: -6, allowNegative: true },
      { ok: false, code: "insufficient_pending", message: "Pending balance is insufficient" },
    ],
    [
      "H-20: tier points are not guarded",
      b(0, 0, 5),
      { tierPoints: -10 },
      { ok: true, balances: b(0, 0, -5) },
    ],
    [
      "points are integers",
      b(0),
      { available: 1.5 },
      { ok: false, code: "invalid_points", message: "Points must be whole numbers" },
    ],
    ["no change", b(3, 2, 1), {}, { ok: true, balances: b(3, 2, 1) }],
  ])("%s", (_id, balances, entry, expected) => {
    expect(applyEntry(balances, entry)).toEqual(expected);
  });

  it("applying entries one by one equals their sum, and available never goes negative without allowNegative", () => {
    const delta = fc.record({
      available: fc.integer({ min: -500, max: 500 }),
      pending: fc.integer({ min: -100, max: 100 }),
      tierPoints: fc.integer({ min: -100, max: 100 }),
      allowNegative: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(delta, { maxLength: 60 }), (deltas) => {
        let balances: Balances = { ...ZERO_BALANCES };
        const accepted = [];
        for (const d of deltas) {
          const r = applyEntry(balances, d);
          if (!r.ok) {
            expect(d.available < 0 || d.pending < 0).toBe(true);
            continue;
          }
          if (r.balances.available < 0 && d.available < 0) expect(d.allowNegative).toBe(true);
          expect(r.balances.pending).toBeGreaterThanOrEqual(0);
          balances = r.balances;
          accepted.push(d);
        }
        expect(sumEntries(accepted)).toEqual(balances);
      }),
    );
  });
});
