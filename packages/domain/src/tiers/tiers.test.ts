import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usePropertySeed } from "../ledger/property-seed.test-support";
import {
  canAdjustTierPoints,
  DEFAULT_TIER_SETTINGS,
  demotionSteps,
  directTierChange,
  entryRewardFor,
  evaluateTier,
  evaluateTierFromFacts,
  type TierDef,
  type TierFact,
  type TierSettings,
  tierForMetric,
  tierMetric,
  tierMove,
  tierPeriodKey,
  tierPeriodStart,
  tierProgress,
} from "./tiers";
import { tierMessages, validateTiers } from "./validation";

const t = (id: string, milestone: number, extra: Partial<TierDef> = {}): TierDef => ({
  id,
  name: id,
  milestone,
  exclusive: false,
  entryPoints: 0,
  ...extra,
});
const ladder = [
  t("gold", 50_000, { entryPoints: 500 }),
  t("bronze", 0),
  t("silver", 20_000, { entryPoints: 200 }),
];
const at = (iso: string) => Date.parse(iso);
const settings = (patch: Partial<TierSettings> = {}): TierSettings => ({
  ...DEFAULT_TIER_SETTINGS,
  ...patch,
});

describe("tierForMetric (X-74: highest milestone ≤ metric)", () => {
  it.each([
    [0, "bronze"],
    [19_999, "bronze"],
    [20_000, "silver"],
    [49_999, "silver"],
    [50_000, "gold"],
    [10_000_000, "gold"],
  ])("metric %i → %s", (metric, tier) => {
    expect(tierForMetric(ladder, metric)?.id).toBe(tier);
  });
  it("I-17: an exclusive tier is never reached by the metric", () => {
    const tiers = [...ladder, t("vip", 30_000, { exclusive: true })];
    expect(tierForMetric(tiers, 40_000)?.id).toBe("silver");
  });
  it("no tiers → none", () => expect(tierForMetric([], 10)).toBeNull());
});

describe("tierMetric (I-05: points earned, amount spent, number of orders)", () => {
  const facts: TierFact[] = [
    { at: at("2026-01-10T00:00:00Z"), points: 100, amount: 10_000, orders: 1 },
    { at: at("2026-08-10T00:00:00Z"), points: 50, amount: 5_000, orders: 1 },
    { at: at("2026-08-10T00:00:00Z"), points: -50, amount: -5_000, orders: -1 },
    { at: at("2026-09-01T00:00:00Z"), points: 30, amount: 3_000, orders: 1 },
  ];
  it.each([
    ["points_earned", null, 130],
    ["amount_spent", null, 13_000],
    ["orders", null, 2],
    ["amount_spent", at("2026-07-01T00:00:00Z"), 3_000],
    ["orders", at("2026-07-01T00:00:00Z"), 1],
  ] as const)("%s since %s = %i", (basis, start, expected) => {
    expect(tierMetric(facts, basis, start)).toBe(expected);
  });
  it("never below 0", () => {
    expect(tierMetric([{ at: 0, points: -5, amount: -5, orders: -1 }], "points_earned", null)).toBe(0);
  });
});

