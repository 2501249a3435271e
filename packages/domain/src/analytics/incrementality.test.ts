import { describe, expect, it } from "vitest";
import { estimateIncrementality, firstOrderBandOf } from "./incrementality";

describe("incrementality: members vs matched non-members", () => {
  it("bands first orders by value", () => {
    expect([0, 2_499, 2_500, 9_999, 10_000, 19_999, 20_000, 1e9].map(firstOrderBandOf)).toEqual([
      0, 0, 1, 2, 3, 3, 4, 4,
    ]);
  });

  it("weights each group's non-members by its members, and leaves out groups without non-members", () => {
    const r = estimateIncrementality([
      // Group A: 2 members (1 repeats, spend 300), 4 non-members (1 repeats, spend 400).
      { cohort: "2026-01", band: 1, member: true, customers: 2, repeaters: 1, spendMinor: 300 },
      { cohort: "2026-01", band: 1, member: false, customers: 4, repeaters: 1, spendMinor: 400 },
      // Group B: 1 member (repeats, 500), 1 non-member (no, 100).
      { cohort: "2026-02", band: 3, member: true, customers: 1, repeaters: 1, spendMinor: 500 },
      { cohort: "2026-02", band: 3, member: false, customers: 1, repeaters: 0, spendMinor: 100 },
      // Group C: members only — no comparison.
      { cohort: "2026-03", band: 0, member: true, customers: 5, repeaters: 5, spendMinor: 5_000 },
      // Group D: non-members only — nobody to compare with.
      { cohort: "2026-03", band: 4, member: false, customers: 9, repeaters: 0, spendMinor: 9_000 },
    ]);
    expect(r.members).toBe(3);
    expect(r.unmatchedMembers).toBe(5);
    expect(r.nonMembers).toBe(5);
    expect(r.memberRepeatRate).toBeCloseTo(2 / 3);
    // (1/4 × 2 + 0/1 × 1) / 3
    expect(r.nonMemberRepeatRate).toBeCloseTo(0.5 / 3);
    expect(r.memberAverageSpendMinor).toBe(267);
    // (100 × 2 + 100 × 1) / 3
    expect(r.nonMemberAverageSpendMinor).toBe(100);
    expect(r.repeatRateLift).toBeCloseTo(2 / 3 - 0.5 / 3);
    expect(r.spendLift).toBeCloseTo(800 / 300 - 1);
  });

  it("says nothing when no group has both sides", () => {
    const r = estimateIncrementality([
      { cohort: "2026-01", band: 1, member: true, customers: 2, repeaters: 1, spendMinor: 300 },
    ]);
    expect(r).toMatchObject({ members: 0, unmatchedMembers: 2, memberRepeatRate: null, spendLift: null });
  });
});
