import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activityTypeList } from "../ledger/activity";
import { pointFiguresOf, redemptionRate, sumPointFigures } from "./metrics";
import {
  addDays,
  customDateRange,
  daysBetween,
  eachDay,
  lastFullWeek,
  localDateOf,
  resolveDateRange,
} from "./ranges";

describe("K-12 the weekly report's week", () => {
  it("is the Monday-to-Sunday week before this one, compared with the week before it", () => {
    // 2026-03-09 is a Monday, 2026-03-15 a Sunday.
    for (const today of ["2026-03-09", "2026-03-12", "2026-03-15"]) {
      const w = lastFullWeek(today);
      expect(w).toMatchObject({ from: "2026-03-02", to: "2026-03-08", days: 7 });
      expect(w.previous).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    }
    expect(lastFullWeek("2026-03-16").from).toBe("2026-03-09");
    expect(lastFullWeek("2027-01-01")).toMatchObject({ from: "2026-12-21", to: "2026-12-27" });
  });
});

describe("K-09 date ranges on the store's calendar", () => {
  it.each([
    ["today", "2026-03-08", "2026-03-08", "2026-03-07", "2026-03-07"],
    ["yesterday", "2026-03-07", "2026-03-07", "2026-03-06", "2026-03-06"],
    ["last_7_days", "2026-03-02", "2026-03-08", "2026-02-23", "2026-03-01"],
    ["last_30_days", "2026-02-07", "2026-03-08", "2026-01-08", "2026-02-06"],
    ["last_month", "2026-02-01", "2026-02-28", "2026-01-01", "2026-01-31"],
    ["last_year", "2025-01-01", "2025-12-31", "2024-01-01", "2024-12-31"],
    ["week_to_date", "2026-03-02", "2026-03-08", "2026-02-23", "2026-03-01"],
    ["month_to_date", "2026-03-01", "2026-03-08", "2026-02-01", "2026-02-08"],
    ["year_to_date", "2026-01-01", "2026-03-08", "2025-01-01", "2025-03-08"],
  ] as const)("%s on 2026-03-08 (a Sunday)", (key, from, to, pFrom, pTo) => {
    const r = resolveDateRange(key, "2026-03-08");
    expect([r.from, r.to, r.previous.from, r.previous.to]).toEqual([from, to, pFrom, pTo]);
  });

  it("month to date on the 31st compares with the whole shorter month before", () => {
    const r = resolveDateRange("month_to_date", "2026-03-31");
    expect(r.previous).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });

  it("a custom range compares with as many days just before it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), (start, len) => {
        const from = addDays("2020-01-01", start);
        const r = customDateRange({ from, to: addDays(from, len) });
        expect(daysBetween(r.previous.from, r.previous.to)).toBe(len + 1);
        expect(addDays(r.previous.to, 1)).toBe(from);
        expect(eachDay(r)).toHaveLength(len + 1);
      }),
    );
  });

  it("cuts days at the store's midnight across DST changes", () => {
    // New York springs forward on 2026-03-08: that day has 23 hours.
    expect(localDateOf(new Date("2026-03-08T04:59:00Z"), "America/New_York")).toBe("2026-03-07");
    expect(localDateOf(new Date("2026-03-08T05:00:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDateOf(new Date("2026-03-09T03:59:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDateOf(new Date("2026-03-09T04:00:00Z"), "America/New_York")).toBe("2026-03-09");
    // Berlin falls back on 2026-10-25: 25 hours.
    expect(localDateOf(new Date("2026-10-24T21:59:00Z"), "Europe/Berlin")).toBe("2026-10-24");
    expect(localDateOf(new Date("2026-10-24T22:00:00Z"), "Europe/Berlin")).toBe("2026-10-25");
    expect(localDateOf(new Date("2026-10-25T22:59:00Z"), "Europe/Berlin")).toBe("2026-10-25");
    expect(localDateOf(new Date("2026-10-25T23:00:00Z"), "Europe/Berlin")).toBe("2026-10-26");
  });
});

describe("K-07, K-08 figures of ledger entries", () => {
  it("outstanding points = earned − redeemed − expired − reversed + adjusted, over any entries without conversions", () => {
    const types = activityTypeList.filter((t) => t !== "convert_pending_point");
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            activityType: fc.constantFrom(...types),
            available: fc.integer({ min: -1000, max: 1000 }),
            pending: fc.integer({ min: -1000, max: 1000 }),
          }),
        ),
        (rows) => {
          // An entry moves only the balance its figure reads (as the ledger's shapes require).
          const shaped = rows.map((r) => {
            const f = pointFiguresOf(r.activityType, r.available, r.pending);
            return f.earned && r.activityType === "earn_pending_point"
              ? { ...r, available: 0 }
              : r.activityType === "deduct_pending_point"
                ? { ...r, available: 0 }
                : { ...r, pending: 0 };
          });
          // Log lines and other movements are outside the five figures; keep the ones inside. Shaped
          // first: a log line drawn with deltas that cancel out must not count as a zero movement.
          const inFigures = shaped.filter((r) => {
            const f = pointFiguresOf(r.activityType, r.available, r.pending);
            return f.earned || f.redeemed || f.expired || f.reversed || f.adjusted || f.outstanding === 0;
          });
          const sum = sumPointFigures(inFigures);
          expect(sum.outstanding).toBe(sum.earned - sum.redeemed - sum.expired - sum.reversed + sum.adjusted);
        },
      ),
    );
  });

  it.each([
    ["earn_place_order", 100, 0, { earned: 100 }],
    ["earn_pending_point", 0, 40, { earned: 40 }],
    ["convert_pending_point", 40, -40, {}],
    ["redeem_point", -300, 0, { redeemed: 300 }],
    ["redeem_void", 300, 0, { redeemed: -300 }],
    ["refund_coupon", 50, 0, { redeemed: -50 }],
    ["expire_point", -20, 0, { expired: 20 }],
    ["remove_refund", -10, 0, { reversed: 10 }],
    ["deduct_pending_point", 0, -15, { reversed: 15 }],
    ["adjust_point", -7, 0, { adjusted: -7 }],
    ["log_place_order", 0, 0, {}],
  ] as const)("%s (%i available, %i pending)", (type, a, p, expected) => {
    const f = pointFiguresOf(type, a, p);
    const moved = Object.fromEntries(Object.entries(f).filter(([k, v]) => k !== "outstanding" && v !== 0));
    expect(moved).toEqual(expected);
    expect(f.outstanding).toBe(a + p);
  });

  it("redemption rate is redeemed ÷ earned, none without earning", () => {
    expect(redemptionRate(25, 100)).toBe(0.25);
    expect(redemptionRate(5, 0)).toBeNull();
  });
});