describe("tierPeriodStart (I-06 reset, I-07 assessment cycle), in store time", () => {
  it.each([
    ["lifetime", { kind: "lifetime" } as const, "2026-05-05T00:00:00Z", null, null],
    [
      "half year, first half",
      { kind: "half_year" } as const,
      "2026-05-05T00:00:00Z",
      null,
      "2026-01-01T00:00:00.000Z",
    ],
    [
      "half year, second half",
      { kind: "half_year" } as const,
      "2026-07-01T00:00:00Z",
      null,
      "2026-07-01T00:00:00.000Z",
    ],
    [
      "half year in New York: 1 July 02:00 UTC is still 30 June there",
      { kind: "half_year" } as const,
      "2026-07-01T02:00:00Z",
      "America/New_York",
      "2026-01-01T05:00:00.000Z",
    ],
    [
      "1 July, after",
      { kind: "yearly", month: 7, day: 1 } as const,
      "2026-08-01T00:00:00Z",
      null,
      "2026-07-01T00:00:00.000Z",
    ],
    [
      "1 July, before",
      { kind: "yearly", month: 7, day: 1 } as const,
      "2026-03-01T00:00:00Z",
      null,
      "2025-07-01T00:00:00.000Z",
    ],
    [
      "every 3 months from 15 Jan",
      { kind: "cycle", startDate: "2026-01-15", every: 3, unit: "month" } as const,
      "2026-09-01T00:00:00Z",
      null,
      "2026-07-15T00:00:00.000Z",
    ],
    [
      "every 2 weeks from 1 Jan, on the boundary",
      { kind: "cycle", startDate: "2026-01-01", every: 2, unit: "week" } as const,
      "2026-01-29T00:00:00Z",
      null,
      "2026-01-29T00:00:00.000Z",
    ],
    [
      "a cycle not started yet counts from its start",
      { kind: "cycle", startDate: "2027-01-01", every: 1, unit: "year" } as const,
      "2026-05-05T00:00:00Z",
      null,
      "2027-01-01T00:00:00.000Z",
    ],
    [
      "Tokyo: 31 Dec 16:00 UTC is already 1 Jan",
      { kind: "cycle", startDate: "2026-01-01", every: 1, unit: "year" } as const,
      "2026-12-31T16:00:00Z",
      "Asia/Tokyo",
      "2026-12-31T15:00:00.000Z",
    ],
  ])("%s", (_name, period, now, offset, expected) => {
    const start = tierPeriodStart(period, at(now), offset);
    expect(start === null ? null : new Date(start).toISOString()).toBe(expected);
  });
  it("period keys", () => {
    expect(tierPeriodKey(null)).toBe("lifetime");
    expect(tierPeriodKey(at("2026-07-01T00:00:00Z"))).toBe("2026-07-01T00:00:00.000Z");
  });
});

describe("demotion (I-06)", () => {
  const six = { action: "downgrade_tier", after: 6, unit: "month", notifyBeforeDays: 7 } as const;
  it.each([
    ["off", null, "2026-01-01", "2027-01-01", 0],
    ["no activity ever", six, null, "2027-01-01", 0],
    ["5 months", six, "2026-01-01", "2026-06-01", 0],
    ["exactly 6 months", six, "2026-01-01", "2026-07-01", 1],
    ["13 months", six, "2026-01-01", "2027-02-01", 2],
    ["capped at the base", six, "2020-01-01", "2027-02-01", 2],
    ["reset after 6 months", { ...six, action: "reset_tier" as const }, "2026-01-01", "2026-07-02", 2],
  ] as const)("%s", (_n, demotion, last, now, steps) => {
    expect(
      demotionSteps(demotion, last ? at(`${last}T00:00:00Z`) : null, at(`${now}T00:00:00Z`), null, 2),
    ).toBe(steps);
  });
  it("an inactive gold member is downgraded to silver", () => {
    const s = settings({ demotion: six });
    const r = evaluateTier({
      tiers: ladder,
      settings: s,
      metric: 60_000,
      lastActivityAt: at("2026-01-01T00:00:00Z"),
      now: at("2026-08-01T00:00:00Z"),
      timeZone: null,
    });
    expect(r.tierId).toBe("silver");
  });
});

