import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usePropertySeed } from "../ledger/property-seed.test-support";
import {
  B2B_SCOPES,
  b2bRequirements,
  demotionNoticeFor,
  exclusiveDealMessages,
  exclusiveDealOpenTo,
  exclusiveDealRunning,
  nextDemotionAt,
  preTierMessages,
  preTierRewardsFor,
  storeDayOf,
  tierCouponDiscount,
  tierTag,
  tierTagChange,
  validateExclusiveDeal,
  validatePreTier,
} from "./membership";
import { DEFAULT_TIER_SETTINGS, evaluateTier, type TierDef, type TierDemotion } from "./tiers";

const t = (id: string, milestone: number, extra: Partial<TierDef> = {}): TierDef => ({
  id,
  name: id,
  milestone,
  exclusive: false,
  entryPoints: 0,
  ...extra,
});
const ladder = [t("bronze", 0), t("silver", 100), t("gold", 500), t("vip", 300, { exclusive: true })];
const at = (iso: string) => Date.parse(iso);
const demotion = (patch: Partial<TierDemotion> = {}): TierDemotion => ({
  action: "downgrade_tier",
  after: 6,
  unit: "month",
  notifyBeforeDays: 7,
  ...patch,
});

describe("storeDayOf (the sweep's once-a-store-day key)", () => {
  it.each([
    ["2026-03-01T04:59:00Z", "America/New_York", "2026-02-28"],
    ["2026-03-01T05:00:00Z", "America/New_York", "2026-03-01"],
    ["2026-03-01T14:59:00Z", "Asia/Tokyo", "2026-03-01"],
    ["2026-03-01T15:00:00Z", "Asia/Tokyo", "2026-03-02"],
    ["2026-03-01T23:59:00Z", null, "2026-03-01"],
  ])("%s in %s is %s", (iso, zone, day) => expect(storeDayOf(at(iso), zone)).toBe(day));
});

describe("nextDemotionAt (I-06)", () => {
  const last = at("2026-01-31T10:00:00Z");
  it.each([
    ["first step after 6 months (month end clamps)", demotion(), 0, 2, "2026-07-31T10:00:00.000Z"],
    ["second step 12 months after", demotion(), 1, 2, "2027-01-31T10:00:00.000Z"],
    ["at the base: none", demotion(), 2, 2, null],
    ["reset: one step only", demotion({ action: "reset_tier" }), 1, 2, null],
    ["weeks", demotion({ after: 2, unit: "week" }), 0, 1, "2026-02-14T10:00:00.000Z"],
    ["no demotion", null, 0, 2, null],
  ])("%s", (_name, d, taken, available, expected) => {
    const next = nextDemotionAt(d, last, taken, available, null);
    expect(next === null ? null : new Date(next).toISOString()).toBe(expected);
  });
  it("no order yet: never", () => expect(nextDemotionAt(demotion(), null, 0, 2, null)).toBeNull());
});

