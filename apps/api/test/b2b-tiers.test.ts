import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { sweepTierDemotionsJob } from "../src/jobs/sweep-tier-demotions.job";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * B2B partner tiers through the API (I-19 … I-21, X-22, decision 0174): the VIP tier engine and
 * storage over the `b2b` program. Only company members are measured; VIP standings are untouched;
 * every change needs the three requirements; orders of a company member move them live.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
const shop = "shop_demo";
beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  // 8100 and 8200 buy for a company; 8300 is a direct-to-consumer member.
  await addMembers(t, ["8100", "8200", "8300"], clock.now());
  // The demo store as `DEMO_STORE_PLAN=plus` makes it: on Shopify Plus (decision 0174).
  await updateShopRow(t, shop, { shopify_plan: "shopify_plus" });
  await t.deps.db
    .updateTable("customers")
    .set({ is_b2b: true })
    .where("shop_id", "=", shop)
    .where("platform_customer_id", "in", ["8100", "8200"])
    .execute();
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => (await adminGet(t.app, url, token)).json();
const send = (method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
  adminSend(t.app, method, url, token, body);
const standings = async (program: "vip" | "b2b") =>
  (
    await t.deps.db
      .selectFrom("customer_tiers as ct")
      .innerJoin("customers as c", (j) =>
        j.onRef("c.shop_id", "=", "ct.shop_id").onRef("c.id", "=", "ct.customer_id"),
      )
      .innerJoin("tiers as tr", (j) =>
        j.onRef("tr.shop_id", "=", "ct.shop_id").onRef("tr.id", "=", "ct.tier_id"),
      )
      .select(["c.platform_customer_id", "tr.name"])
      .where("ct.shop_id", "=", shop)
      .where("ct.program", "=", program)
      .orderBy("c.platform_customer_id")
      .execute()
  ).map((r) => `${r.platform_customer_id}:${r.name}`);
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
const order = (id: string, customer: string, price: string) =>
  deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id, customerId: customer, lines: [{ id: `${id}1`, price, quantity: 1 }] }),
  );

const ids: Record<string, string> = {};

describe("requirements (I-21, X-22)", () => {
  it("a Plus demo store grants the B2B scopes; on the free plan only the app plan is missing", async () => {
    const free = (await get("/apiSa/membership")).data.b2b;
    expect(free.available).toBe(false);
    expect(free.requirements.map((r: { key: string; met: boolean }) => `${r.key}:${r.met}`)).toEqual([
      "app_plan:false",
      "store_plan:true",
      "scopes:true",
    ]);
    const refused = await send("PUT", "/apiSa/b2b/tiers/settings", {
      basis: "amount_spent",
      period: { kind: "lifetime" },
      demotion: null,
      tagPrefix: "Joy",
    });
    expect(refused.statusCode).toBe(403);
    await updateShopRow(t, shop, { plan: "advanced" });
    const res = await get("/apiSa/membership");
    expect(res.data.b2b).toMatchObject({
      available: true,
      status: "inactive",
      tiers: 0,
      requirements: [
        { key: "app_plan", met: true },
        { key: "store_plan", met: true },
        { key: "scopes", met: true },
      ],
    });
  });

  it("without a Plus store nothing can be set up (403) but the program can still be read", async () => {
    await t.deps.db.updateTable("shops").set({ shopify_plan: "basic" }).where("id", "=", shop).execute();
    try {
      const res = await send("POST", "/apiSa/b2b/tiers", { name: "Partner", milestone: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "b2b_requirements_unmet" });
      expect((await get("/apiSa/membership")).data.b2b.available).toBe(false);
      expect((await get("/apiSa/b2b/tiers")).data).toMatchObject({ status: "inactive", tiers: [] });
    } finally {
      await t.deps.db
        .updateTable("shops")
        .set({ shopify_plan: "shopify_plus" })
        .where("id", "=", shop)
        .execute();
    }
  });
});

