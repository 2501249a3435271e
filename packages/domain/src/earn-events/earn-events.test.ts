import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decideGoogleReviewChange,
  decideReviewArrival,
  decideReviewStatusChange,
  type EventProgram,
  growthRewardsOf,
  isGoogleMapsUrl,
  milestonesToGrant,
  validateEventProgram,
  writeReviewConfigSchema,
} from "./index";

const NOW = "2026-06-15T12:00:00.000Z";
const base = {
  type: "earning" as const,
  title: "Write a review",
  translateTitle: {},
  description: null,
  status: "active" as const,
  priority: 99,
  startDate: null,
  endDate: null,
};
const review = (config: Record<string, unknown>, id = "prg_r"): EventProgram => ({
  ...base,
  id,
  event: "write_review",
  config: writeReviewConfigSchema.parse({ earnPoint: 50, ...config }),
});

describe("G-10, G-12 review arrival", () => {
  it.each([
    [
      "manual keeps it pending with the points due",
      { approval: "manual" },
      { rating: 5, content: "Lovely", mediaCount: 0 },
      "pending",
      50,
      null,
    ],
    [
      "approveAuto approves at once",
      { approval: "approveAuto" },
      { rating: 4, content: "Good", mediaCount: 0 },
      "approved",
      50,
      null,
    ],
    [
      "G-10 media bonus",
      { approval: "auto", mediaBonusPoints: 20 },
      { rating: 5, content: "Photo", mediaCount: 2 },
      "approved",
      70,
      null,
    ],
    [
      "G-10 minimum rating",
      { minRating: 4 },
      { rating: 3, content: "Meh", mediaCount: 0 },
      "disapproved",
      0,
      "rating_below_minimum",
    ],
    [
      "G-10 minimum characters",
      { minCharacters: 10 },
      { rating: 5, content: " short   ", mediaCount: 0 },
      "disapproved",
      0,
      "too_short",
    ],
  ])("%s", (_name, config, facts, status, points, reason) => {
    const decision = decideReviewArrival({
      programs: [review(config)],
      review: facts,
      now: NOW,
      utcOffsetMinutes: 0,
    });
    expect(decision).toMatchObject({ status, pointsDue: points, reason });
  });

  it("records without points when no review program runs", () => {
    const off = { ...review({}), status: "inactive" as const };
    expect(
      decideReviewArrival({
        programs: [off],
        review: { rating: 5, content: "x", mediaCount: 0 },
        now: NOW,
        utcOffsetMinutes: 0,
      }),
    ).toMatchObject({ status: "disapproved", reason: "no_active_program" });
  });
});

describe("G-12 approve and disapprove (H-01 'disapproved review')", () => {
  it.each([
    ["approve pays the points due", "pending", "approved", 50, 0, 100, true, { action: "award", points: 50 }],
    ["approve pays nothing over the limit", "pending", "approved", 50, 0, 100, false, { action: "none" }],
    [
      "disapprove takes back what was paid",
      "approved",
      "disapproved",
      50,
      50,
      100,
      true,
      { action: "deduct", points: 50, tierPoints: 50 },
    ],
    [
      "disapprove never overdraws",
      "approved",
      "disapproved",
      50,
      50,
      20,
      true,
      { action: "deduct", points: 20, tierPoints: 50 },
    ],
    [
      "disapprove of a pending review moves nothing",
      "pending",
      "disapproved",
      50,
      0,
      100,
      true,
      { action: "none" },
    ],
    ["same status changes nothing", "approved", "approved", 50, 50, 100, true, { action: "none" }],
    [
      "re-approval after a disapproval pays again",
      "disapproved",
      "approved",
      50,
      0,
      100,
      true,
      { action: "award", points: 50 },
    ],
  ] as const)("%s", (_n, from, to, pointsDue, pointsPaid, available, mayEarn, expected) => {
    expect(
      decideReviewStatusChange({ from, to, pointsDue, pointsPaid, available, tierPoints: 1_000, mayEarn }),
    ).toEqual(expected);
  });

  it.each([
    [
      "G-12 spent points: the tier progress still goes",
      50,
      0,
      400,
      { action: "deduct", points: 0, tierPoints: 50 },
    ],
    ["G-12 tier points never below zero", 50, 10, 30, { action: "deduct", points: 10, tierPoints: 30 }],
    ["G-12 nothing left to take", 50, 0, 0, { action: "none" }],
  ] as const)("%s", (_n, pointsPaid, available, tierPoints, expected) => {
    expect(
      decideReviewStatusChange({
        from: "approved",
        to: "disapproved",
        pointsDue: 50,
        pointsPaid,
        available,
        tierPoints,
        mayEarn: true,
      }),
    ).toEqual(expected);
  });
});

