import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { markShopChanged } from "../src/infra/shop-changes";
import { grantShopDateRewards } from "../src/modules/earn-dates/earn-dates.service";
import { issueEarnedCoupon } from "../src/modules/earned-coupons/earned-coupons.service";
import {
  adminSend,
  createTestApp,
  deliverWebhook,
  signedProxyUrl,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * Issue 15, decision 0155: a birthday (G-01) or milestone (F-03) reward paid as a discount becomes
 * one coupon per period or milestone, created through the platform port by `issue-earned-coupon`,
 * listed in the widget's coupons and e-mailed; the shopper cannot revoke it for points.
 */
const SHOP = "shop_demo";
const ZONE = "America/New_York";
const clock = fixedClock("2026-05-20T15:00:00Z");
let t: TestApp;
let token: string;

async function member(platformId: string, email: string, birthday?: { month: number; day: number }) {
  await t.deps.db.transaction().execute(async (trx) => {
    const { ensureCustomer } = await import("../src/modules/customers/customers.service");
    await ensureCustomer(
      t.deps,
      trx,
      SHOP,
      { platformCustomerId: platformId, email, firstName: "T", lastName: platformId },
      "member",
      new Date("2025-01-01T12:00:00Z"),
    );
  });
  if (birthday) {
    await t.deps.db
      .updateTable("customers")
      .set({ birth_month: birthday.month, birth_day: birthday.day })
      .where("shop_id", "=", SHOP)
      .where("platform_customer_id", "=", platformId)
      .execute();
  }
}
const customerOf = (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", SHOP)
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
async function couponsOf(platformId: string) {
  const c = await customerOf(platformId);
  return t.deps.db
    .selectFrom("coupons")
    .selectAll()
    .where("shop_id", "=", SHOP)
    .where("customer_id", "=", c.id)
    .orderBy("created_at")
    .execute();
}
const proxy = (method: "GET" | "POST", path: string, customer: string) =>
  t.app.inject({ method, url: signedProxyUrl(t, path, { customer }) });
async function createProgram(body: Record<string, unknown>) {
  const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
    status: "active",
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  token = (await signIn(t.app)).token;
  const shop = await t.deps.db
    .selectFrom("shops")
    .select("platform_info")
    .where("id", "=", SHOP)
    .executeTakeFirstOrThrow();
  await updateShopRow(t, SHOP, {
    plan: "advanced",
    platform_info: JSON.stringify({ ...shop.platform_info, ianaTimezone: ZONE }) as never,
  });
  // The demo seed's own birthday and milestone programs would add their rewards: the test's replace them.
  await t.deps.db
    .deleteFrom("programs")
    .where("shop_id", "=", SHOP)
    .where("event", "in", ["birthday", "milestone"])
    .execute();
  markShopChanged(SHOP);
});
afterAll(async () => {
  await t?.close();
});

describe("G-01 a birthday discount reward", () => {
  it("becomes one coupon per birthday however many passes run, issued and e-mailed once", async () => {
    await createProgram({
      title: "Birthday treat",
      event: "birthday",
      config: {
        rewardMethod: "discount_percentage",
        rewardValue: 15,
        discountPrefix: "bday",
        discountExpiryDays: 30,
        minimumRequirement: "amount",
        minimumValue: 2500,
      },
    });
    await member("7701", "rosa@example.com", { month: 5, day: 21 });
    clock.set("2026-05-21T05:00:00Z"); // 01:00 on 21 May in New York
    await Promise.all([
      grantShopDateRewards(t.deps, SHOP, null),
      grantShopDateRewards(t.deps, SHOP, null),
      grantShopDateRewards(t.deps, SHOP, null),
    ]);
    await grantShopDateRewards(t.deps, SHOP, null);
    const rows = await couponsOf("7701");
    expect(rows).toHaveLength(1);
    const [coupon] = rows;
    if (!coupon) throw new Error("no coupon");
    const rosa = await customerOf("7701");
    expect(coupon).toMatchObject({
      points: 0,
      hold_id: null,
      earned_by: `birthday:${rosa.id}:2026`,
      platform_discount_id: null,
      status: "available",
    });
    expect(coupon.code).toMatch(/^BDAY-[A-Z2-9]{10}$/);
    expect(coupon.expires_at?.toISOString()).toBe("2026-06-20T05:00:00.000Z");
    expect(rosa.available_points).toBe(0);

    // Not in the widget until the platform has the code.
    const before = await proxy("GET", "/proxy/coupons", "7701");
    expect(before.json().data.coupons).toEqual([]);

    await issueEarnedCoupon(t.deps, SHOP, coupon.id);
    await issueEarnedCoupon(t.deps, SHOP, coupon.id); // a retried job changes nothing
    const discounts = await t.deps.db
      .selectFrom("demo_discounts")
      .selectAll()
      .where("shop_id", "=", SHOP)
      .where("code", "=", coupon.code)
      .execute();
    expect(discounts).toHaveLength(1);
    const request = discounts[0]?.request as Record<string, unknown>;
    expect(request).toMatchObject({
      value: { kind: "percentage", percentage: 15 },
      minimum: { subtotal: { amount: 2500 } },
      customerPlatformId: "7701",
      usageLimit: 1,
    });

    const listed = await proxy("GET", "/proxy/coupons", "7701");
    expect(listed.json().data.coupons).toMatchObject([
      { code: coupon.code, title: "Birthday treat", points: 0, reward: { kind: "percentage", value: 15 } },
    ]);
    const mails = await t.deps.db
      .selectFrom("notifications")
      .select(["event", "data"])
      .where("shop_id", "=", SHOP)
      .where("customer_id", "=", rosa.id)
      .execute();
    expect(mails).toEqual([
      {
        event: "reward_redeemed",
        data: expect.objectContaining({ code: coupon.code, reward: "Birthday treat" }),
      },
    ]);

    // The widget's birthday shows the reward as received.
    const view = await proxy("GET", "/proxy/earn-dates", "7701");
    expect(view.json().data.birthday).toMatchObject({ state: "done", rewardMethod: "discount_percentage" });

    // Nothing to give back: the shopper cannot revoke it for points.
    const revoke = await proxy("POST", `/proxy/coupons/${coupon.id}/revoke`, "7701");
    expect(revoke.statusCode).toBe(422);
    expect((await couponsOf("7701"))[0]?.status).toBe("available");
  });

  it("next year's birthday earns the next coupon, with another code", async () => {
    clock.set("2027-05-21T15:00:00Z");
    await grantShopDateRewards(t.deps, SHOP, null);
    const rows = await couponsOf("7701");
    expect(rows.map((r) => r.earned_by?.split(":").at(-1))).toEqual(["2026", "2027"]);
    expect(new Set(rows.map((r) => r.code)).size).toBe(2);
  });
});

describe("F-03 milestone coupon actions", () => {
  it("crossing an order-count milestone earns its coupon once; bonus points stay points", async () => {
    clock.set("2027-06-01T15:00:00Z");
    token = (await signIn(t.app)).token;
    await createProgram({
      title: "Third order",
      event: "milestone",
      config: {
        typeMilestone: "milestone_order",
        progression: "all",
        milestones: [
          { value: 1, action: "bonus_point", earnPoint: 20 },
          { value: 2, action: "amount", rewardValue: 500 },
          { value: 3, action: "free_shipping" },
        ],
      },
    });
    await member("7702", "otto@example.com");
    const order = (id: string) => orderBody({ id, customerId: "7702", email: "otto@example.com" });
    await deliverWebhook(t, "orders/paid", order("9800001"));
    expect(await couponsOf("7702")).toEqual([]);
    expect((await customerOf("7702")).available_points).toBeGreaterThanOrEqual(20);
    await deliverWebhook(t, "orders/paid", order("9800002"));
    await deliverWebhook(t, "orders/paid", order("9800002"));
    const rows = await couponsOf("7702");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      points: 0,
      reward: expect.objectContaining({ kind: "amount", value: 500 }),
    });
    expect(rows[0]?.code).toMatch(/^MILESTONE-/);
    await deliverWebhook(t, "orders/paid", order("9800003"));
    const after = await couponsOf("7702");
    expect(after.map((r) => (r.reward as { kind: string }).kind)).toEqual(["amount", "free_shipping"]);
    for (const r of after) await issueEarnedCoupon(t.deps, SHOP, r.id);
    const issued = await t.deps.db
      .selectFrom("demo_discounts")
      .select(["code", "request"])
      .where("shop_id", "=", SHOP)
      .where(
        "code",
        "in",
        after.map((r) => r.code),
      )
      .execute();
    expect(issued.map((d) => (d.request as { value: { kind: string } }).value.kind).sort()).toEqual([
      "amount",
      "free_shipping",
    ]);
  });
});