describe("demotionNoticeFor (I-26: notify before)", () => {
  const last = at("2026-01-01T12:00:00Z");
  const base = {
    tiers: ladder,
    demotion: demotion({ after: 1, unit: "month", notifyBeforeDays: 7 }),
    lastActivityAt: last,
    timeZone: null,
  };
  it.each([
    ["eight days before: not yet", "2026-01-24T12:00:00Z", null],
    ["seven days before: told, 7 days", "2026-01-25T12:00:00Z", 7],
    ["one hour before: 1 day", "2026-02-01T11:00:00Z", 1],
    ["at the due instant: too late (the sweep demotes)", "2026-02-01T12:00:00Z", null],
  ])("%s", (_name, now, days) => {
    const notice = demotionNoticeFor({
      ...base,
      standing: { tierId: "silver", metric: 150, exclusive: false },
      now: at(now),
    });
    expect(notice?.days ?? null).toBe(days);
    if (notice) expect(notice.occasion).toBe("tier-demotion:silver:2026-02-01T12:00:00.000Z");
  });
  it("the base tier, an exclusive tier, no notify-before: nothing", () => {
    const now = at("2026-01-30T12:00:00Z");
    expect(
      demotionNoticeFor({ ...base, standing: { tierId: "bronze", metric: 50, exclusive: false }, now }),
    ).toBeNull();
    expect(
      demotionNoticeFor({ ...base, standing: { tierId: "vip", metric: 50, exclusive: true }, now }),
    ).toBeNull();
    expect(
      demotionNoticeFor({
        ...base,
        demotion: demotion({ after: 1, unit: "month", notifyBeforeDays: 0 }),
        standing: { tierId: "silver", metric: 150, exclusive: false },
        now,
      }),
    ).toBeNull();
  });
  it("after one downgrade the next notice is for the next step down", () => {
    // Gold by the metric, silver after one month without orders: next step is two months after.
    const notice = demotionNoticeFor({
      ...base,
      standing: { tierId: "silver", metric: 600, exclusive: false },
      now: at("2026-02-27T12:00:00Z"),
    });
    expect(notice?.occasion).toBe("tier-demotion:silver:2026-03-01T12:00:00.000Z");
  });
});

describe("properties of the sweep", () => {
  usePropertySeed("tiers-sweep");
  const zones = fc.constantFrom(
    null,
    "America/New_York",
    "Asia/Tokyo",
    "Australia/Lord_Howe",
    "Europe/London",
  );
  const demotions = fc.record({
    action: fc.constantFrom("downgrade_tier", "reset_tier") as fc.Arbitrary<TierDemotion["action"]>,
    after: fc.integer({ min: 1, max: 6 }),
    unit: fc.constantFrom("day", "week", "month", "year") as fc.Arbitrary<TierDemotion["unit"]>,
    notifyBeforeDays: fc.integer({ min: 1, max: 30 }),
  });
  const instant = fc.integer({ min: at("2025-01-01T00:00:00Z"), max: at("2028-01-01T00:00:00Z") });

  it("the notice names the instant the engine demotes: same tier just before, lower tier at it", () => {
    fc.assert(
      fc.property(
        demotions,
        zones,
        instant,
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 0, max: 400 * 86_400_000 }),
        (d, zone, last, metric, gap) => {
          const now = last + gap;
          const settings = { ...DEFAULT_TIER_SETTINGS, demotion: d };
          const evalAt = (when: number) =>
            evaluateTier({
              tiers: ladder,
              settings,
              metric,
              lastActivityAt: last,
              now: when,
              timeZone: zone,
            });
          const standing = evalAt(now);
          const notice = demotionNoticeFor({
            tiers: ladder,
            demotion: d,
            standing,
            lastActivityAt: last,
            now,
            timeZone: zone,
          });
          if (!notice) return;
          expect(notice.tierId).toBe(standing.tierId);
          expect(notice.dueAt).toBeGreaterThan(now);
          expect(notice.dueAt - now).toBeLessThanOrEqual(d.notifyBeforeDays * 86_400_000);
          expect(evalAt(notice.dueAt - 1).tierId).toBe(standing.tierId);
          expect(evalAt(notice.dueAt).tierId).not.toBe(standing.tierId);
        },
      ),
    );
  });

  it("daily sweeps tell a member once per step: one occasion however many days it is within reach", () => {
    fc.assert(
      fc.property(demotions, zones, instant, (d, zone, last) => {
        const settings = { ...DEFAULT_TIER_SETTINGS, demotion: d };
        const occasions = new Map<string, number>();
        for (let day = 0; day < 60; day++) {
          const now = last + day * 86_400_000 + 3_600_000;
          const standing = evaluateTier({
            tiers: ladder,
            settings,
            metric: 700,
            lastActivityAt: last,
            now,
            timeZone: zone,
          });
          const notice = demotionNoticeFor({
            tiers: ladder,
            demotion: d,
            standing,
            lastActivityAt: last,
            now,
            timeZone: zone,
          });
          if (notice) occasions.set(notice.occasion, (occasions.get(notice.occasion) ?? 0) + 1);
        }
        // Every occasion is a distinct (tier, due instant): a member is never told twice of one step.
        const dues = [...occasions.keys()].map((o) => o.split(":").slice(2).join(":"));
        expect(new Set(dues).size).toBe(dues.length);
      }),
    );
  });

  it("storeDayOf changes exactly at the store's midnight", () => {
    fc.assert(
      fc.property(instant, zones, (now, zone) => {
        const day = storeDayOf(now, zone);
        expect(storeDayOf(now + 86_400_000 * 2, zone) > day).toBe(true);
        expect(storeDayOf(now - 1, zone) <= day).toBe(true);
      }),
    );
  });
});

