import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activityTypeList } from "./activity";
import {
  DEFAULT_POINT_EXPIRY,
  decidePointExpiry,
  inactivityCutoff,
  isPointActivity,
  POINT_EXPIRY_MESSAGES,
  pointExpiryPeriod,
  pointExpirySettingsSchema,
  pointsExpireAfter,
} from "./point-expiry";
import { usePropertySeed } from "./property-seed.test-support";

usePropertySeed("point expiry");

const NEW_YORK_WINTER = -300; // UTC−5
const TOKYO = 540; // UTC+9

describe("point expiry settings (H-07, H-08, X-31, decision 0016)", () => {
  it.each([
    ["H-07: permanent never expires", { expiry: "permanent", customDuration: null }, null],
    ["H-07: 14D", { expiry: "14D", customDuration: null }, { value: 14, unit: "day" }],
    ["X-31: 1W", { expiry: "1W", customDuration: null }, { value: 1, unit: "week" }],
    ["H-07: 1M", { expiry: "1M", customDuration: null }, { value: 1, unit: "month" }],
    ["H-07: 3M", { expiry: "3M", customDuration: null }, { value: 3, unit: "month" }],
    ["H-07: 6M", { expiry: "6M", customDuration: null }, { value: 6, unit: "month" }],
    ["H-07: 1Y", { expiry: "1Y", customDuration: null }, { value: 1, unit: "year" }],
    ["H-07: 2Y", { expiry: "2Y", customDuration: null }, { value: 2, unit: "year" }],
    ["H-07: custom 45D", { expiry: "custom", customDuration: "45D" }, { value: 45, unit: "day" }],
  ])("%s", (_id, settings, period) => {
    expect(pointExpirySettingsSchema.safeParse(settings).success).toBe(true);
    expect(pointExpiryPeriod(settings)).toEqual(period);
  });

  it.each([
    [
      "0016: a specific date is a reward expiry only",
      { expiry: "specific" },
      "expiry",
      POINT_EXPIRY_MESSAGES.specific,
    ],
    ["X-31: unknown code", { expiry: "3 months" }, "expiry", POINT_EXPIRY_MESSAGES.code],
    ["X-31: zero is not a period", { expiry: "0D" }, "expiry", POINT_EXPIRY_MESSAGES.code],
    [
      "H-07: custom needs its duration",
      { expiry: "custom" },
      "customDuration",
      POINT_EXPIRY_MESSAGES.customDuration,
    ],
    [
      "H-07: custom's duration is a code",
      { expiry: "custom", customDuration: "permanent" },
      "customDuration",
      POINT_EXPIRY_MESSAGES.customDuration,
    ],
  ])("%s is refused on its field", (_id, settings, field, message) => {
    const r = pointExpirySettingsSchema.safeParse(settings);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([[field, message]]);
    // What cannot be parsed never expires anything.
    expect(pointExpiryPeriod(settings as never)).toBeNull();
  });

  it("the default never expires", () => {
    expect(pointExpiryPeriod(DEFAULT_POINT_EXPIRY)).toBeNull();
    expect(pointExpiryPeriod(undefined)).toBeNull();
  });
});

describe("what keeps points alive (0016)", () => {
  it.each([
    ["H-03: earning", "earn_place_order", true],
    ["H-03: sign up", "earn_sign_up", true],
    ["H-09: a pending award", "earn_pending_point", true],
    ["H-09: pending points becoming available", "convert_pending_point", true],
    ["H-04: spending", "redeem_point", true],
    ["H-14: a merchant's adjustment", "adjust_point", true],
    ["H-13: a coupon given back", "refund_coupon", true],
    ["H-01: an order refunded", "remove_refund", false],
    ["H-01: an order cancelled", "remove_cancel_order", false],
    ["H-09: pending deducted by a refund", "deduct_pending_point", false],
    ["H-08: an expiry itself", "expire_point", false],
    ["H-05: a log line", "log_place_order", false],
    ["H-20: tier points only", "adjust_tier_point", false],
  ])("%s (%s): %s", (_id, type, counts) => {
    expect(isPointActivity(type)).toBe(counts);
  });

  it("every activity type is classified", () => {
    expect(activityTypeList.filter(isPointActivity).length).toBeGreaterThan(20);
  });
});

