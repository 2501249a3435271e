import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { sweepTierDemotionsJob } from "../src/jobs/sweep-tier-demotions.job";
import { saveTierDesign } from "../src/modules/membership/membership.service";
import {
  listShopsDueForTierSweep,
  sweepShopTiers,
  sweepTierPage,
} from "../src/modules/tiers/tier-sweep.service";
import { syncMemberTierTags } from "../src/modules/tiers/tier-tags.service";
import {
  addMembers,
  adminSend,
  createTestApp,
  deliverWebhook,
  signedProxyUrl,
  signIn,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * The daily demotion sweep (issue 10, I-06, I-26, decision 0115) through the real app on PGlite:
 * once per store day in the shop's own time zone, "notify before" e-mails sent once per step,
 * demotion one tier per period of inactivity written as 'VIP tier changes', resumable pages, and
 * a second sweep the same day changing nothing.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
const shop = "shop_demo";
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  await t.deps.db
    .updateTable("shops")
    .set({ platform_info: sql`jsonb_set(platform_info, '{ianaTimezone}', '"America/New_York"')` })
    .where("id", "=", shop)
    .execute();
  await addMembers(t, ["9100", "9200", "9300"], clock.now());
  const send = (method: "POST" | "PUT", url: string, body: unknown) =>
    adminSend(t.app, method, url, token, body);
  const settings = await send("PUT", "/apiSa/tiers/settings", {
    basis: "amount_spent",
    period: { kind: "lifetime" },
    demotion: { action: "downgrade_tier", after: 1, unit: "month", notifyBeforeDays: 7 },
    tagPrefix: "Joy",
  });
  expect(settings.statusCode).toBe(200);
  for (const [name, milestone] of [
    ["Bronze", 0],
    ["Silver", 20_000],
    ["Gold", 50_000],
  ] as const) {
    ids[name] = (await send("POST", "/apiSa/tiers", { name, milestone })).json().data.id;
  }
  // Orders at 2026-06-15T14:00Z (10:00 in New York): 9100 reaches Silver, 9200 Gold.
  for (const [id, customer, price] of [
    ["830001", "9100", "300.00"],
    ["830002", "9200", "600.00"],
  ] as const) {
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id, customerId: customer, lines: [{ id: `${id}1`, price, quantity: 1 }] }),
    );
  }
  await send("POST", "/apiSa/tiers/launch", { changeNotes: "Sweep test", grantEntryRewards: false });
  await t.deps.queue.drain();
});
afterAll(async () => {
  await t.close();
});

const customerId = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", shop)
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).id;
const tierOf = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customer_tiers")
      .select("tier_id")
      .where("shop_id", "=", shop)
      .where("customer_id", "=", await customerId(platformId))
      .executeTakeFirst()
  )?.tier_id ?? null;
const mails = (event: string) =>
  t.deps.db
    .selectFrom("notifications")
    .select(["customer_id", "data"])
    .where("shop_id", "=", shop)
    .where("event", "=", event)
    .orderBy("customer_id")
    .execute();
const sweeps = () =>
  t.deps.db
    .selectFrom("tier_sweeps")
    .select(["store_day", "status", "members", "demoted", "notified"])
    .where("shop_id", "=", shop)
    .orderBy("store_day")
    .execute();

