import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { markShopChanged } from "../src/infra/shop-changes";
import { grantShopDateRewardsJob } from "../src/jobs/grant-date-rewards.job";
import { grantShopDateRewards } from "../src/modules/earn-dates/earn-dates.service";
import { seedDemoEarnDates } from "../src/seed/demo-earn-dates";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import {
  addMembers,
  adminSend,
  createTestApp,
  shopifyToken,
  signedProxyUrl,
  type TestApp,
  updateShopRow,
} from "./helpers";

/**
 * Issue 15, part 1 end to end through the API: birthday (G-01 … G-09) and anniversary (G-26)
 * granted by the daily pass exactly once per period whatever the runs (decision 0095), the
 * storefront's birthday entry ('Birthday is invalid'), visit website and streak (G-17 … G-23,
 * C-35), social (G-24), plan gates and sandbox.
 */
const ZONE = "America/New_York";
const clock = fixedClock("2026-01-10T15:00:00Z");
const SHOP = "shop_demo";
let t: TestApp;
const tokenNow = () => shopifyToken(t.config, DEMO_SHOP_DOMAIN, clock.now());
const programs: Record<string, string> = {};

async function create(body: Record<string, unknown>) {
  const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", await tokenNow(), {
    status: "active",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
const proxy = (method: "GET" | "POST", path: string, customer: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: signedProxyUrl(t, path, { customer }),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const customerOf = (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", SHOP)
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
async function entries(platformId: string, activity?: string) {
  const c = await customerOf(platformId);
  let q = t.deps.db
    .selectFrom("ledger_entries")
    .select(["activity_type", "available_delta", "idempotency_key", "created_at"])
    .where("shop_id", "=", SHOP)
    .where("customer_id", "=", c.id);
  if (activity) q = q.where("activity_type", "=", activity);
  return q.orderBy("id").execute();
}
async function runDailyPass(times = 1) {
  // Several workers at once and several runs in a row: the ledger keys make it once.
  for (let i = 0; i < times; i++) {
    await Promise.all([
      grantShopDateRewards(t.deps, SHOP, null),
      grantShopDateRewardsJob.handle(t.deps, { shopId: SHOP }),
      grantShopDateRewards(t.deps, SHOP, null),
    ]);
  }
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const shop = await t.deps.db
    .selectFrom("shops")
    .select("platform_info")
    .where("id", "=", SHOP)
    .executeTakeFirstOrThrow();
  await updateShopRow(t, SHOP, {
    platform_info: JSON.stringify({ ...shop.platform_info, ianaTimezone: ZONE }) as never,
  });
  await addMembers(t, ["9001", "9002", "9003", "9004"], new Date("2025-03-14T16:00:00Z"));
});
afterAll(async () => {
  await t?.close();
});

describe("demo seed (idempotent)", () => {
  it("adds the programs once; visit and streak switched off, anniversary and social on", async () => {
    expect(await seedDemoEarnDates(t.deps)).toBe(4);
    expect(await seedDemoEarnDates(t.deps)).toBe(0);
    const rows = await t.deps.db
      .selectFrom("programs")
      .select(["event", "status"])
      .where("shop_id", "=", SHOP)
      .where("event", "in", [
        "interact_website",
        "streak_interact_website",
        "member_anniversary",
        "social_activity",
      ])
      .orderBy("event")
      .execute();
    expect(rows).toEqual([
      { event: "interact_website", status: "inactive" },
      { event: "member_anniversary", status: "active" },
      { event: "social_activity", status: "active" },
      { event: "streak_interact_website", status: "inactive" },
    ]);
    // The test's own programs below take their place.
    await t.deps.db
      .deleteFrom("programs")
      .where("shop_id", "=", SHOP)
      .where("event", "in", [
        "interact_website",
        "streak_interact_website",
        "member_anniversary",
        "social_activity",
      ])
      .execute();
    markShopChanged(SHOP);
  });
});

describe("plan gates (R-02) and validation", () => {
  it("R-02 birthday needs a paid plan; on one it saves with the spec's defaults", async () => {
    const refused = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", await tokenNow(), {
      title: "Birthday",
      event: "birthday",
      status: "active",
      config: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({
      field: "event",
      message: "Upgrade your plan to use this program",
    });
    await updateShopRow(t, SHOP, { plan: "pro_3" });
    programs.birthday = await create({ title: "Birthday", event: "birthday", config: { rewardValue: 200 } });
    programs.anniversary = await create({
      title: "Anniversary",
      event: "member_anniversary",
      config: { earnPoint: 75 },
    });
  });

  it("G-24 a social program needs a valid URL", async () => {
    const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", await tokenNow(), {
      title: "Instagram",
      event: "social_activity",
      status: "active",
      config: { action: "follow_instagram", url: "not a link" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "config.url", message: "Please enter a valid URL" }]);
  });
});

