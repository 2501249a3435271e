import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anniversaryConfigSchema,
  type BirthdayConfig,
  birthdayConfigSchema,
  streakConfigSchema,
  validateEarnDatesProgram,
  visitConfigSchema,
} from "../programs/earn-dates";
import { validateEarningProgram } from "../programs/earning";
import {
  addStoreDays,
  birthdayWindow,
  DATE_REWARD_CATCH_UP_DAYS,
  evaluateAnniversaryReward,
  evaluateBirthdayReward,
  evaluateSocialEarning,
  evaluateStreakVisit,
  evaluateVisitEarning,
  formatBirthdayAs,
  monthsNear,
  parseBirthdayEntry,
  streakStateOf,
} from "./earn-dates";
import { assertProperty } from "./property.test-support";
import { storeDateOf, utcOffsetMinutes } from "./store-time";
import type { EarningCustomer, EarningShop } from "./types";

const shop: EarningShop = {
  currency: "USD",
  utcOffsetMinutes: 0,
  sandbox: { enabled: false, testEmails: [] },
  eligibility: "all",
  plan: {
    ordersThisCycle: 0,
    limit: null,
    transactionsLimited: false,
    transactionCount: 0,
    transactionLimit: null,
  },
  pendingPoints: null,
};
const member: EarningCustomer = {
  id: "c1",
  state: "member",
  email: "a@b.test",
  tags: [],
  isB2B: false,
  vipTierId: null,
};
const config = (over: Partial<BirthdayConfig> = {}): BirthdayConfig => ({
  ...birthdayConfigSchema.parse({}),
  ...over,
});
const due = (
  today: string,
  over: Partial<BirthdayConfig> = {},
  birthday = { month: 3, day: 14 },
  updated: string | null = null,
) =>
  evaluateBirthdayReward({
    config: config(over),
    birthday,
    birthdayUpdatedOn: updated,
    today,
    customer: member,
    shop,
  });

describe("birthday timing (G-02, G-04)", () => {
  it.each([
    ["exact date, on the day", "2026-03-14", {}, "2026"],
    ["exact date, the day before", "2026-03-13", {}, null],
    ["exact date, caught up 2 days late", "2026-03-16", {}, "2026"],
    ["exact date, 3 days late", "2026-03-17", {}, null],
    ["calendar month, first day", "2026-03-01", { timing: "calendar_month" as const }, "2026"],
    ["around, 5 days before", "2026-03-09", { timing: "around" as const, daysBefore: 5 }, "2026"],
    ["around, 6 days before", "2026-03-08", { timing: "around" as const, daysBefore: 5 }, null],
    ["lifetime frequency", "2026-03-14", { frequency: "lifetime" as const }, "lifetime"],
  ])("G-02 %s", (_name, today, over, key) => {
    const d = due(today, over);
    expect(d.kind === "reward" ? d.periodKey : null).toBe(key);
  });

  it("G-02 a window across New Year belongs to the birthday's year", () => {
    const d = due("2025-12-30", { timing: "around", daysBefore: 5 }, { month: 1, day: 2 });
    expect(d).toMatchObject({ kind: "reward", periodKey: "2026" });
  });

  it("G-02 29 February is celebrated on 28 February in other years", () => {
    expect(
      birthdayWindow({ month: 2, day: 29 }, 2027, { timing: "exact_date", daysBefore: 0, daysAfter: 0 })
        .occurrence,
    ).toBe("2027-02-28");
    expect(due("2028-02-29", {}, { month: 2, day: 29 })).toMatchObject({ kind: "reward", periodKey: "2028" });
  });

  it("G-06 set less than 30 days before the birthday: no reward this year", () => {
    expect(due("2026-03-14", {}, undefined, "2026-02-20")).toEqual({ kind: "skip", reason: "too_recent" });
    expect(due("2026-03-14", {}, undefined, "2026-02-12")).toMatchObject({ kind: "reward" });
  });

  it("G-01 points only for the point method; G-05 tiers", () => {
    expect(due("2026-03-14", { rewardMethod: "point", rewardValue: 250 })).toMatchObject({ points: 250 });
    expect(due("2026-03-14", { tierIds: ["gold"] })).toEqual({ kind: "skip", reason: "not_in_tier" });
  });

  it("X-71 sandbox: only test e-mails; left members never", () => {
    const sandbox = { ...shop, sandbox: { enabled: true, testEmails: ["t@x.test"] } };
    const d = evaluateBirthdayReward({
      config: config(),
      birthday: { month: 3, day: 14 },
      birthdayUpdatedOn: null,
      today: "2026-03-14",
      customer: member,
      shop: sandbox,
    });
    expect(d).toEqual({ kind: "skip", reason: "sandbox" });
    const left = evaluateBirthdayReward({
      config: config(),
      birthday: { month: 3, day: 14 },
      birthdayUpdatedOn: null,
      today: "2026-03-14",
      customer: { ...member, state: "left" },
      shop,
    });
    expect(left).toEqual({ kind: "skip", reason: "not_eligible" });
  });

  it("C-11 earning limit on birthday", () => {
    const d = evaluateBirthdayReward({
      config: config({ hasLimit: true, limitUnit: "lifetime", limitInterval: 1 }),
      birthday: { month: 3, day: 14 },
      birthdayUpdatedOn: null,
      today: "2026-03-14",
      customer: member,
      shop,
      priorAwardDates: ["2025-03-14"],
    });
    expect(d).toEqual({ kind: "skip", reason: "limit_reached" });
  });

  it("monthsNear covers every month a window may reach", () => {
    expect(monthsNear("2026-01-15")).toEqual(expect.arrayContaining([12, 1, 2]));
  });
});