describe("exclusive tiers (I-17), direct change (I-18), adjustments", () => {
  const tiers = [...ladder, t("vip", 99_999, { exclusive: true, entryPoints: 1000 })];
  const base = { tiers, settings: settings(), lastActivityAt: null, now: 0, timeZone: null };
  it("an exclusive assignment overrides the metric", () => {
    expect(evaluateTier({ ...base, metric: 0, exclusiveTierId: "vip" })).toMatchObject({
      tierId: "vip",
      exclusive: true,
    });
  });
  it("unassigning returns the tier from tier points", () => {
    expect(evaluateTier({ ...base, metric: 25_000, exclusiveTierId: null }).tierId).toBe("silver");
  });
  it("an assignment to a non-exclusive tier is ignored", () => {
    expect(evaluateTier({ ...base, metric: 0, exclusiveTierId: "gold" }).tierId).toBe("bronze");
  });
  it("direct change resets tier points to the tier's entry points", () => {
    expect(directTierChange(tiers, "silver")).toEqual({
      tierId: "silver",
      exclusive: false,
      tierPoints: 20_000,
    });
    expect(directTierChange(tiers, "vip")).toEqual({ tierId: "vip", exclusive: true, tierPoints: 0 });
    expect(directTierChange(tiers, "nope")).toBeNull();
  });
  it("tier points are not adjustable on an exclusive tier", () => {
    expect(canAdjustTierPoints({ exclusive: true })).toBe(false);
    expect(canAdjustTierPoints({ exclusive: false })).toBe(true);
  });
});

describe("entry rewards: once per tier reached per period", () => {
  const standing = (tierId: string, periodKey = "lifetime") => ({
    tierId,
    metric: 0,
    periodKey,
    exclusive: false,
  });
  it("moving up pays the reached tier's entry points", () => {
    expect(entryRewardFor(ladder, "bronze", standing("gold"), new Set())).toEqual({
      tierId: "gold",
      periodKey: "lifetime",
      points: 500,
      coupon: null,
    });
  });
  it("a tier-up coupon is an entry reward too, with or without points (I-09)", () => {
    const coupon = {
      discountType: "percentage" as const,
      value: 15,
      minimumSubtotal: null,
      expiresInDays: 30,
    };
    const withCoupon = ladder.map((t) =>
      t.id === "silver" ? { ...t, entryPoints: 0, entryCoupon: coupon } : t,
    );
    expect(entryRewardFor(withCoupon, "bronze", standing("silver"), new Set())).toEqual({
      tierId: "silver",
      periodKey: "lifetime",
      points: 0,
      coupon,
    });
    expect(entryRewardFor(withCoupon, "bronze", standing("silver"), new Set(["silver|lifetime"]))).toBeNull();
  });
  it("not twice in the same period", () => {
    expect(entryRewardFor(ladder, "bronze", standing("silver"), new Set(["silver|lifetime"]))).toBeNull();
  });
  it("again in a new period", () => {
    expect(entryRewardFor(ladder, "bronze", standing("silver", "p2"), new Set(["silver|p1"]))?.points).toBe(
      200,
    );
  });
  it("not when moving down or staying", () => {
    expect(entryRewardFor(ladder, "gold", standing("silver"), new Set())).toBeNull();
    expect(entryRewardFor(ladder, "silver", standing("silver"), new Set())).toBeNull();
  });
  it("a tier without an entry reward pays nothing", () => {
    expect(entryRewardFor(ladder, null, standing("bronze"), new Set())).toBeNull();
  });
  it("moves", () => {
    expect(tierMove(ladder, "bronze", "gold")).toBe("up");
    expect(tierMove(ladder, "gold", "bronze")).toBe("down");
    expect(tierMove(ladder, null, "bronze")).toBe("up");
  });
});

describe("tierProgress (next_rank)", () => {
  it.each([
    [5_000, "silver", 15_000, 25],
    [20_000, "gold", 30_000, 0],
    [35_000, "gold", 15_000, 50],
  ])("metric %i → next %s, %i to go, %i%%", (metric, next, remaining, percent) => {
    const standing = {
      tierId: tierForMetric(ladder, metric)?.id ?? null,
      metric,
      periodKey: "lifetime",
      exclusive: false,
    };
    expect(tierProgress(ladder, standing)).toEqual({ tierId: next, remaining, percent });
  });
  it("none at the top", () => {
    expect(
      tierProgress(ladder, { tierId: "gold", metric: 90_000, periodKey: "lifetime", exclusive: false }),
    ).toBeNull();
  });
});

