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
import { orderBody } from "./order-payloads";

/**
 * Tier rewards (issue 10, I-04, I-09, I-25; decision 0135): the tier reward editor's rules, the
 * tier-up coupon granted on entering a tier (made on the platform by a job, logged in the member's
 * history), and the pre-tier reward paid once when a member comes within reach of a tier.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["9400", "9500", "9600"], clock.now());
});
afterAll(async () => {
  await t.close();
});

const send = (method: "POST" | "PUT", url: string, body?: unknown) =>
  adminSend(t.app, method, url, token, body);
const program = async () => (await adminGet(t.app, "/apiSa/tiers", token)).json().data;
const customerId = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).id;
const entries = async (platformId: string) =>
  t.deps.db
    .selectFrom("ledger_entries")
    .select(["activity_type", "available_delta", "note"])
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", await customerId(platformId))
    .where("activity_type", "in", ["earn_tier_bonus", "tier_up_coupon"])
    .orderBy("id")
    .execute();
const order = (id: string, customer: string, price: string) =>
  deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id, customerId: customer, lines: [{ id: `${id}1`, price, quantity: 1 }] }),
  );

const ids: Record<string, string> = {};
const goldCoupon = { discountType: "percentage", value: 15, minimumSubtotal: null, expiresInDays: 30 };

describe("the tier reward editor (I-25)", () => {
  it("a ladder: Bronze 0, Silver $200, Gold $500", async () => {
    for (const [name, milestone] of [
      ["Bronze", 0],
      ["Silver", 20_000],
      ["Gold", 50_000],
    ] as const) {
      ids[name] = (await send("POST", "/apiSa/tiers", { name, milestone })).json().data.id;
    }
  });

  it("saves entry points, a tier-up coupon and a pre-tier reward", async () => {
    const res = await send("PUT", `/apiSa/tiers/${ids.Gold}/rewards`, {
      entryPoints: 50,
      entryCoupon: goldCoupon,
      preTier: { threshold: 40_000, points: 25, coupon: null },
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: "Saved tier successfully",
      data: {
        entryPoints: 50,
        entryCoupon: goldCoupon,
        preTier: { threshold: 40_000, points: 25, coupon: null },
      },
    });
  });

  it("saving the tier itself keeps its rewards", async () => {
    await send("PUT", `/apiSa/tiers/${ids.Gold}`, { name: "Gold", milestone: 50_000 });
    const gold = (await program()).tiers.find((x: { id: string }) => x.id === ids.Gold);
    expect(gold).toMatchObject({ entryPoints: 50, entryCoupon: goldCoupon, preTier: { threshold: 40_000 } });
  });

  it.each([
    [
      { entryPoints: 0, preTier: { threshold: 10_000, points: 5 } },
      "preTier.threshold",
      "Pre-tier points must be more than the previous tier and less than this tier",
    ],
    [
      { entryPoints: 0, preTier: { threshold: 50_000, points: 5 } },
      "preTier.threshold",
      "Pre-tier points must be more than the previous tier and less than this tier",
    ],
    [
      { entryPoints: 0, preTier: { threshold: 30_000, points: 0 } },
      "preTier.points",
      "Give pre-tier points or a coupon, or remove the pre-tier reward",
    ],
    [
      { entryPoints: 0, entryCoupon: { discountType: "percentage", value: 150 } },
      "entryCoupon.value",
      "A percentage must be at most 100.",
    ],
    [
      { entryPoints: 0, entryCoupon: { discountType: "amount", value: 0 } },
      "entryCoupon.value",
      "Discount value must be at least 1.",
    ],
    [{ entryPoints: -1 }, "entryPoints", "Entry reward points must be at least 0."],
    [{}, "entryPoints", "Entry reward points must be a whole number."],
  ])("refuses %j: %s", async (body, field, message) => {
    const res = await send("PUT", `/apiSa/tiers/${ids.Gold}/rewards`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    const gold = (await program()).tiers.find((x: { id: string }) => x.id === ids.Gold);
    expect(gold.entryPoints).toBe(50);
  });

  it("the base tier has no tier below it, so no pre-tier reward; an unknown tier is 404", async () => {
    const base = await send("PUT", `/apiSa/tiers/${ids.Bronze}/rewards`, {
      entryPoints: 0,
      preTier: { threshold: 1, points: 5 },
    });
    expect(base.statusCode).toBe(400);
    expect((await send("PUT", "/apiSa/tiers/tier_nope/rewards", { entryPoints: 1 })).statusCode).toBe(404);
  });
});

describe("rewards paid (I-04, I-09)", () => {
  it("the discount code prefix (I-05) is the merchant's: letters and digits, kept when omitted", async () => {
    const base = (await program()).settings;
    expect(base.discountPrefix).toBe("VIP");
    const bad = await send("PUT", "/apiSa/tiers/settings", { ...base, discountPrefix: "gold club!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      field: "discountPrefix",
      message: "Discount code prefix may contain only letters and digits.",
    });
    expect((await send("PUT", "/apiSa/tiers/settings", { ...base, discountPrefix: "Club" })).statusCode).toBe(
      200,
    );
    const { discountPrefix: _omitted, ...withoutPrefix } = base;
    expect((await send("PUT", "/apiSa/tiers/settings", withoutPrefix)).statusCode).toBe(200);
    expect((await program()).settings.discountPrefix).toBe("Club");
  });

  it("the preview counts the tier-up coupons a launch would issue", async () => {
    await order("830001", "9400", "600.00");
    expect((await send("POST", "/apiSa/tiers/preview")).json().data).toMatchObject({
      entryRewardMembers: 1,
      entryRewardPoints: 50,
      entryRewardCoupons: 1,
    });
  });

  it("launching pays Gold's entry points and issues its coupon on the platform, once", async () => {
    await send("POST", "/apiSa/tiers/launch", { changeNotes: null, grantEntryRewards: true });
    await t.deps.queue.drain();
    const grant = await t.deps.db
      .selectFrom("tier_entry_grants")
      .selectAll()
      .where("customer_id", "=", await customerId("9400"))
      .executeTakeFirstOrThrow();
    expect(grant).toMatchObject({ kind: "entry", tier_id: ids.Gold, points: 50, coupon_status: "issued" });
    // Cleaned as every code is (D-09): upper case.
    expect(grant.coupon_code).toMatch(/^CLUB[A-Z2-9]{10}$/);
    const discount = await t.deps.db
      .selectFrom("demo_discounts")
      .select(["id", "request"])
      .where("code", "=", grant.coupon_code ?? "")
      .executeTakeFirstOrThrow();
    expect(discount.id).toBe(grant.platform_discount_id);
    expect(discount.request).toMatchObject({
      value: { kind: "percentage", percentage: 15 },
      customerPlatformId: "9400",
      usageLimit: 1,
      endsAt: "2026-07-15T14:00:00.000Z",
    });
    expect(await entries("9400")).toEqual([
      { activity_type: "earn_tier_bonus", available_delta: 50, note: "Gold" },
      { activity_type: "tier_up_coupon", available_delta: 0, note: `Gold: ${grant.coupon_code}` },
    ]);
    // The job run again finds nothing to issue.
    await t.deps.queue.drain();
    expect(await entries("9400")).toHaveLength(2);
  });

  it("coming within reach of Gold pays its pre-tier points once; reaching it pays its entry reward", async () => {
    await order("830002", "9500", "450.00");
    await order("830002", "9500", "450.00");
    expect(await entries("9500")).toEqual([
      { activity_type: "earn_tier_bonus", available_delta: 25, note: "Gold" },
    ]);
    await order("830003", "9500", "100.00");
    await t.deps.queue.drain();
    const kinds = (await entries("9500")).map((e) => [e.activity_type, e.available_delta]);
    expect(kinds).toEqual([
      ["earn_tier_bonus", 25],
      ["earn_tier_bonus", 50],
      ["tier_up_coupon", 0],
    ]);
  });
});

describe("the member's deal and coupons on the storefront (decision 0136)", () => {
  const proxy = (method: "GET" | "POST", path: string, customer: string) =>
    t.app.inject({ method, url: signedProxyUrl(t, path, { customer }) });

  it("a member sees their tier reward coupons; no deal while it is off", async () => {
    const view = (await proxy("GET", "/proxy/membership", "9400")).json().data;
    expect(view.deal).toBeNull();
    expect(view.coupons).toEqual([
      {
        code: expect.stringMatching(/^CLUB/),
        tierName: "Gold",
        kind: "entry",
        discountType: "percentage",
        value: 15,
        minimumSubtotal: null,
        expiresAt: "2026-07-15T14:00:00.000Z",
      },
    ]);
    expect((await proxy("GET", "/proxy/membership", "9600")).json().data).toEqual({
      deal: null,
      coupons: [],
    });
  });

  it("the Gold deal shows to Gold members only; each gets their own code, made once", async () => {
    await t.deps.db.updateTable("shops").set({ plan: "advanced" }).where("id", "=", "shop_demo").execute();
    const current = (await adminGet(t.app, "/apiSa/membership/exclusive-deal", token)).json().data;
    const saved = await send("PUT", "/apiSa/membership/exclusive-deal", {
      enabled: true,
      settings: {
        ...current.settings,
        name: "Gold week",
        eligibility: "tiers",
        tierIds: [ids.Gold],
        discountValue: 20,
      },
      design: current.design,
      image: null,
    });
    expect(saved.statusCode).toBe(200);

    const gold = (await proxy("GET", "/proxy/membership", "9400")).json().data.deal;
    expect(gold).toMatchObject({
      name: "Gold week",
      discountType: "percentage",
      discountValue: 20,
      code: null,
    });
    expect((await proxy("GET", "/proxy/membership", "9600")).json().data.deal).toBeNull();
    const refused = await proxy("POST", "/proxy/membership/deal", "9600");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("This members-only deal is not available to you");

    const first = (await proxy("POST", "/proxy/membership/deal", "9400")).json().data;
    expect(first.code).toMatch(/^DEAL[A-Z2-9]{10}$/);
    expect((await proxy("POST", "/proxy/membership/deal", "9400")).json().data.code).toBe(first.code);
    expect((await proxy("GET", "/proxy/membership", "9400")).json().data.deal.code).toBe(first.code);
    const discounts = await t.deps.db
      .selectFrom("demo_discounts")
      .select("request")
      .where("code", "=", first.code)
      .execute();
    expect(discounts).toHaveLength(1);
    expect(discounts[0]?.request).toMatchObject({
      value: { kind: "percentage", percentage: 20 },
      customerPlatformId: "9400",
      appliesOncePerCustomer: true,
    });
  });
});