describe("birthday entry (G-03, G-07)", () => {
  it.each([
    ["03/14", "MM/DD", { month: 3, day: 14, year: null }],
    ["14.03", "DD/MM", { month: 3, day: 14, year: null }],
    ["14-03-1990", "DD/MM/YYYY", { month: 3, day: 14, year: 1990 }],
    ["1990/03/14", "YYYY/MM/DD", { month: 3, day: 14, year: 1990 }],
    ["1990-03-14", "MM/DD", { month: 3, day: 14, year: 1990 }], // the calendar sends ISO
  ] as const)("G-07 %s in %s", (value, format, want) => {
    expect(parseBirthdayEntry(value, format, "2026-06-01")).toEqual({ ok: true, ...want });
  });
  it.each([
    ["02/30", "MM/DD"],
    ["13/01", "MM/DD"],
    ["2027-01-01", "YYYY-MM-DD"],
    ["abc", "MM/DD"],
    ["02/29/2023", "MM/DD/YYYY"],
  ] as const)("G-07 'Birthday is invalid' for %s", (value, format) => {
    expect(parseBirthdayEntry(value, format, "2026-06-01")).toEqual({
      ok: false,
      message: "Birthday is invalid",
    });
  });
});

describe("member anniversary (G-26)", () => {
  it("yearly on the membership date, not in the joining year", () => {
    const base = { earnPoint: 100, joinedOn: "2024-05-10", customer: member, shop };
    expect(evaluateAnniversaryReward({ ...base, today: "2024-05-10" })).toMatchObject({ kind: "skip" });
    expect(evaluateAnniversaryReward({ ...base, today: "2025-05-10" })).toMatchObject({
      kind: "reward",
      periodKey: "2025",
    });
    expect(evaluateAnniversaryReward({ ...base, today: "2026-05-12" })).toMatchObject({
      kind: "reward",
      periodKey: "2026",
    });
    expect(evaluateAnniversaryReward({ ...base, today: "2026-05-13" })).toMatchObject({ kind: "skip" });
  });
});