describe("the daily demotion sweep", () => {
  it("the launch put 9100 in Silver and 9200 in Gold", async () => {
    expect(await tierOf("9100")).toBe(ids.Silver);
    expect(await tierOf("9200")).toBe(ids.Gold);
    expect(await tierOf("9300")).toBe(ids.Bronze);
  });

  it("eight days before the due date: the sweep runs, nobody is told or moved", async () => {
    clock.set("2026-07-07T14:30:00Z");
    expect(await listShopsDueForTierSweep(t.deps)).toContain(shop);
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    expect(await mails("tier_demotion_notice")).toEqual([]);
    expect(await sweeps()).toEqual([
      { store_day: "2026-07-07", status: "done", members: 3, demoted: 0, notified: 0 },
    ]);
    expect(await listShopsDueForTierSweep(t.deps)).not.toContain(shop);
  });

  it("the next store day starts at New York's midnight, not UTC's", async () => {
    clock.set("2026-07-08T03:59:00Z"); // 23:59 on 7 July in New York
    expect(await listShopsDueForTierSweep(t.deps)).not.toContain(shop);
    clock.set("2026-07-08T04:00:00Z"); // 00:00 on 8 July (EDT, UTC−4)
    expect(await listShopsDueForTierSweep(t.deps)).toContain(shop);
  });

  it("within seven days of the due date: Silver and Gold members are told once (I-26)", async () => {
    clock.set("2026-07-08T15:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    const notices = await mails("tier_demotion_notice");
    expect(notices).toHaveLength(2);
    const byCustomer = new Map(notices.map((n) => [n.customer_id, n.data]));
    expect(byCustomer.get(await customerId("9100"))).toMatchObject({ tier: "Silver", days: 7 });
    expect(byCustomer.get(await customerId("9200"))).toMatchObject({ tier: "Gold", days: 7 });
    expect(await tierOf("9200")).toBe(ids.Gold);
  });

  it("a second sweep the same day and the next day's sweep send nothing more", async () => {
    await sweepTierDemotionsJob.handle(t.deps, {});
    expect(await sweepTierPage(t.deps, shop)).toMatchObject({ members: 0, done: true });
    clock.set("2026-07-09T15:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    expect(await mails("tier_demotion_notice")).toHaveLength(2);
    expect((await sweeps()).map((s) => [s.store_day, s.status, s.notified])).toEqual([
      ["2026-07-07", "done", 0],
      ["2026-07-08", "done", 2],
      ["2026-07-09", "done", 2],
    ]);
  });

  it("after a month without orders each goes down one tier, page by page, as 'VIP tier changes'", async () => {
    clock.set("2026-07-15T14:30:00Z");
    // Pages of one member: the day's sweep resumes at its cursor and finishes once.
    const pages = [];
    for (let i = 0; i < 10; i++) {
      const page = await sweepTierPage(t.deps, shop, 1);
      pages.push(page.members);
      if (page.done) break;
    }
    expect(pages).toEqual([1, 1, 1, 0]);
    expect(await tierOf("9100")).toBe(ids.Bronze);
    expect(await tierOf("9200")).toBe(ids.Silver);
    expect(await tierOf("9300")).toBe(ids.Bronze);
    const changes = await t.deps.db
      .selectFrom("tier_changes")
      .select(["customer_id", "from_tier_id", "to_tier_id"])
      .where("shop_id", "=", shop)
      .where("reason", "=", "demotion")
      .orderBy("customer_id")
      .execute();
    expect(changes).toHaveLength(2);
    expect(changes).toContainEqual({
      customer_id: await customerId("9200"),
      from_tier_id: ids.Gold,
      to_tier_id: ids.Silver,
    });
    expect((await mails("tier_down")).map((m) => m.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tier: "Bronze" }),
        expect.objectContaining({ tier: "Silver" }),
      ]),
    );
    expect((await sweeps()).at(-1)).toMatchObject({ store_day: "2026-07-15", members: 3, demoted: 2 });
  });

  it("the same day again moves nobody (exactly once)", async () => {
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    const count = await t.deps.db
      .selectFrom("tier_changes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("shop_id", "=", shop)
      .where("reason", "=", "demotion")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    expect(await mails("tier_down")).toHaveLength(2);
  });

  it("the Silver member (Gold by spend) is told before the next step, then goes to Bronze", async () => {
    clock.set("2026-08-09T15:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    const notices = await mails("tier_demotion_notice");
    expect(notices).toHaveLength(3);
    clock.set("2026-08-15T15:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    expect(await tierOf("9200")).toBe(ids.Bronze);
  });

  it("an order brings the member back to their tier by spend (the sweep only takes inactivity into account)", async () => {
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "830003",
        customerId: "9200",
        lines: [{ id: "8300031", price: "1.00", quantity: 1 }],
      }).replace('"created_at":"2026-06-15T10:00:00-04:00"', '"created_at":"2026-08-15T11:00:00-04:00"'),
    );
    expect(await tierOf("9200")).toBe(ids.Gold);
    // The move up by an order is e-mailed (tier_up), once for the order.
    const ups = await mails("tier_up");
    expect(ups).toEqual([
      { customer_id: await customerId("9200"), data: expect.objectContaining({ tier: "Gold" }) },
    ]);
  });
});

