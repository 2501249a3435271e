import { describe, expect, it } from "vitest";
import { activityTypeList } from "../ledger/activity";
import { activityFilters, activityTypesOf } from "./activity-filters";

describe("activity sub-tabs (H-21)", () => {
  it("every sub-tab but All names known types and at least one", () => {
    for (const f of activityFilters) {
      const types = activityTypesOf(f);
      if (f === "all") expect(types).toBeNull();
      else {
        expect(types?.length, f).toBeGreaterThan(0);
        for (const t of types ?? []) expect(activityTypeList).toContain(t);
      }
    }
  });

  it.each([
    ["admin", "adjust_point", true],
    ["admin", "earn_place_order", false],
    ["earned", "earn_place_order", true],
    ["order", "earn_place_order", true],
    ["order", "remove_refund", true],
    ["order", "refund_coupon", false],
    ["redeemed", "redeem_point", true],
    ["refunded", "refund_coupon", true],
    ["expired", "expire_point", true],
    ["points", "log_place_order", false],
    ["points", "earn_pending_point", true],
    ["referral", "earn_referral", true],
    ["tier", "adjust_tier_point", true],
  ] as const)("%s contains %s: %s", (filter, type, expected) => {
    expect(activityTypesOf(filter)?.includes(type)).toBe(expected);
  });
});