describe("visit website (G-21, G-22, C-35)", () => {
  const cfg = visitConfigSchema.parse({});
  const at = (iso: string, points = 10) => ({ at: iso, points, date: iso.slice(0, 10) });
  it("G-22 defaults: 10 points, 100 a day, anti-cheat on", () => {
    expect(cfg).toMatchObject({
      earnPoint: 10,
      earnPointsLimit: 100,
      enabledAntiCheat: true,
      limitUnit: "day",
    });
  });
  it("C-35 anti-cheat: a second visit within the hour earns nothing", () => {
    const d = evaluateVisitEarning({
      config: cfg,
      now: "2026-06-01T10:30:00Z",
      utcOffsetMinutes: 0,
      prior: [at("2026-06-01T10:00:00Z")],
      customer: member,
      shop,
    });
    expect(d).toEqual({ kind: "skip", reason: "too_soon" });
  });
  it("G-22 the daily limit caps the points", () => {
    const prior = Array.from({ length: 9 }, (_, i) => at(`2026-06-01T0${i}:00:00Z`));
    prior.push(at("2026-06-01T09:00:00Z", 5));
    const d = evaluateVisitEarning({
      config: cfg,
      now: "2026-06-01T12:00:00Z",
      utcOffsetMinutes: 0,
      prior,
      customer: member,
      shop,
    });
    expect(d).toMatchObject({ kind: "reward", points: 5 });
    const full = [...prior, at("2026-06-01T12:00:00Z", 5)];
    expect(
      evaluateVisitEarning({
        config: cfg,
        now: "2026-06-01T14:00:00Z",
        utcOffsetMinutes: 0,
        prior: full,
        customer: member,
        shop,
      }),
    ).toEqual({ kind: "skip", reason: "limit_reached" });
    expect(
      evaluateVisitEarning({
        config: cfg,
        now: "2026-06-02T01:00:00Z",
        utcOffsetMinutes: 0,
        prior: full,
        customer: member,
        shop,
      }),
    ).toMatchObject({ kind: "reward", points: 10 });
  });
});

describe("streak (G-17 … G-19)", () => {
  const cfg = streakConfigSchema.parse({});
  const run = (dates: string[], today: string, endDate: string | null = null) =>
    evaluateStreakVisit({ config: cfg, endDate, visitDates: dates, today, customer: member, shop });
  const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addStoreDays(from, i));
  it("G-18 defaults: 10 a day, day 7 gives 100", () => {
    expect(cfg).toEqual({ earnPoint: 10, streakMilestones: [{ day: 7, earnPoint: 100 }] });
    expect(run([], "2026-06-01")).toMatchObject({ kind: "reward", day: 1, points: 10 });
    expect(run(days("2026-06-01", 6), "2026-06-07")).toMatchObject({ day: 7, points: 100, milestone: true });
  });
  it("G-19 a missed day starts over; one visit a day", () => {
    expect(run(days("2026-06-01", 3), "2026-06-05")).toMatchObject({ day: 1 });
    expect(run(days("2026-06-01", 3), "2026-06-03")).toEqual({ kind: "skip", reason: "already_today" });
  });
  it("G-19 after the last day a new streak starts, if it can finish: 'Not enough days to restart streak'", () => {
    expect(run(days("2026-06-01", 7), "2026-06-08")).toMatchObject({ day: 1 });
    expect(run(days("2026-06-01", 7), "2026-06-08", "2026-06-12")).toEqual({
      kind: "skip",
      reason: "not_enough_days",
      message: "Not enough days to restart streak",
    });
    expect(streakStateOf(cfg, days("2026-06-01", 7), "2026-06-08")).toEqual({
      day: 0,
      length: 7,
      visitedToday: false,
    });
  });
});

describe("social (G-24)", () => {
  it("earns once", () => {
    expect(evaluateSocialEarning({ earnPoint: 50, alreadyDone: false, customer: member, shop })).toEqual({
      kind: "reward",
      points: 50,
    });
    expect(evaluateSocialEarning({ earnPoint: 50, alreadyDone: true, customer: member, shop })).toEqual({
      kind: "skip",
      reason: "already_done",
    });
  });
});