describe("when points expire, in store time (H-08)", () => {
  it.each([
    // [id, last activity, code, offset, last day, expires on, first instant without the points]
    ["14D, UTC", "2026-01-10T14:00:00Z", "14D", 0, "2026-01-24", "2026-01-25", "2026-01-25T00:00:00.000Z"],
    ["3M, UTC", "2026-01-10T14:00:00Z", "3M", 0, "2026-04-10", "2026-04-11", "2026-04-11T00:00:00.000Z"],
    // 02:00 UTC on 10 Jan is still 9 Jan in New York: the store's day counts.
    [
      "1M, New York",
      "2026-01-10T02:00:00Z",
      "1M",
      NEW_YORK_WINTER,
      "2026-02-09",
      "2026-02-10",
      "2026-02-10T05:00:00.000Z",
    ],
    [
      "1M, Tokyo",
      "2026-01-10T20:00:00Z",
      "1M",
      TOKYO,
      "2026-02-11",
      "2026-02-12",
      "2026-02-11T15:00:00.000Z",
    ],
    [
      "1M clamps to February's end",
      "2026-01-31T12:00:00Z",
      "1M",
      0,
      "2026-02-28",
      "2026-03-01",
      "2026-03-01T00:00:00.000Z",
    ],
    [
      "1Y from 29 Feb",
      "2024-02-29T12:00:00Z",
      "1Y",
      0,
      "2025-02-28",
      "2025-03-01",
      "2025-03-01T00:00:00.000Z",
    ],
    ["1W", "2026-03-02T23:59:00Z", "1W", 0, "2026-03-09", "2026-03-10", "2026-03-10T00:00:00.000Z"],
  ])("%s", (_id, last, code, offset, lastDay, expiresOn, at) => {
    const period = pointExpiryPeriod({ expiry: code, customDuration: null });
    if (!period) throw new Error("no period");
    expect(pointsExpireAfter(last, period, offset)).toEqual({ lastDay, expiresOn, at });
  });

  it("the cutoff picks exactly the customers whose points have expired (any period, offset, instant)", () => {
    const codes = ["1D", "14D", "1W", "1M", "3M", "6M", "1Y", "2Y", "45D"];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse("2024-01-01"), max: Date.parse("2028-12-31") }),
        fc.integer({ min: 0, max: 900 * 86_400_000 }),
        fc.constantFrom(...codes),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (lastMs, gap, code, offset) => {
          const period = pointExpiryPeriod({ expiry: code, customDuration: null });
          if (!period) return false;
          const now = new Date(lastMs + gap).toISOString();
          const last = new Date(lastMs).toISOString();
          const expired = Date.parse(pointsExpireAfter(last, period, offset).at) <= Date.parse(now);
          return lastMs < Date.parse(inactivityCutoff(now, period, offset)) === expired;
        },
      ),
    );
  });
});

describe("decidePointExpiry (H-08, 0013, 0016)", () => {
  const threeMonths = { expiry: "3M", customDuration: null };
  const candidates = [
    { customerId: "c_quiet", available: 120, lastActivityAt: "2026-01-10T14:00:00Z" },
    { customerId: "c_active", available: 80, lastActivityAt: "2026-03-01T10:00:00Z" },
    { customerId: "c_empty", available: 0, lastActivityAt: "2026-01-01T10:00:00Z" },
    { customerId: "c_overdrawn", available: -40, lastActivityAt: "2026-01-01T10:00:00Z" },
  ];

  it.each([
    ["H-08: the last day of the period keeps the points", "2026-04-10T23:59:59.999Z", []],
    [
      "H-08: at the next store midnight the whole available balance expires",
      "2026-04-11T00:00:00.000Z",
      ["c_quiet:120"],
    ],
    [
      "H-08: a later run (catch-up after downtime) expires the same, once keyed",
      "2026-05-20T09:00:00.000Z",
      ["c_quiet:120"],
    ],
    ["H-08: everyone inactive long enough", "2026-06-02T00:00:00.000Z", ["c_quiet:120", "c_active:80"]],
  ])("%s", (_id, now, expected) => {
    const decisions = decidePointExpiry({ settings: threeMonths, candidates, now, utcOffsetMinutes: 0 });
    expect(decisions.map((d) => `${d.customerId}:${d.points}`)).toEqual(expected);
  });

  it("keys name the customer and the expiry day, so a second run of the job posts nothing new", () => {
    const run = (now: string) =>
      decidePointExpiry({ settings: threeMonths, candidates, now, utcOffsetMinutes: 0 }).map((d) => d.key);
    expect(run("2026-04-11T00:00:00Z")).toEqual(["expire:c_quiet:2026-04-11"]);
    expect(run("2026-04-12T05:00:00Z")).toEqual(["expire:c_quiet:2026-04-11"]);
  });

  it("the note says why, in store dates", () => {
    const [d] = decidePointExpiry({
      settings: threeMonths,
      candidates: candidates.slice(0, 1),
      now: "2026-04-11T00:00:00Z",
      utcOffsetMinutes: 0,
    });
    expect(d?.note).toBe("No point activity for 3 months (last on 2026-01-10)");
  });

  it.each([
    ["H-07: permanent", { expiry: "permanent", customDuration: null }],
    ["unset", undefined],
  ])("%s: nothing ever expires", (_id, settings) => {
    expect(
      decidePointExpiry({ settings, candidates, now: "2099-01-01T00:00:00Z", utcOffsetMinutes: 0 }),
    ).toEqual([]);
  });
});
