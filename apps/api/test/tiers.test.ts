import {
  tierDemotionActions as wireActions,
  tierBases as wireBases,
  tierUnits as wireUnits,
} from "@laurel/contracts";
import { tierBases, tierDemotionActions, tierUnits } from "@laurel/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signedProxyUrl,
  signIn,
  type TestApp,
} from "./helpers";
import { orderBody, refundBody } from "./order-payloads";

/**
 * VIP tiers end to end through the API (issue 10): the tier editor's rules (I-13), preview without
 * writes, launch as a job with progress (I-10, I-11), live progress through the order pipeline
 * exactly once, refunds, relaunch after a threshold change, deactivation (I-12, C-31), and the
 * shopper's tier on the storefront.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["9100", "9200", "9300"], clock.now());
});
afterAll(async () => {
  await t.close();
});

const program = async () => (await adminGet(t.app, "/apiSa/tiers", token)).json().data;
const send = (method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
  adminSend(t.app, method, url, token, body);
const customerId = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).id;
const tierOf = async (platformId: string) => {
  const row = await t.deps.db
    .selectFrom("customer_tiers")
    .select(["tier_id", "metric"])
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", await customerId(platformId))
    .executeTakeFirst();
  return row ?? null;
};
const bonusEntries = async (platformId: string) =>
  t.deps.db
    .selectFrom("ledger_entries")
    .select(["available_delta", "source_ref"])
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", await customerId(platformId))
    .where("activity_type", "=", "earn_tier_bonus")
    .orderBy("id")
    .execute();
const order = (id: string, customer: string, price: string) =>
  deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id, customerId: customer, lines: [{ id: `${id}1`, price, quantity: 1 }] }),
  );
const proxyTier = async (customer: string) =>
  (await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/customer", { customer }) })).json().data
    .tier;

const ids: Record<string, string> = {};

describe("the tier editor (I-04, I-13)", () => {
  it("wire vocabularies match the domain's", () => {
    expect(wireBases).toEqual(tierBases);
    expect(wireUnits).toEqual(tierUnits);
    expect(wireActions).toEqual(tierDemotionActions);
  });

  it("starts inactive with the X-74 defaults", async () => {
    expect(await program()).toMatchObject({
      status: "inactive",
      settings: { basis: "amount_spent", period: { kind: "lifetime" }, demotion: null, tagPrefix: "Joy" },
      tiers: [],
      run: null,
    });
  });

  it("saves a ladder: Bronze 0, Silver $200 (100 points on entry), Gold $500 (500 points)", async () => {
    for (const [name, milestone, entryPoints] of [
      ["Bronze", 0, 0],
      ["Silver", 20_000, 100],
      ["Gold", 50_000, 500],
    ] as const) {
      const res = await send("POST", "/apiSa/tiers", {
        name,
        milestone,
        entryPoints,
        perks: [`${name} perk`],
      });
      expect(res.json()).toMatchObject({ success: true, message: "Saved tier successfully" });
      ids[name] = res.json().data.id;
    }
    expect((await program()).tiers.map((x: { name: string }) => x.name)).toEqual([
      "Bronze",
      "Silver",
      "Gold",
    ]);
  });

  it.each([
    [{ name: "silver", milestone: 30_000 }, "name", "Duplicate tier name"],
    [{ name: "Platinum", milestone: 50_000 }, "milestone", "Duplicate tier target amount/points"],
    [
      { name: "VIP", milestone: 0, exclusive: true },
      "exclusive",
      "An exclusive tier cannot be the first tier",
    ],
    [{ name: "Platinum", milestone: -1 }, "milestone", "Milestone must be at least 0."],
    [{ name: "Platinum", milestone: 1, colour: "red" }, "colour", "Unknown field: colour."],
    [{ name: "  ", milestone: 1 }, "name", "Tier name is required."],
    [
      { name: "Platinum", milestone: 1, cardColor: "red" },
      "cardColor",
      "Colour must be a hex colour such as #1A2B3C.",
    ],
  ])("refuses %j: %s", async (body, field, message) => {
    const res = await send("POST", "/apiSa/tiers", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await program()).tiers).toHaveLength(3);
  });

  it("the base tier's milestone stays 0 (I-13)", async () => {
    const res = await send("PUT", `/apiSa/tiers/${ids.Bronze}`, { name: "Bronze", milestone: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: "milestone",
      message: "The base tier's milestone must be 0",
    });
  });

  it("an unknown tier is 404", async () => {
    expect((await send("PUT", "/apiSa/tiers/tier_nope", { name: "X", milestone: 5 })).statusCode).toBe(404);
    expect((await send("DELETE", "/apiSa/tiers/tier_nope")).statusCode).toBe(404);
  });
});

describe("launch (I-10, I-11) and live progress", () => {
  it("orders before launch move no tier", async () => {
    await order("810001", "9100", "250.00");
    await order("810002", "9200", "600.00");
    expect(await tierOf("9100")).toBeNull();
    expect(await proxyTier("9100")).toBeNull();
  });

  it("the preview says who lands where and what entry rewards cost, writing nothing", async () => {
    const res = await send("POST", "/apiSa/tiers/preview");
    expect(res.json().data).toMatchObject({
      members: 3,
      movedUp: 3,
      movedDown: 0,
      entryRewardMembers: 2,
      entryRewardPoints: 600,
    });
    expect(res.json().data.tiers).toEqual([
      { tierId: ids.Bronze, name: "Bronze", before: 0, after: 1 },
      { tierId: ids.Silver, name: "Silver", before: 0, after: 1 },
      { tierId: ids.Gold, name: "Gold", before: 0, after: 1 },
    ]);
    expect(await t.deps.db.selectFrom("customer_tiers").selectAll().execute()).toEqual([]);
  });

  it("launches: a job recalculates every member, records the run and pays entry rewards", async () => {
    const res = await send("POST", "/apiSa/tiers/launch", {
      changeNotes: "First ladder",
      grantEntryRewards: true,
    });
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        action: "launch_tier",
        status: "running",
        total: 3,
        changeNotes: "First ladder",
        actorEmail: "demo@laurel.test",
      },
    });
    await t.deps.queue.drain();
    const run = (await adminGet(t.app, `/apiSa/tiers/runs/${res.json().data.id}`, token)).json().data;
    expect(run).toMatchObject({ status: "done", done: 3, total: 3, grantEntryRewards: true });
    expect(await tierOf("9100")).toEqual({ tier_id: ids.Silver, metric: 25_000 });
    expect(await tierOf("9200")).toEqual({ tier_id: ids.Gold, metric: 60_000 });
    expect(await tierOf("9300")).toEqual({ tier_id: ids.Bronze, metric: 0 });
    expect((await bonusEntries("9200")).map((e) => e.available_delta)).toEqual([500]);
    const view = await program();
    expect(view).toMatchObject({ status: "launched", needsRelaunch: false });
    expect(view.tiers.map((x: { members: number }) => x.members)).toEqual([1, 1, 1]);
  });

  it("settings are locked while tiers are enabled (I-12)", async () => {
    const res = await send("PUT", "/apiSa/tiers/settings", {
      basis: "orders",
      period: { kind: "lifetime" },
      demotion: null,
      tagPrefix: "Joy",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("VIP Tier is enabled, you must disable this feature to change settings");
  });

  it("an order moves the shopper up, pays the entry reward once, and the storefront shows it", async () => {
    expect(await proxyTier("9100")).toEqual({
      name: "Silver",
      perks: ["Silver perk"],
      next: { name: "Gold", remaining: 25_000, progress: 16, unit: "money" },
    });
    const body = orderBody({
      id: "810003",
      customerId: "9100",
      lines: [{ id: "8100031", price: "300.00", quantity: 1 }],
    });
    await deliverWebhook(t, "orders/paid", body, { id: "wh-tier-up" });
    await deliverWebhook(t, "orders/paid", body, { id: "wh-tier-up-again" });
    expect(await tierOf("9100")).toEqual({ tier_id: ids.Gold, metric: 55_000 });
    expect((await bonusEntries("9100")).map((e) => e.available_delta)).toEqual([100, 500]);
    expect(await proxyTier("9100")).toEqual({ name: "Gold", perks: ["Gold perk"], next: null });
    const changes = await t.deps.db
      .selectFrom("tier_changes")
      .select(["from_tier_id", "to_tier_id", "reason", "source_ref"])
      .where("customer_id", "=", await customerId("9100"))
      .orderBy("id")
      .execute();
    expect(changes).toEqual([
      { from_tier_id: null, to_tier_id: ids.Silver, reason: "launch", source_ref: null },
      { from_tier_id: ids.Silver, to_tier_id: ids.Gold, reason: "order", source_ref: "810003" },
    ]);
  });

  it("a refund takes the tier back down; moving up again pays no second entry reward", async () => {
    await deliverWebhook(
      t,
      "refunds/create",
      refundBody({ id: "820001", orderId: "810003", amount: "100.00", lineId: "8100031" }),
    );
    expect(await tierOf("9100")).toEqual({ tier_id: ids.Silver, metric: 45_000 });
    await order("810004", "9100", "80.00");
    expect(await tierOf("9100")).toEqual({ tier_id: ids.Gold, metric: 53_000 });
    expect((await bonusEntries("9100")).map((e) => e.available_delta)).toEqual([100, 500]);
  });
});

describe("relaunch after a change, and deactivation", () => {
  it("a changed threshold waits for a relaunch; the preview shows the move", async () => {
    const res = await send("PUT", `/apiSa/tiers/${ids.Gold}`, {
      name: "Gold",
      milestone: 58_000,
      entryPoints: 500,
    });
    expect(res.statusCode).toBe(200);
    expect(await program()).toMatchObject({ needsRelaunch: true });
    expect(await tierOf("9100")).toMatchObject({ tier_id: ids.Gold });
    const preview = (await send("POST", "/apiSa/tiers/preview")).json().data;
    expect(preview).toMatchObject({ members: 3, movedUp: 0, movedDown: 1, entryRewardPoints: 0 });
  });

  it("relaunch applies it", async () => {
    const res = await send("POST", "/apiSa/tiers/launch", {
      changeNotes: "Gold at $580",
      grantEntryRewards: false,
    });
    expect(res.json().data.action).toBe("relaunch_tier");
    await t.deps.queue.drain();
    expect(await tierOf("9100")).toEqual({ tier_id: ids.Silver, metric: 53_000 });
    expect(await tierOf("9200")).toEqual({ tier_id: ids.Gold, metric: 60_000 });
    expect(await program()).toMatchObject({
      needsRelaunch: false,
      run: { status: "done", action: "relaunch_tier" },
    });
    const runs = (await adminGet(t.app, "/apiSa/tiers/runs", token)).json().data;
    expect(runs.map((r: { action: string }) => r.action)).toEqual(["relaunch_tier", "launch_tier"]);
  });

  it("an exclusive tier is assigned by hand and holds against orders; unassigning returns the tier from the metric (I-17)", async () => {
    const created = await send("POST", "/apiSa/tiers", {
      name: "Inner circle",
      milestone: 1,
      exclusive: true,
    });
    expect(created.statusCode).toBe(200);
    ids.Inner = created.json().data.id;
    await send("POST", "/apiSa/tiers/launch", { changeNotes: "Inner circle", grantEntryRewards: false });
    await t.deps.queue.drain();
    const member = await customerId("9300");
    const assigned = await send("PUT", `/apiSa/tiers/members/${member}`, { tierId: ids.Inner });
    expect(assigned.json().data).toMatchObject({
      tierId: ids.Inner,
      tierName: "Inner circle",
      exclusive: true,
    });
    expect(await proxyTier("9300")).toEqual({ name: "Inner circle", perks: [], next: null });
    await order("810005", "9300", "600.00");
    expect(await tierOf("9300")).toEqual({ tier_id: ids.Inner, metric: 60_000 });
    const unassigned = await send("PUT", `/apiSa/tiers/members/${member}`, { tierId: null });
    expect(unassigned.json().data).toMatchObject({ tierId: ids.Gold, exclusive: false, metric: 60_000 });
    const reasons = await t.deps.db
      .selectFrom("tier_changes")
      .select(["to_tier_id", "reason"])
      .where("customer_id", "=", member)
      .where("reason", "=", "exclusive")
      .orderBy("id")
      .execute();
    expect(reasons).toEqual([
      { to_tier_id: ids.Inner, reason: "exclusive" },
      { to_tier_id: ids.Gold, reason: "exclusive" },
    ]);
  });

  it("the profile's VIP tier changes list the member's changes newest first, with names and reasons (J-04)", async () => {
    const member = await customerId("9300");
    const res = await adminGet(t.app, `/apiSa/customers/${member}/tier-changes?pageSize=2`, token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.tierChanges).toEqual([
      expect.objectContaining({
        fromTier: "Inner circle",
        toTier: "Gold",
        toTierId: ids.Gold,
        reason: "exclusive",
      }),
      expect.objectContaining({
        fromTier: "Bronze",
        toTier: "Inner circle",
        fromTierId: ids.Bronze,
        toTierId: ids.Inner,
        reason: "exclusive",
      }),
    ]);
    expect(data.tierChanges[0].createdAt).toBe("2026-06-15T14:00:00.000Z");
    expect(typeof data.timeZone).toBe("string");
    const all = await t.deps.db
      .selectFrom("tier_changes")
      .select(["reason"])
      .where("customer_id", "=", member)
      .orderBy("id", "desc")
      .execute();
    expect(data.pageInfo).toEqual({ page: 1, pageSize: 2, total: all.length, hasNextPage: all.length > 2 });
    // Orders and the launch come before, on later pages; stored reasons are named for the merchant.
    const rest = (
      await adminGet(t.app, `/apiSa/customers/${member}/tier-changes?page=2&pageSize=2`, token)
    ).json().data.tierChanges;
    expect(rest.map((c: { reason: string }) => c.reason)).toEqual(
      all
        .slice(2, 4)
        .map((c) => ({ direct: "manual", migrate_tier: "migration" })[c.reason as string] ?? c.reason),
    );
    // Another member's: a launch, orders and a relaunch moved them; past the last page, nothing.
    const other = await customerId("9100");
    const theirs = (await adminGet(t.app, `/apiSa/customers/${other}/tier-changes?pageSize=50`, token)).json()
      .data.tierChanges;
    expect(theirs.map((c: { reason: string }) => c.reason)).toContain("relaunch");
    expect(theirs.at(-1)).toMatchObject({ fromTier: null, fromTierId: null });
    const none = (await adminGet(t.app, `/apiSa/customers/${other}/tier-changes?page=9`, token)).json().data;
    expect(none.tierChanges).toEqual([]);
    expect((await adminGet(t.app, "/apiSa/customers/cus_nope/tier-changes", token)).statusCode).toBe(404);
    const bad = await adminGet(t.app, `/apiSa/customers/${member}/tier-changes?pageSize=500`, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("pageSize");
  });

  it("a direct change needs the points basis; unknown tiers and customers are 404", async () => {
    const member = await customerId("9300");
    const direct = await send("PUT", `/apiSa/tiers/members/${member}`, { tierId: ids.Silver });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error).toBe("A direct tier change needs tiers calculated by points earned.");
    expect((await send("PUT", `/apiSa/tiers/members/${member}`, { tierId: "tier_nope" })).statusCode).toBe(
      404,
    );
    expect((await send("PUT", "/apiSa/tiers/members/cus_nope", { tierId: null })).statusCode).toBe(404);
    const bad = await send("PUT", `/apiSa/tiers/members/${member}`, { tier: ids.Silver });
    expect(bad.statusCode).toBe(400);
  });

  it("deactivation turns VIP-only place-order programs to all members (C-31) and hides the tier", async () => {
    await t.deps.db
      .updateTable("programs")
      .set({ config: JSON.stringify({ earnPoint: 1, applyTo: "vip_tier", vipTierIds: [ids.Gold] }) })
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "place_order")
      .execute();
    const res = await send("POST", "/apiSa/tiers/deactivate");
    expect(res.json()).toMatchObject({ success: true, data: { action: "deactivated_tier", status: "done" } });
    const placeOrder = await t.deps.db
      .selectFrom("programs")
      .select("config")
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "place_order")
      .executeTakeFirstOrThrow();
    expect(placeOrder.config).toMatchObject({ applyTo: "member", vipTierIds: [] });
    expect(await proxyTier("9100")).toBeNull();
    expect((await program()).status).toBe("deactivated");
    expect((await send("POST", "/apiSa/tiers/deactivate")).statusCode).toBe(409);
  });

  it("settings can change once tiers are off", async () => {
    const res = await send("PUT", "/apiSa/tiers/settings", {
      basis: "orders",
      period: { kind: "yearly", month: 7, day: 1 },
      demotion: { action: "downgrade_tier", after: 6, unit: "month", notifyBeforeDays: 7 },
      tagPrefix: "Joy",
    });
    expect(res.json()).toMatchObject({ success: true, message: "Updated VIP tier" });
    expect((await program()).settings.period).toEqual({ kind: "yearly", month: 7, day: 1 });
    const bad = await send("PUT", "/apiSa/tiers/settings", {
      basis: "orders",
      period: { kind: "yearly", month: 2, day: 30 },
      demotion: null,
      tagPrefix: "Joy",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      field: "period.day",
      message: "Reset day must exist in that month.",
    });
  });

  it("on points earned, a direct change resets tier points to the tier's entry points (I-18)", async () => {
    const settings = await send("PUT", "/apiSa/tiers/settings", {
      basis: "points_earned",
      period: { kind: "lifetime" },
      demotion: null,
      tagPrefix: "Joy",
    });
    expect(settings.statusCode).toBe(200);
    await send("POST", "/apiSa/tiers/launch", { changeNotes: "By points", grantEntryRewards: false });
    await t.deps.queue.drain();
    const member = await customerId("9300");
    expect(await tierOf("9300")).toMatchObject({ tier_id: ids.Bronze });
    const res = await send("PUT", `/apiSa/tiers/members/${member}`, {
      tierId: ids.Silver,
      grantEntryReward: true,
    });
    expect(res.json().data).toMatchObject({ tierId: ids.Silver, exclusive: false, metric: 20_000 });
    const customer = await t.deps.db
      .selectFrom("customers")
      .select("tier_points")
      .where("id", "=", member)
      .executeTakeFirstOrThrow();
    expect(customer.tier_points).toBe(20_000);
    expect((await bonusEntries("9300")).map((e) => e.available_delta)).toEqual([100]);
  });
});