describe("program validation (G-17, G-19, G-21, G-24, R-02)", () => {
  const base = { title: "T", status: "active" };
  const ctx = {
    existingPrograms: [] as {
      id: string;
      event: string;
      priority: number;
      status?: string;
      config?: unknown;
    }[],
  };
  it("G-24 the social URL must be valid, one program per action", () => {
    const bad = validateEarningProgram(
      { ...base, event: "social_activity", config: { action: "follow_instagram", url: "instagram" } },
      ctx,
    );
    expect(bad).toEqual({
      ok: false,
      errors: [{ field: "config.url", message: "Please enter a valid URL" }],
    });
    const used = validateEarningProgram(
      {
        ...base,
        event: "social_activity",
        config: { action: "follow_instagram", url: "https://instagram.com/laurel" },
      },
      {
        existingPrograms: [
          {
            id: "p1",
            event: "social_activity",
            priority: 99,
            status: "active",
            config: { action: "follow_instagram" },
          },
        ],
      },
    );
    expect(used).toEqual({
      ok: false,
      errors: [{ field: "config.action", message: "A program for this social action already exists" }],
    });
  });
  it("R-02 chat groups and birthday need a paid plan", () => {
    const r = validateEarnDatesProgram(
      { ...base, event: "social_activity", config: { action: "join_discord", url: "https://discord.gg/x" } },
      { existingPrograms: [], planRank: 0 },
    );
    expect(r).toEqual({
      ok: false,
      errors: [{ field: "event", message: "Upgrade your plan to use this program" }],
    });
    expect(
      validateEarnDatesProgram(
        { ...base, event: "birthday", config: {} },
        { existingPrograms: [], planRank: 0 },
      ).ok,
    ).toBe(false);
    expect(
      validateEarnDatesProgram(
        { ...base, event: "birthday", config: {} },
        { existingPrograms: [], planRank: 1 },
      ).ok,
    ).toBe(true);
  });
  it("G-19 one active streak; length within the runtime; locked once on", () => {
    const other = {
      id: "s1",
      event: "streak_interact_website",
      priority: 99,
      status: "active",
      config: streakConfigSchema.parse({}),
    };
    expect(
      validateEarningProgram(
        { ...base, event: "streak_interact_website", config: {} },
        { existingPrograms: [other] },
      ),
    ).toMatchObject({
      errors: [{ field: "status", message: "Only one streak can be active at a time" }],
    });
    expect(
      validateEarningProgram(
        {
          ...base,
          event: "streak_interact_website",
          startDate: "2026-06-01",
          endDate: "2026-06-05",
          config: {},
        },
        ctx,
      ),
    ).toMatchObject({
      errors: [
        { field: "config.streakMilestones", message: "Streak length can't be longer than the program runs" },
      ],
    });
    expect(
      validateEarningProgram(
        { ...base, event: "streak_interact_website", config: { earnPoint: 20 } },
        { existingPrograms: [other], programId: "s1" },
      ),
    ).toMatchObject({
      errors: [{ field: "config", message: "A streak can't be edited once it is switched on" }],
    });
  });
  it("misspelt settings are named; defaults fill the rest", () => {
    expect(
      validateEarningProgram({ ...base, event: "interact_website", config: { earnPionts: 1 } }, ctx),
    ).toMatchObject({
      errors: [{ field: "config.earnPionts" }],
    });
    expect(anniversaryConfigSchema.parse({})).toEqual({ earnPoint: 100 });
  });
});

/** Zones with DST both ways, half-hour and 45-minute offsets. */
const zones = [
  "UTC",
  "America/New_York",
  "Europe/London",
  "Australia/Sydney",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "America/St_Johns",
];

