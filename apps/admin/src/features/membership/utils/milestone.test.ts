import { describe, expect, it } from "vitest";
import { inputToMilestone, milestoneToInput } from "./milestone";

describe("milestones as typed", () => {
  it.each([
    ["amount_spent", 20_000, "200"],
    ["amount_spent", 12_345, "123.45"],
    ["points_earned", 500, "500"],
    ["orders", 3, "3"],
  ] as const)("%s %i ↔ %s", (basis, stored, typed) => {
    expect(milestoneToInput(basis, stored)).toBe(typed);
    expect(inputToMilestone(basis, typed)).toBe(stored);
  });
  it.each([
    ["amount_spent", "-1"],
    ["amount_spent", "abc"],
    ["amount_spent", "1.234"],
    ["points_earned", "1.5"],
    ["orders", ""],
  ] as const)("%s refuses %j", (basis, typed) => {
    expect(inputToMilestone(basis, typed)).toBeNull();
  });
});