describe("pre-tier rewards (I-04, I-13)", () => {
  it.each([
    [{ tierId: "silver", threshold: 80, points: 10 }, null],
    [{ tierId: "silver", threshold: 0, points: 10 }, preTierMessages.range],
    [{ tierId: "silver", threshold: 100, points: 10 }, preTierMessages.range],
    [{ tierId: "bronze", threshold: 0, points: 10 }, preTierMessages.range],
    [{ tierId: "gold", threshold: 120, points: 10 }, null],
    [{ tierId: "vip", threshold: 200, points: 10 }, preTierMessages.exclusive],
  ])("%o → %s", (pre, message) => expect(validatePreTier(ladder, pre)).toBe(message));

  const pres = [
    { tierId: "silver", threshold: 80, points: 10 },
    { tierId: "gold", threshold: 400, points: 40 },
  ];
  it.each([
    [50, []],
    [80, ["silver"]],
    [99, ["silver"]],
    [100, []],
    [450, ["gold"]],
    [500, []],
  ])("metric %i → pre-tier rewards %o", (metric, ids) => {
    const got = preTierRewardsFor(
      ladder,
      pres,
      { metric, periodKey: "lifetime", exclusive: false },
      new Set(),
    );
    expect(got.map((g) => g.tierId)).toEqual(ids);
  });
  it("once per tier and period", () => {
    const s = { metric: 90, periodKey: "p1", exclusive: false };
    expect(preTierRewardsFor(ladder, pres, s, new Set(["silver|p1"]))).toEqual([]);
    expect(preTierRewardsFor(ladder, pres, { ...s, periodKey: "p2" }, new Set(["silver|p1"]))).toHaveLength(
      1,
    );
    expect(preTierRewardsFor(ladder, pres, { ...s, exclusive: true }, new Set())).toEqual([]);
  });
  it("a coupon alone is a pre-tier reward; nothing at all is none", () => {
    const coupon = {
      discountType: "amount" as const,
      value: 500,
      minimumSubtotal: 2000,
      expiresInDays: null,
    };
    const s = { metric: 90, periodKey: "lifetime", exclusive: false };
    expect(
      preTierRewardsFor(ladder, [{ tierId: "silver", threshold: 80, points: 0, coupon }], s, new Set()),
    ).toEqual([{ tierId: "silver", periodKey: "lifetime", points: 0, coupon }]);
    expect(preTierRewardsFor(ladder, [{ tierId: "silver", threshold: 80, points: 0 }], s, new Set())).toEqual(
      [],
    );
  });
  it.each([
    [{ discountType: "amount", value: 500, minimumSubtotal: null, expiresInDays: 10 }, 500, 10 * 86_400_000],
    [{ discountType: "percentage", value: 20, minimumSubtotal: 100, expiresInDays: null }, 20, null],
    [{ discountType: "free_shipping", value: 999, minimumSubtotal: null, expiresInDays: 1 }, 0, 86_400_000],
  ] as const)("coupon %o → value %i, ends after %o ms", (coupon, value, after) => {
    const d = tierCouponDiscount(coupon, 1_000);
    expect(d.value).toBe(value);
    expect(d.endsAt).toBe(after === null ? null : 1_000 + after);
  });
});