describe("G-01 gift product and buy X get Y birthdays", () => {
  const only = async (config: Record<string, unknown>) => {
    await t.deps.db
      .deleteFrom("programs")
      .where("shop_id", "=", SHOP)
      .where("event", "=", "birthday")
      .execute();
    markShopChanged(SHOP);
    // The clock moves between tests, and a session token lives a minute.
    token = (await signIn(t.app)).token;
    return createProgram({ title: "Birthday gift", event: "birthday", config });
  };
  const requestOf = async (code: string) =>
    (
      await t.deps.db
        .selectFrom("demo_discounts")
        .select("request")
        .where("shop_id", "=", SHOP)
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).request as Record<string, unknown>;

  it("refuses a gift product or buy X get Y birthday without its product, naming the field", async () => {
    for (const [config, field, message] of [
      [{ rewardMethod: "gift_product" }, "config.giftProductId", "Choose the gift product"],
      [{ rewardMethod: "buy_x_get_y" }, "config.bxgyProductId", "Choose the product the shopper gets"],
      [
        { rewardMethod: "buy_x_get_y", bxgyProductId: "632910392", bxgyGetQuantity: 0 },
        "config.bxgyGetQuantity",
        "Quantity must be between 1 and 100",
      ],
    ] as const) {
      const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
        status: "active",
        title: "Birthday gift",
        event: "birthday",
        config,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
  });

  it("a gift product birthday earns a code for one of that product, free", async () => {
    await only({
      rewardMethod: "gift_product",
      rewardValue: null,
      giftProductId: "632910392",
      discountPrefix: "gift",
    });
    await member("7711", "gina@example.com", { month: 6, day: 10 });
    clock.set("2027-06-10T15:00:00Z");
    await grantShopDateRewards(t.deps, SHOP, null);
    const [coupon] = await couponsOf("7711");
    if (!coupon) throw new Error("no coupon");
    expect(coupon.code).toMatch(/^GIFT-/);
    expect(coupon.reward).toMatchObject({ kind: "free_gift", productId: "632910392" });
    await issueEarnedCoupon(t.deps, SHOP, coupon.id);
    expect(await requestOf(coupon.code)).toMatchObject({
      value: { kind: "free_product", productIds: ["632910392"], quantity: 1 },
      customerPlatformId: "7711",
      usageLimit: 1,
    });
    expect((await customerOf("7711")).available_points).toBe(0);
  });

  it("a buy X get Y birthday earns a code: buy 2 of anything, get 1 of the product free, no minimum", async () => {
    await only({
      rewardMethod: "buy_x_get_y",
      rewardValue: null,
      bxgyBuyQuantity: 2,
      bxgyGetQuantity: 1,
      bxgyProductId: "632910392",
      discountPrefix: "bxgy",
    });
    await member("7712", "bo@example.com", { month: 6, day: 11 });
    clock.set("2027-06-11T15:00:00Z");
    await grantShopDateRewards(t.deps, SHOP, null);
    const [coupon] = await couponsOf("7712");
    if (!coupon) throw new Error("no coupon");
    await issueEarnedCoupon(t.deps, SHOP, coupon.id);
    expect(await requestOf(coupon.code)).toMatchObject({
      value: {
        kind: "buy_x_get_y",
        buys: { quantity: 2, items: { all: true } },
        gets: { quantity: 1, items: { productIds: ["632910392"] }, percentage: 100 },
      },
      minimum: null,
    });
    const listed = await proxy("GET", "/proxy/coupons", "7712");
    expect(listed.json().data.coupons).toMatchObject([
      { code: coupon.code, title: "Birthday gift", points: 0 },
    ]);
  });
});