describe("exactly once per period, whatever the runs (G-02, G-26, properties)", () => {
  /**
   * A simulated ledger with unique keys: runs at random instants (several workers may run at the
   * same instant; a run may crash before its commit). Each period is granted at most once (a key
   * never names two occurrences) and exactly once when a run that did not crash fell in its window.
   */
  it("birthday: any run schedule, crashes, time zones and DST", () => {
    const start = Date.parse("2025-01-01T00:00:00Z");
    assertProperty(
      "birthday exactly once",
      fc.property(
        fc.constantFrom(...zones),
        fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) }),
        fc.constantFrom("exact_date", "calendar_month", "around"),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom("yearly", "lifetime"),
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 3 * 365 * 24 }),
            crash: fc.boolean(),
            workers: fc.integer({ min: 1, max: 3 }),
          }),
          { maxLength: 400 },
        ),
        (zone, bd, timing, before, after, frequency, runs) => {
          const maxDay = new Date(Date.UTC(2024, bd.month, 0)).getUTCDate();
          const birthday = { month: bd.month, day: Math.min(bd.day, maxDay) };
          const cfg = config({
            timing: timing as BirthdayConfig["timing"],
            daysBefore: before,
            daysAfter: after,
            frequency: frequency as BirthdayConfig["frequency"],
          });
          const ledger = new Map<string, string>();
          const uncrashedDates: string[] = [];
          for (const r of [...runs].sort((a, b) => a.at - b.at)) {
            const at = new Date(start + r.at * 3_600_000);
            const today = storeDateOf(at.toISOString(), utcOffsetMinutes(zone, at));
            for (let w = 0; w < r.workers; w++) {
              const d = evaluateBirthdayReward({
                config: cfg,
                birthday,
                birthdayUpdatedOn: null,
                today,
                customer: member,
                shop,
              });
              if (d.kind !== "reward") continue;
              // The window found must hold today (with the catch-up days) and be the birthday's own.
              const win = birthdayWindow(birthday, d.window.year, cfg);
              if (today < win.first || today > addStoreDays(win.last, DATE_REWARD_CATCH_UP_DAYS))
                return false;
              if (r.crash && w === 0) continue; // died before commit: nothing written
              if (!ledger.has(`birthday:c1:${d.periodKey}`)) ledger.set(`birthday:c1:${d.periodKey}`, today);
              uncrashedDates.push(today);
            }
          }
          // Each occurrence whose window had a surviving run is granted; lifetime grants once at most.
          for (const y of [2024, 2025, 2026, 2027, 2028]) {
            const win = birthdayWindow(birthday, y, cfg);
            const hit = uncrashedDates.some(
              (t) => t >= win.first && t <= addStoreDays(win.last, DATE_REWARD_CATCH_UP_DAYS),
            );
            if (frequency === "yearly" && hit !== ledger.has(`birthday:c1:${y}`)) return false;
          }
          if (frequency === "lifetime") return ledger.size === (uncrashedDates.length > 0 ? 1 : 0);
          return [...ledger.keys()].every((k) => /^birthday:c1:\d{4}$/.test(k));
        },
      ),
      300,
    );
  });

  it("anniversary: any run schedule, crashes, time zones and DST", () => {
    const start = Date.parse("2025-01-01T00:00:00Z");
    assertProperty(
      "anniversary exactly once",
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 365 * 4 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 3 * 365 * 24 }), crash: fc.boolean() }), {
          maxLength: 300,
        }),
        (zone, joinedDay, runs) => {
          const joinedOn = addStoreDays("2021-01-01", joinedDay);
          const ledger = new Map<string, number>();
          const hits = new Set<string>();
          for (const r of runs) {
            const at = new Date(start + r.at * 3_600_000);
            const today = storeDateOf(at.toISOString(), utcOffsetMinutes(zone, at));
            const d = evaluateAnniversaryReward({ earnPoint: 100, joinedOn, today, customer: member, shop });
            if (d.kind !== "reward" || r.crash) continue;
            ledger.set(d.periodKey, (ledger.get(d.periodKey) ?? 0) + 1);
            hits.add(d.periodKey);
            if (Number(d.periodKey) <= Number(joinedOn.slice(0, 4))) return false;
          }
          // Several runs in a window agree on one key: the unique index turns them into one entry.
          return [...ledger.keys()].every((k) => hits.has(k) && /^\d{4}$/.test(k));
        },
      ),
      300,
    );
  });
});

