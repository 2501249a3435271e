import { describe, expect, it } from "vitest";
import { checkPriorOrderSyncStart, monthsBefore, priorOrderSyncWindow } from "./syncs";

describe("past-order sync window (X-47)", () => {
  it.each([
    ["2026-11-24", 12, "2025-11-24"],
    ["2024-02-29", 12, "2023-02-28"],
    ["2026-03-31", 1, "2026-02-28"],
    ["2026-01-15", 1, "2025-12-15"],
    ["2026-01-15", 13, "2024-12-15"],
  ])("%s minus %i months is %s", (day, months, expected) => {
    expect(monthsBefore(day, months)).toBe(expected);
  });

  it("allows today and exactly 12 months back, refuses beyond either end", () => {
    expect(priorOrderSyncWindow("2026-11-24")).toEqual({ earliest: "2025-11-24", latest: "2026-11-24" });
    expect(checkPriorOrderSyncStart("2026-11-24", "2026-11-24")).toBeNull();
    expect(checkPriorOrderSyncStart("2025-11-24", "2026-11-24")).toBeNull();
    expect(checkPriorOrderSyncStart("2025-11-23", "2026-11-24")).toBe("too_early");
    expect(checkPriorOrderSyncStart("2026-11-25", "2026-11-24")).toBe("future");
  });

  it.each(["2026-02-30", "2026-13-01", "26-01-01", "2026-1-01", ""])("refuses %j as not a day", (since) => {
    expect(checkPriorOrderSyncStart(since, "2026-11-24")).toBe("invalid");
  });
});