describe("birthday entry and the daily pass (G-02, G-03, G-06, G-07, G-26)", () => {
  it("G-07 'Birthday is invalid'; a valid one is kept with when it was set", async () => {
    const bad = await proxy("POST", "/proxy/birthday", "9001", { birthday: "02/30" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      error: "Birthday is invalid",
      code: "birthday_invalid",
    });
    const ok = await proxy("POST", "/proxy/birthday", "9001", { birthday: "03/14" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.birthday).toMatchObject({ value: "03/14", state: "next", nextOn: "2026-03-14" });
    const c = await customerOf("9001");
    expect([c.birth_month, c.birth_day, c.birthday_updated_at?.toISOString()]).toEqual([
      3,
      14,
      "2026-01-10T15:00:00.000Z",
    ]);
  });

  it("nothing before the day; on the day exactly one reward, however many runs and workers", async () => {
    clock.set("2026-03-14T03:30:00Z"); // 23:30 on 13 March in New York
    await runDailyPass(2);
    expect(await entries("9001", "earn_birthday")).toEqual([]);
    clock.set("2026-03-14T05:10:00Z"); // 01:10 on 14 March in New York
    await runDailyPass(3);
    clock.advance(20 * 3_600_000);
    await runDailyPass(2);
    const got = await entries("9001", "earn_birthday");
    expect(got.map((e) => [e.available_delta, e.idempotency_key])).toEqual([
      [200, `birthday:${(await customerOf("9001")).id}:2026`],
    ]);
  });

  it("G-26 the anniversary of joining, once", async () => {
    const got = await entries("9002", "earn_member_anniversary");
    expect(got.map((e) => e.available_delta)).toEqual([75]);
  });

  it("G-06 a birthday set less than 30 days ahead waits for next year", async () => {
    clock.set("2026-03-20T15:00:00Z");
    const ok = await proxy("POST", "/proxy/birthday", "9003", { birthday: "04/01" });
    expect(ok.statusCode).toBe(200);
    clock.set("2026-04-01T15:00:00Z");
    await runDailyPass();
    expect(await entries("9003", "earn_birthday")).toEqual([]);
    clock.set("2027-04-01T15:00:00Z");
    await runDailyPass();
    expect((await entries("9003", "earn_birthday")).length).toBe(1);
  });

  it("X-71 sandbox: only test e-mails earn", async () => {
    const shop = await t.deps.db
      .selectFrom("shops")
      .select("settings")
      .where("id", "=", SHOP)
      .executeTakeFirstOrThrow();
    await updateShopRow(t, SHOP, {
      settings: JSON.stringify({
        ...shop.settings,
        sandbox: { enabled: true, testEmails: ["9004@example.com"] },
      }) as never,
    });
    try {
      clock.set("2027-03-14T15:00:00Z");
      await runDailyPass();
      expect((await entries("9001", "earn_birthday")).length).toBe(1); // 9001 not a test e-mail
    } finally {
      await updateShopRow(t, SHOP, { settings: JSON.stringify(shop.settings) as never });
    }
    await runDailyPass();
    expect((await entries("9001", "earn_birthday")).length).toBe(2); // sandbox off, same day: 2027's
  });
});

describe("visit website and streak (G-17 … G-23, C-35)", () => {
  it("a visit earns 10; anti-cheat: not again within the hour; the daily limit caps", async () => {
    programs.visit = await create({
      title: "Visit",
      event: "interact_website",
      config: { earnPointsLimit: 25 },
    });
    clock.set("2027-06-01T14:00:00Z");
    const first = await proxy("POST", "/proxy/visit", "9004");
    expect(first.json().data).toMatchObject({ points: 10 });
    clock.advance(30 * 60_000);
    expect((await proxy("POST", "/proxy/visit", "9004")).json().data).toMatchObject({ points: 0 });
    clock.advance(31 * 60_000);
    expect((await proxy("POST", "/proxy/visit", "9004")).json().data).toMatchObject({ points: 10 });
    clock.advance(61 * 60_000);
    expect((await proxy("POST", "/proxy/visit", "9004")).json().data).toMatchObject({ points: 5 });
    clock.advance(61 * 60_000);
    expect((await proxy("POST", "/proxy/visit", "9004")).json().data).toMatchObject({ points: 0 });
    const view = (await proxy("GET", "/proxy/earn-dates", "9004")).json().data;
    expect(view.visit).toMatchObject({ programId: programs.visit, points: 10 });
  });

  it("G-19 a streak over 7 consecutive days pays 10 a day and 100 on day 7; one active streak", async () => {
    programs.streak = await create({ title: "Streak", event: "streak_interact_website", config: {} });
    const second = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", await tokenNow(), {
      title: "Streak 2",
      event: "streak_interact_website",
      status: "active",
      config: {},
    });
    expect(second.json().errors).toContainEqual({
      field: "status",
      message: "Only one streak can be active at a time",
    });
    for (let day = 0; day < 7; day++) {
      clock.set(`2027-07-${String(day + 1).padStart(2, "0")}T15:00:00Z`);
      await proxy("POST", "/proxy/visit", "9002");
      await proxy("POST", "/proxy/visit", "9002"); // twice a day counts once
    }
    const streak = await entries("9002", "earn_streak_visit");
    expect(streak.map((e) => e.available_delta)).toEqual([10, 10, 10, 10, 10, 10, 100]);
    const view = (await proxy("GET", "/proxy/earn-dates", "9002")).json().data;
    expect(view.streak).toMatchObject({ day: 7, length: 7, state: "done" });
  });
});