describe("validateTiers (I-13)", () => {
  it("a good ladder has no issues", () => expect(validateTiers(ladder)).toEqual([]));
  it.each([
    ["duplicate name", [t("a", 0), { ...t("b", 10), name: " A " }], "b", "name", tierMessages.duplicateName],
    [
      "duplicate milestone",
      [t("a", 0), t("b", 10), t("c", 10)],
      "c",
      "milestone",
      tierMessages.duplicateMilestone,
    ],
    ["base not 0", [t("a", 5), t("b", 10)], "a", "milestone", tierMessages.baseMilestone],
    [
      "exclusive first",
      [t("x", 0, { exclusive: true }), t("a", 0), t("b", 10)],
      "x",
      "exclusive",
      tierMessages.exclusiveFirst,
    ],
  ])("%s", (_n, tiers, tierId, field, message) => {
    expect(validateTiers(tiers)).toContainEqual({ tierId, field, message });
  });
});

describe("properties", () => {
  usePropertySeed("tiers");
  const fact = fc.record({
    at: fc.integer({ min: at("2025-01-01T00:00:00Z"), max: at("2027-01-01T00:00:00Z") }),
    points: fc.integer({ min: -500, max: 2_000 }),
    amount: fc.integer({ min: -50_000, max: 200_000 }),
    orders: fc.integer({ min: -1, max: 1 }),
  });
  const periods = fc.constantFrom(
    { kind: "lifetime" } as const,
    { kind: "half_year" } as const,
    { kind: "yearly", month: 7, day: 1 } as const,
    { kind: "cycle", startDate: "2025-03-15", every: 2, unit: "month" } as const,
  );
  const bases = fc.constantFrom("points_earned", "amount_spent", "orders") as fc.Arbitrary<
    TierSettings["basis"]
  >;

  it("the tier is a function of the history and settings, whatever order the events arrive in", () => {
    fc.assert(
      fc.property(
        fc.array(fact, { maxLength: 30 }),
        fc.nat(),
        periods,
        bases,
        fc.constantFrom(null, "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe", "Pacific/Chatham"),
        (facts, shuffleSeed, period, basis, offset) => {
          const shuffled = [...facts].sort((a, b) => ((a.at ^ shuffleSeed) % 7) - ((b.at ^ shuffleSeed) % 7));
          const rest = {
            tiers: [t("b", 0), t("s", 3), t("g", 100_000)],
            settings: settings({
              basis,
              period,
              demotion: { action: "downgrade_tier", after: 3, unit: "month", notifyBeforeDays: 7 },
            }),
            now: at("2026-10-01T00:00:00Z"),
            timeZone: offset,
          };
          expect(evaluateTierFromFacts(shuffled, rest)).toEqual(evaluateTierFromFacts(facts, rest));
          expect(evaluateTierFromFacts([...facts].reverse(), rest)).toEqual(
            evaluateTierFromFacts(facts, rest),
          );
        },
      ),
    );
  });

  it("without demotion, more activity never lowers the tier", () => {
    fc.assert(
      fc.property(fc.array(fact, { maxLength: 20 }), fact, bases, (facts, extra, basis) => {
        const positive = {
          ...extra,
          points: Math.abs(extra.points),
          amount: Math.abs(extra.amount),
          orders: 1,
        };
        const rest = {
          tiers: ladder,
          settings: settings({ basis }),
          now: at("2027-06-01T00:00:00Z"),
          timeZone: null,
        };
        const before = evaluateTierFromFacts(facts, rest);
        const after = evaluateTierFromFacts([...facts, positive], rest);
        expect(tierMove(ladder, before.tierId, after.tierId)).not.toBe("down");
      }),
    );
  });

  it("the period start never lies after now once the cycle has begun, and a period contains now", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at("2026-01-01T00:00:00Z"), max: at("2030-01-01T00:00:00Z") }),
        periods,
        fc.constantFrom(null, "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe", "Pacific/Chatham"),
        (now, period, offset) => {
          const start = tierPeriodStart(period, now, offset);
          if (start !== null) expect(start).toBeLessThanOrEqual(now);
        },
      ),
    );
  });
});