describe("G-15, G-16 Google Maps review", () => {
  it.each([
    ["https://maps.app.goo.gl/AbCdEf123", true],
    ["https://goo.gl/maps/xyz", true],
    ["https://www.google.com/maps/place/Laurel+Shop/@1,2,17z", true],
    ["https://maps.google.co.uk/?cid=123", true],
    ["https://g.page/laurel-shop/review", true],
    ["http://maps.app.goo.gl/AbC", false],
    ["https://www.google.com/search?q=laurel", false],
    ["https://evil.example/maps", false],
    ["https://maps.app.goo.gl.evil.example/x", false],
    ["https://user@maps.app.goo.gl/x", false],
    ["not a link", false],
  ])("G-15 %s → %s", (url, okay) => {
    expect(isGoogleMapsUrl(url)).toBe(okay);
  });

  it.each([
    ["approval pays the rest", "approved", { action: "award", points: 80 }],
    ["rejection takes the instant points back", "rejected", { action: "deduct", points: 20 }],
  ] as const)("%s", (_n, to, expected) => {
    expect(
      decideGoogleReviewChange({ from: "pending", to, earnPoint: 100, instantPaid: 20, available: 500 }),
    ).toEqual(expected);
  });

  it("a decided review is final", () => {
    expect(
      decideGoogleReviewChange({
        from: "approved",
        to: "rejected",
        earnPoint: 100,
        instantPaid: 20,
        available: 500,
      }),
    ).toEqual({ action: "none" });
  });

  it("R-18 instant points must be below the earning points", () => {
    const r = validateEventProgram({
      title: "Google",
      event: "google_maps_review",
      config: { earnPoint: 100, instantPoints: 100 },
    });
    expect(r).toEqual({
      ok: false,
      errors: [{ field: "config.instantPoints", message: "Instant points must be below the earning points" }],
    });
  });
});

describe("F-01 … F-05 milestone validation", () => {
  it("F-05 values must be unique positive whole numbers", () => {
    const r = validateEventProgram({
      title: "Orders",
      event: "milestone",
      config: {
        typeMilestone: "milestone_order",
        milestones: [
          { value: 5, earnPoint: 10 },
          { value: 5, earnPoint: 20 },
          { value: 0, earnPoint: 1 },
        ],
      },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toContainEqual({
        field: "config.milestones.1.value",
        message: "Milestone values must be unique",
      });
      expect(r.errors).toContainEqual({
        field: "config.milestones.2.value",
        message: "Milestone value must be a positive whole number",
      });
    }
  });

  it("F-02, F-03 type and action from the spec's lists; unknown settings refused", () => {
    const r = validateEventProgram({
      title: "x",
      event: "milestone",
      config: { typeMilestone: "milestone_cats", milestones: [{ value: 1, action: "hug" }], bogus: 1 },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => e.field)).toEqual(
        expect.arrayContaining(["config.typeMilestone", "config.milestones.0.action", "config.bogus"]),
      );
    }
  });

  it("F-01 a valid program parses with its defaults", () => {
    const r = validateEventProgram({
      title: "Orders",
      event: "milestone",
      config: { typeMilestone: "milestone_order", milestones: [{ value: 3, earnPoint: 100 }] },
    });
    expect(r.ok && r.program.config).toMatchObject({
      progression: "highest",
      isMilestoneV2: true,
      milestones: [{ value: 3, action: "bonus_point", earnPoint: 100 }],
    });
  });
});

describe("F-04 progression", () => {
  const ladder = [
    { value: 1, action: "bonus_point" as const, earnPoint: 10, rewardValue: 0, productId: "" },
    { value: 3, action: "bonus_point" as const, earnPoint: 30, rewardValue: 0, productId: "" },
    { value: 5, action: "bonus_point" as const, earnPoint: 50, rewardValue: 0, productId: "" },
  ];
  it.each([
    ["all: every milestone reached", "all", 4, [], [1, 3]],
    ["all: only those not granted", "all", 5, [1], [3, 5]],
    ["highest: just the highest reached", "highest", 4, [], [3]],
    ["highest: nothing below one granted", "highest", 4, [5], []],
    ["highest: the next one up", "highest", 5, [3], [5]],
    ["none reached", "all", 0, [], []],
  ] as const)("%s", (_n, progression, metric, granted, expected) => {
    expect(
      milestonesToGrant({ progression, milestones: ladder }, metric, new Set(granted)).map((m) => m.value),
    ).toEqual(expected);
  });

  it("F-08 property: whatever the order of metric readings, each milestone is granted at most once", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("all" as const, "highest" as const),
        fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 20 }),
        (progression, readings) => {
          const granted = new Set<number>();
          let count = 0;
          for (const metric of readings) {
            for (const m of milestonesToGrant({ progression, milestones: ladder }, metric, granted)) {
              expect(granted.has(m.value)).toBe(false);
              granted.add(m.value);
              count++;
            }
          }
          expect(count).toBe(granted.size);
        },
      ),
    );
  });
});

describe("F-09 growth rewards", () => {
  it.each([
    ["starter", 1],
    ["advanced", 2],
    ["ultimate", 5],
  ] as const)("plan factor of %s is %d", (tier, factor) => {
    const rewards = growthRewardsOf({ lifetimeOrders: 60, tier, claimed: new Set([1]) });
    expect(rewards.map((r) => r.freeOrders)).toEqual([5, 10, 20, 50, 100].map((x) => x * factor));
    expect(rewards.map((r) => r.state)).toEqual(["claimed", "claimable", "claimable", "locked", "locked"]);
  });
});

describe("C-28, C-29 survey and custom program", () => {
  it("needs points above 0 and a safe link", () => {
    const r = validateEventProgram({
      title: "Survey",
      event: "fill_survey",
      config: { earnPoint: 0, surveyUrl: "javascript:alert(1)" },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field).sort()).toEqual(["config.earnPoint", "config.surveyUrl"]);
    const c = validateEventProgram({ title: "Custom", event: "custom_program", config: { earnPoint: 25 } });
    expect(c.ok).toBe(true);
  });
});