describe("B2B settings and tiers (I-19, I-20)", () => {
  it("starts inactive with the B2B defaults, apart from VIP", async () => {
    expect((await get("/apiSa/b2b/tiers")).data).toMatchObject({
      status: "inactive",
      settings: { basis: "amount_spent", tagPrefix: "Joy", discountPrefix: "B2B", hideDefaultTier: false },
      tiers: [],
      members: 2,
    });
    expect((await get("/apiSa/tiers")).data.settings.discountPrefix).toBe("VIP");
  });

  it("I-20: refuses calculating by number of orders; saves points/spend, prefixes, hide default tier", async () => {
    const base = { period: { kind: "lifetime" }, demotion: null, tagPrefix: "Joy" };
    const bad = await send("PUT", "/apiSa/b2b/tiers/settings", { ...base, basis: "orders" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "basis", message: "B2B tiers are calculated by points earned or amount spent." },
    ]);
    const res = await send("PUT", "/apiSa/b2b/tiers/settings", {
      ...base,
      basis: "amount_spent",
      discountPrefix: "PARTNER",
      hideDefaultTier: true,
      demotion: { action: "downgrade_tier", after: 6, unit: "month", notifyBeforeDays: 7 },
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: "Updated B2B tier",
      data: { settings: { discountPrefix: "PARTNER", hideDefaultTier: true, demotion: { after: 6 } } },
    });
    // VIP settings do not take the B2B-only field.
    const vip = await send("PUT", "/apiSa/tiers/settings", {
      ...base,
      basis: "amount_spent",
      hideDefaultTier: true,
    });
    expect(vip.statusCode).toBe(400);
  });

  it("I-19: a ladder with a base tier 0, entry rewards, perks and colours; names may repeat VIP's", async () => {
    await send("POST", "/apiSa/tiers", { name: "Gold", milestone: 0 });
    for (const [name, milestone, entryPoints] of [
      ["Partner", 0, 0],
      ["Gold", 100_000, 250],
    ] as const) {
      const res = await send("POST", "/apiSa/b2b/tiers", {
        name,
        milestone,
        entryPoints,
        perks: [`${name} net-30 terms`],
        cardColor: "#1F4B3F",
        backgroundColor: "#FFFFFF",
      });
      expect(res.json()).toMatchObject({ success: true, data: { name, milestone, entryPoints } });
      ids[name] = res.json().data.id;
    }
    const dup = await send("POST", "/apiSa/b2b/tiers", { name: "gold", milestone: 200_000 });
    expect(dup.statusCode).toBe(400);
    const exclusive = await send("POST", "/apiSa/b2b/tiers", {
      name: "Key",
      milestone: 300_000,
      exclusive: true,
    });
    expect(exclusive.json().errors).toEqual([
      { field: "exclusive", message: "B2B partner tiers cannot be exclusive" },
    ]);
    expect((await get("/apiSa/b2b/tiers")).data.tiers.map((x: { name: string }) => x.name)).toEqual([
      "Partner",
      "Gold",
    ]);
    expect((await get("/apiSa/tiers")).data.tiers.map((x: { name: string }) => x.name)).toEqual(["Gold"]);
  });

  it("a B2B tier is not reachable through the VIP routes, nor a VIP tier through B2B's", async () => {
    const vipGold = (await get("/apiSa/tiers")).data.tiers[0].id;
    expect((await send("DELETE", `/apiSa/tiers/${ids.Gold}`)).statusCode).toBe(404);
    expect((await send("PUT", `/apiSa/b2b/tiers/${vipGold}`, { name: "X", milestone: 0 })).statusCode).toBe(
      404,
    );
  });

  it("the privileges editor saves a B2B tier's entry reward and pre-tier reward", async () => {
    const res = await send("PUT", `/apiSa/b2b/tiers/${ids.Gold}/rewards`, {
      entryPoints: 300,
      entryCoupon: { discountType: "percentage", value: 10, minimumSubtotal: null, expiresInDays: 30 },
      preTier: { threshold: 80_000, points: 50 },
    });
    expect(res.json()).toMatchObject({
      success: true,
      data: { entryPoints: 300, entryCoupon: { value: 10 }, preTier: { threshold: 80_000 } },
    });
  });
});