describe("G-07 a birthday shown in the shop's format and separator", () => {
  it.each([
    ["MM/DD", "/", "03/14"],
    ["DD/MM", "/", "14/03"],
    ["DD/MM/YYYY", ".", "14.03"],
    ["MM/DD/YYYY", "-", "03-14"],
    ["YYYY-MM-DD", ".", "03.14"],
    ["YYYY/MM/DD", "/", "03/14"],
  ] as const)("%s with '%s' → %s", (format, separator, expected) => {
    expect(formatBirthdayAs({ month: 3, day: 14 }, format, separator)).toBe(expected);
  });

  it("what is shown is read back as the same birthday (any separator, the shop's format)", () => {
    for (const format of ["MM/DD", "DD/MM"] as const) {
      for (const separator of ["/", "-", "."]) {
        const shown = formatBirthdayAs({ month: 11, day: 2 }, format, separator);
        expect(parseBirthdayEntry(shown, format, "2026-06-01")).toMatchObject({
          ok: true,
          month: 11,
          day: 2,
        });
      }
    }
  });

  it("the program keeps its separator, '/' by default, and refuses others", () => {
    expect(birthdayConfigSchema.parse({}).separator).toBe("/");
    expect(birthdayConfigSchema.parse({ separator: "." }).separator).toBe(".");
    expect(birthdayConfigSchema.safeParse({ separator: "|" }).success).toBe(false);
  });
});

describe("G-01: gift product and buy X get Y birthdays name their product", () => {
  const issues = (input: Record<string, unknown>) => {
    const r = birthdayConfigSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
  };

  it("a gift product needs its product; the reward value is not asked for", () => {
    expect(issues({ rewardMethod: "gift_product", rewardValue: null })).toEqual([
      { field: "giftProductId", message: "Choose the gift product" },
    ]);
    expect(issues({ rewardMethod: "gift_product", rewardValue: null, giftProductId: "632910392" })).toEqual(
      [],
    );
  });

  it("buy X get Y needs the product got, and quantities from 1 to 100", () => {
    expect(issues({ rewardMethod: "buy_x_get_y" })).toEqual([
      { field: "bxgyProductId", message: "Choose the product the shopper gets" },
    ]);
    expect(issues({ rewardMethod: "buy_x_get_y", bxgyProductId: "632910392", bxgyBuyQuantity: 0 })).toEqual([
      { field: "bxgyBuyQuantity", message: "Quantity must be between 1 and 100" },
    ]);
    expect(issues({ rewardMethod: "buy_x_get_y", bxgyProductId: "632910392", bxgyGetQuantity: 101 })).toEqual(
      [{ field: "bxgyGetQuantity", message: "Quantity must be between 1 and 100" }],
    );
    expect(
      birthdayConfigSchema.parse({
        rewardMethod: "buy_x_get_y",
        bxgyProductId: " 632910392 ",
        bxgyBuyQuantity: "2",
      }),
    ).toMatchObject({ bxgyProductId: "632910392", bxgyBuyQuantity: 2, bxgyGetQuantity: 1 });
  });

  it("other methods ignore the products (a points birthday keeps defaults)", () => {
    expect(birthdayConfigSchema.parse({})).toMatchObject({
      giftProductId: null,
      bxgyProductId: null,
      bxgyBuyQuantity: 1,
      bxgyGetQuantity: 1,
    });
  });
});