describe("auto-tagging (I-08)", () => {
  it("default prefix 'Joy' plus the tier name", () => expect(tierTag("Joy", "Gold")).toBe("Joy Gold"));
  it("an empty prefix tags the name alone", () => expect(tierTag(" ", "Gold")).toBe("Gold"));
  it("moving tier removes the other tiers' tags and adds the new one", () => {
    expect(tierTagChange("Joy", ladder, "gold")).toEqual({
      add: ["Joy gold"],
      remove: ["Joy bronze", "Joy silver", "Joy vip"],
    });
    expect(tierTagChange("Joy", ladder, null).add).toEqual([]);
  });
});

describe("member exclusive deal (I-22)", () => {
  const deal = {
    discountType: "percentage" as const,
    discountValue: 15,
    startsAt: "2026-01-01T00:00:00Z",
    endsAt: "2026-02-01T00:00:00Z",
    eligibility: "tiers" as const,
    tierIds: ["gold"],
    imageBytes: 0,
  };
  it.each([
    ["valid", {}, []],
    ["end before start", { endsAt: "2025-12-31T00:00:00Z" }, ["endsAt"]],
    ["end equal to start", { endsAt: "2026-01-01T00:00:00Z" }, ["endsAt"]],
    ["no end date", { endsAt: null }, []],
    ["image over 200 KB", { imageBytes: 200 * 1024 + 1 }, ["image"]],
    ["image at 200 KB", { imageBytes: 200 * 1024 }, []],
    ["specific tiers without any", { tierIds: [] }, ["tierIds"]],
    ["percentage over 100", { discountValue: 101 }, ["discountValue"]],
  ])("%s", (_name, patch, fields) => {
    expect(validateExclusiveDeal({ ...deal, ...patch }).map((e) => e.field)).toEqual(fields);
  });
  it("the end-date message is the spec's", () =>
    expect(validateExclusiveDeal({ ...deal, endsAt: "2025-01-01T00:00:00Z" })[0]?.message).toBe(
      exclusiveDealMessages.endBeforeStart,
    ));
  it("running within its dates, while switched on", () => {
    expect(exclusiveDealRunning({ enabled: true, ...deal }, at("2026-01-15T00:00:00Z"))).toBe(true);
    expect(exclusiveDealRunning({ enabled: true, ...deal }, at("2026-02-01T00:00:00Z"))).toBe(false);
    expect(exclusiveDealRunning({ enabled: false, ...deal }, at("2026-01-15T00:00:00Z"))).toBe(false);
  });
  it("open to all members or to the chosen tiers", () => {
    expect(exclusiveDealOpenTo({ eligibility: "all", tierIds: [] }, null)).toBe(true);
    expect(exclusiveDealOpenTo({ eligibility: "tiers", tierIds: ["gold"] }, "gold")).toBe(true);
    expect(exclusiveDealOpenTo({ eligibility: "tiers", tierIds: ["gold"] }, "silver")).toBe(false);
    expect(exclusiveDealOpenTo({ eligibility: "tiers", tierIds: ["gold"] }, null)).toBe(false);
  });
});

describe("B2B requirements (I-21, X-22: all three)", () => {
  const all = [...B2B_SCOPES];
  it.each([
    [true, "Shopify Plus", all, [true, true, true]],
    [false, "Shopify Plus", all, [false, true, true]],
    [true, "Basic", all, [true, false, true]],
    [true, "plus_partner_sandbox", ["read_companies"], [true, true, false]],
    [true, null, null, [true, false, false]],
  ])("Advanced %s, store %s, scopes %o", (appPlanAllows, storePlanName, grantedScopes, met) => {
    expect(b2bRequirements({ appPlanAllows, storePlanName, grantedScopes }).map((r) => r.met)).toEqual(met);
  });
});