describe("launch and live progress (I-10, I-11 over the B2B ladder)", () => {
  it("orders before launch; the preview counts company members only", async () => {
    await order("810001", "8100", "1200.00");
    await order("830001", "8300", "5000.00");
    await t.deps.queue.drain();
    const res = await send("POST", "/apiSa/b2b/tiers/preview");
    expect(res.json().data).toMatchObject({ members: 2, movedUp: 2 });
    expect(res.json().data.tiers).toEqual([
      { tierId: ids.Partner, name: "Partner", before: 0, after: 1 },
      { tierId: ids.Gold, name: "Gold", before: 0, after: 1 },
    ]);
    expect(await standings("b2b")).toEqual([]);
  });

  it("launch recalculates company members as a job; the DTC member gets no B2B tier", async () => {
    const res = await send("POST", "/apiSa/b2b/tiers/launch", { changeNotes: "B2B go-live" });
    expect(res.json().data).toMatchObject({ action: "launch_tier", status: "running", total: 2 });
    await t.deps.queue.drain();
    expect(await standings("b2b")).toEqual(["8100:Gold", "8200:Partner"]);
    const view = (await get("/apiSa/b2b/tiers")).data;
    expect(view).toMatchObject({ status: "launched", needsRelaunch: false, run: { status: "done" } });
    expect(view.tiers.map((x: { members: number }) => x.members)).toEqual([1, 1]);
    expect(
      (await get("/apiSa/b2b/tiers/runs")).data.map((r: { changeNotes: string }) => r.changeNotes),
    ).toEqual(["B2B go-live"]);
    // I-20 auto-tagging: 'Joy' + the B2B tier's name, on the platform (the demo store's tags).
    expect(await tagsOf("8100")).toEqual(["Joy Gold"]);
    expect(await tagsOf("8200")).toEqual(["Joy Partner"]);
    expect(await tagsOf("8300")).toEqual([]);
    // VIP is not launched: no VIP runs, no VIP standings.
    expect((await get("/apiSa/tiers/runs")).data).toEqual([]);
    expect(await standings("vip")).toEqual([]);
    // The entry reward of the B2B Gold tier, once.
    const bonus = await t.deps.db
      .selectFrom("ledger_entries as l")
      .innerJoin("customers as c", (j) =>
        j.onRef("c.shop_id", "=", "l.shop_id").onRef("c.id", "=", "l.customer_id"),
      )
      .select(["c.platform_customer_id", "l.available_delta"])
      .where("l.shop_id", "=", shop)
      .where("l.activity_type", "=", "earn_tier_bonus")
      .execute();
    expect(bonus).toEqual([{ platform_customer_id: "8100", available_delta: 300 }]);
  });

  it("I-20 'Sync tags' re-tags every company member standing in a B2B tier, as jobs", async () => {
    await t.deps.db.deleteFrom("demo_customer_tags").where("shop_id", "=", shop).execute();
    const res = await send("POST", "/apiSa/b2b/tiers/sync-tags");
    expect(res.json()).toMatchObject({
      success: true,
      message: "Synced tags processed",
      data: { members: 2 },
    });
    await t.deps.queue.drain();
    expect(await tagsOf("8100")).toEqual(["Joy Gold"]);
    expect(await tagsOf("8200")).toEqual(["Joy Partner"]);
    // VIP's sync is its own: VIP tiers are not launched here.
    expect((await send("POST", "/apiSa/tiers/sync-tags")).statusCode).toBe(409);
  });

  it("settings are locked while launched, with the B2B message", async () => {
    const res = await send("PUT", "/apiSa/b2b/tiers/settings", {
      basis: "points_earned",
      period: { kind: "lifetime" },
      demotion: null,
      tagPrefix: "Joy",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("B2B Tier is enabled, you must disable this feature to change settings");
  });

  it("a company member's order moves them up live; a DTC order moves nothing", async () => {
    await order("820001", "8200", "1500.00");
    await order("830002", "8300", "9000.00");
    await t.deps.queue.drain();
    expect(await standings("b2b")).toEqual(["8100:Gold", "8200:Gold"]);
    const changes = await t.deps.db
      .selectFrom("tier_changes")
      .select(["reason", "source_ref"])
      .where("shop_id", "=", shop)
      .where("to_tier_id", "=", ids.Gold ?? "")
      .orderBy("id")
      .execute();
    expect(changes.map((c) => c.reason)).toEqual(["launch", "order"]);
    expect(await tagsOf("8200")).toEqual(["Joy Gold"]);
  });

  it("a shop that no longer meets the requirements keeps its standings: orders move no B2B tier", async () => {
    await addMembers(t, ["8400"], clock.now());
    await t.deps.db
      .updateTable("customers")
      .set({ is_b2b: true })
      .where("shop_id", "=", shop)
      .where("platform_customer_id", "=", "8400")
      .execute();
    await updateShopRow(t, shop, { plan: "free" });
    try {
      await order("840001", "8400", "2500.00");
      await t.deps.queue.drain();
      expect(await standings("b2b")).toEqual(["8100:Gold", "8200:Gold"]);
    } finally {
      await updateShopRow(t, shop, { plan: "advanced" });
    }
    await order("840002", "8400", "10.00");
    await t.deps.queue.drain();
    expect(await standings("b2b")).toEqual(["8100:Gold", "8200:Gold", "8400:Gold"]);
  });

  it("I-20 demotion: the daily sweep downgrades inactive partners one tier, on the B2B ladder only", async () => {
    clock.set("2027-01-20T14:00:00Z");
    try {
      await sweepTierDemotionsJob.handle(t.deps, {});
      await t.deps.queue.drain();
      expect(await standings("b2b")).toEqual(["8100:Partner", "8200:Partner", "8400:Partner"]);
      const demotions = await t.deps.db
        .selectFrom("tier_changes")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("shop_id", "=", shop)
        .where("reason", "=", "demotion")
        .executeTakeFirstOrThrow();
      expect(Number(demotions.n)).toBe(3);
      const sweeps = await t.deps.db
        .selectFrom("tier_sweeps")
        .select(["program", "status", "demoted"])
        .where("shop_id", "=", shop)
        .execute();
      expect(sweeps).toEqual([{ program: "b2b", status: "done", demoted: 3 }]);
      expect(await tagsOf("8100")).toEqual(["Joy Partner"]);
      // Partners hear of the move in partner wording (decision 0177): one 'tier down' each.
      const mails = await t.deps.db
        .selectFrom("notifications")
        .select(["event", "data"])
        .where("shop_id", "=", shop)
        .where("event", "=", "tier_down")
        .execute();
      expect(mails).toHaveLength(3);
      expect(mails.every((m) => m.data.program === "b2b" && m.data.tier === "Partner")).toBe(true);
    } finally {
      clock.set("2026-06-15T14:00:00Z");
    }
  });

  it("deactivation stops it", async () => {
    const res = await send("POST", "/apiSa/b2b/tiers/deactivate");
    expect(res.json().data).toMatchObject({ action: "deactivated_tier" });
    expect((await get("/apiSa/b2b/tiers")).data.status).toBe("deactivated");
    expect((await get("/apiSa/membership")).data.b2b).toMatchObject({ status: "deactivated", tiers: 2 });
  });
});

const customerIdOf = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", shop)
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).id;

describe("a company member's partner tier on the customer page (I-18, decision 0177)", () => {
  it("reads each program the customer stands in: B2B only for a company member", async () => {
    const partner = (await get(`/apiSa/tiers/members/${await customerIdOf("8100")}`)).data;
    expect(partner.programs.map((p: { program: string }) => p.program)).toEqual(["vip", "b2b"]);
    expect(partner.programs[1]).toMatchObject({
      program: "b2b",
      status: "deactivated",
      changeable: false,
      basis: "amount_spent",
      directChange: false,
      tierId: null,
      tiers: [
        { id: ids.Partner, name: "Partner", milestone: 0, exclusive: false },
        { id: ids.Gold, name: "Gold", milestone: 100_000, exclusive: false },
      ],
    });
    const dtc = (await get(`/apiSa/tiers/members/${await customerIdOf("8300")}`)).data;
    expect(dtc.programs.map((p: { program: string }) => p.program)).toEqual(["vip"]);
    expect((await adminGet(t.app, "/apiSa/tiers/members/cus_nope", token)).statusCode).toBe(404);
  });

  it("refuses while partner tiers are not launched, on the amount-spent basis, and for a DTC member", async () => {
    const c8100 = await customerIdOf("8100");
    const notLaunched = await send("PUT", `/apiSa/b2b/tiers/members/${c8100}`, { tierId: ids.Gold });
    expect(notLaunched.statusCode).toBe(409);
    expect(notLaunched.json().code).toBe("b2b_tier_not_launched");

    // Relaunched on the amount-spent basis: a direct change would reset facts, not points.
    expect((await send("POST", "/apiSa/b2b/tiers/launch", {})).statusCode).toBe(200);
    await t.deps.queue.drain();
    const basis = await send("PUT", `/apiSa/b2b/tiers/members/${c8100}`, { tierId: ids.Gold });
    expect(basis.statusCode).toBe(409);
    expect(basis.json().code).toBe("tier_direct_change_basis");
    const dtc = await send("PUT", `/apiSa/b2b/tiers/members/${await customerIdOf("8300")}`, {
      tierId: ids.Gold,
    });
    expect(dtc.statusCode).toBe(409);
    expect(dtc.json()).toMatchObject({ code: "b2b_not_company_member" });
    const bad = await send("PUT", `/apiSa/b2b/tiers/members/${c8100}`, { tierId: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("tierId");
    // A VIP tier is not on the B2B ladder.
    const vipGold = (await get("/apiSa/tiers")).data.tiers[0].id;
    expect((await send("PUT", `/apiSa/b2b/tiers/members/${c8100}`, { tierId: vipGold })).statusCode).toBe(
      404,
    );
    expect((await send("POST", "/apiSa/b2b/tiers/deactivate")).statusCode).toBe(200);
  });

  it("on the points basis, moves the partner, resets tier points, pays the entry reward, records and e-mails it", async () => {
    expect(
      (
        await send("PUT", "/apiSa/b2b/tiers/settings", {
          basis: "points_earned",
          period: { kind: "lifetime" },
          demotion: null,
          tagPrefix: "Joy",
        })
      ).statusCode,
    ).toBe(200);
    expect((await send("POST", "/apiSa/b2b/tiers/launch", {})).statusCode).toBe(200);
    await t.deps.queue.drain();
    const c8200 = await customerIdOf("8200");
    const before = (await get(`/apiSa/tiers/members/${c8200}`)).data.programs[1];
    expect(before).toMatchObject({
      program: "b2b",
      changeable: true,
      directChange: true,
      tierName: "Partner",
    });

    const res = await send("PUT", `/apiSa/b2b/tiers/members/${c8200}`, {
      tierId: ids.Gold,
      grantEntryReward: true,
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: "Updated B2B tier",
      data: { tierId: ids.Gold, tierName: "Gold", exclusive: false, metric: 100_000 },
    });
    await t.deps.queue.drain();
    expect(await standings("b2b")).toContain("8200:Gold");
    expect(await tagsOf("8200")).toEqual(["Joy Gold"]);
    const entries = await t.deps.db
      .selectFrom("ledger_entries")
      .select(["activity_type", "tier_points_delta", "available_delta", "note"])
      .where("shop_id", "=", shop)
      .where("customer_id", "=", c8200)
      .where("activity_type", "in", ["adjust_tier_point", "earn_tier_bonus"])
      .orderBy("activity_type")
      .execute();
    expect(entries).toEqual([
      {
        activity_type: "adjust_tier_point",
        tier_points_delta: 100_000 - before.metric,
        available_delta: 0,
        note: "Gold",
      },
      { activity_type: "earn_tier_bonus", tier_points_delta: 0, available_delta: 300, note: "Gold" },
    ]);
    const change = await t.deps.db
      .selectFrom("tier_changes")
      .select(["reason", "from_tier_id"])
      .where("shop_id", "=", shop)
      .where("customer_id", "=", c8200)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(change).toEqual({ reason: "direct", from_tier_id: ids.Partner });
    // The profile's tier changes list it as a change made by hand.
    const history = (await get(`/apiSa/customers/${c8200}/tier-changes`)).data;
    expect(history.tierChanges[0]).toMatchObject({ fromTier: "Partner", toTier: "Gold", reason: "manual" });
    const mail = await t.deps.db
      .selectFrom("notifications")
      .select("data")
      .where("shop_id", "=", shop)
      .where("customer_id", "=", c8200)
      .where("event", "=", "tier_up")
      .where("idempotency_key", "like", "%direct:%")
      .execute();
    expect(mail.map((m) => m.data)).toEqual([expect.objectContaining({ tier: "Gold", program: "b2b" })]);
    // VIP is untouched.
    expect(await standings("vip")).toEqual([]);
  });
});