describe("social (G-24)", () => {
  it("the points once per action; chat groups need a paid plan", async () => {
    programs.social = await create({
      title: "Follow us",
      event: "social_activity",
      config: { action: "follow_instagram", url: "https://instagram.com/laurel", earnPoint: 40 },
    });
    const a = await proxy("POST", "/proxy/social", "9003", { programId: programs.social });
    const b = await proxy("POST", "/proxy/social", "9003", { programId: programs.social });
    expect([a.json().data.points, b.json().data.points]).toEqual([40, 0]);
    expect((await entries("9003", "earn_social_follow")).length).toBe(1);
    const view = (await proxy("GET", "/proxy/earn-dates", "9003")).json().data;
    expect(view.social).toEqual([expect.objectContaining({ programId: programs.social, state: "done" })]);
    const dup = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", await tokenNow(), {
      title: "Again",
      event: "social_activity",
      status: "inactive",
      config: { action: "follow_instagram", url: "https://instagram.com/other" },
    });
    expect(dup.json().errors).toContainEqual({
      field: "config.action",
      message: "A program for this social action already exists",
    });
  });

  it("a signed-out shopper or a guest earns nothing", async () => {
    const anon = await t.app.inject({ method: "POST", url: signedProxyUrl(t, "/proxy/visit"), payload: {} });
    expect(anon.statusCode).toBe(401);
    const guest = await proxy("POST", "/proxy/social", "777777", { programId: programs.social });
    expect(guest.statusCode).toBe(403);
  });
});