describe("auto-tagging on the platform (I-08)", () => {
  const tagsOf = async (platformId: string) =>
    (
      await t.deps.db
        .selectFrom("demo_customer_tags")
        .select("tag")
        .where("shop_id", "=", shop)
        .where("customer_id", "=", platformId)
        .orderBy("tag")
        .execute()
    ).map((r) => r.tag);

  it("every move leaves the member tagged with the prefix and their tier in force, and only that", async () => {
    await t.deps.queue.drain();
    expect(await tagsOf("9100")).toEqual(["Joy Bronze"]);
    expect(await tagsOf("9200")).toEqual(["Joy Gold"]);
    expect(await tagsOf("9300")).toEqual(["Joy Bronze"]);
  });

  it("a tag the merchant set by hand stays; a re-run changes nothing", async () => {
    await t.deps.db
      .insertInto("demo_customer_tags")
      .values({ shop_id: shop, customer_id: "9200", tag: "wholesale" })
      .execute();
    await syncMemberTierTags(t.deps, shop, [await customerId("9200")]);
    await syncMemberTierTags(t.deps, shop, [await customerId("9200")]);
    expect(await tagsOf("9200")).toEqual(["Joy Gold", "wholesale"]);
  });

  it("the merchant's 'Sync tags' re-tags every member in a tier, by jobs ('Synced tags processed')", async () => {
    await t.deps.db
      .deleteFrom("demo_customer_tags")
      .where("shop_id", "=", shop)
      .where("tag", "like", "Joy %")
      .execute();
    // The test clock has moved past the first session: sign in again.
    const { token: fresh } = await signIn(t.app);
    const bad = await adminSend(t.app, "POST", "/apiSa/tiers/sync-tags", fresh, { all: true });
    expect(bad.statusCode).toBe(400);
    const res = await adminSend(t.app, "POST", "/apiSa/tiers/sync-tags", fresh);
    expect(res.json()).toMatchObject({ success: true, message: "Synced tags processed" });
    expect(res.json().data.members).toBeGreaterThanOrEqual(3);
    await t.deps.queue.drain();
    expect(await tagsOf("9200")).toEqual(["Joy Gold", "wholesale"]);
    expect(await tagsOf("9300")).toEqual(["Joy Bronze"]);
  });
});

describe("the Design tab on the storefront (I-04, I-27)", () => {
  const proxyTier = async (customer: string) =>
    (await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/customer", { customer }) })).json()
      .data.tier;
  const actor = { userId: null, impersonatedBy: null };

  it("hides the base tier, and progress when switched off; changes apply at once", async () => {
    await addMembers(t, ["9400"], clock.now());
    expect(await proxyTier("9400")).toMatchObject({ name: "Bronze", next: { name: "Silver" } });
    const design = { hideDefaultTier: false, showProgress: false, showPerks: true, accentColor: "#123456" };
    await saveTierDesign(t.deps, shop, actor, design);
    expect(await proxyTier("9400")).toMatchObject({ name: "Bronze", next: null });
    await saveTierDesign(t.deps, shop, actor, { ...design, hideDefaultTier: true });
    expect(await proxyTier("9400")).toBeNull();
    expect(await proxyTier("9100")).toBeNull(); // demoted to Bronze above
    expect(await proxyTier("9200")).toMatchObject({ name: "Gold" });
    await saveTierDesign(t.deps, shop, actor, { ...design, showProgress: true });
    expect(await proxyTier("9400")).toMatchObject({ name: "Bronze", next: { name: "Silver" } });
  });
});

describe("two workers sweeping the same shop the same day (run on PostgreSQL too)", () => {
  it("the member moves once, is e-mailed once, and the day is swept once", async () => {
    clock.set("2026-09-16T15:00:00Z");
    const before = await t.deps.db
      .selectFrom("tier_changes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("shop_id", "=", shop)
      .where("customer_id", "=", await customerId("9200"))
      .executeTakeFirstOrThrow();
    const [a, b] = await Promise.all([sweepShopTiers(t.deps, shop, 1), sweepShopTiers(t.deps, shop, 1)]);
    expect(a.done && b.done).toBe(true);
    expect(a.demoted + b.demoted).toBe(1);
    expect(a.members + b.members).toBe(4);
    expect(await tierOf("9200")).toBe(ids.Silver);
    const after = await t.deps.db
      .selectFrom("tier_changes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("shop_id", "=", shop)
      .where("customer_id", "=", await customerId("9200"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const downs = (await mails("tier_down")).filter((m) => (m.data as { tier?: string }).tier === "Silver");
    expect(downs).toHaveLength(2); // one in July (9200 Gold → Silver), one now
    expect((await sweeps()).at(-1)).toMatchObject({
      store_day: "2026-09-16",
      status: "done",
      members: 4,
      demoted: 1,
    });
  });
});
