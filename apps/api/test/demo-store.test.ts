/** The demo store and Laurel together: pages, cart, codes, checkout through the real webhook path. */
import { DEMO_SHOPPERS } from "@laurel/db";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { Browser, createDemoStoreApp, laurelCustomer, orderIdOf, points } from "./demo-store.test-support";
import { adminSend, signIn, type TestApp } from "./helpers";

const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
let shop: { shopId: string; shopDomain: string };
const [AVA, BEN, CLEO] = DEMO_SHOPPERS;

beforeAll(async () => {
  ({ t, shop } = await createDemoStoreApp(clock));
});
afterAll(async () => {
  await t.close();
});

const laurelCustomerId = (platformCustomerId: string) => laurelCustomer(t, shop.shopId, platformCustomerId);

describe("pages", () => {
  it("tells the widget who is signed in and which page it is on", async () => {
    const b = new Browser(t);
    await b.signIn(AVA);
    expect((await b.get("/demo-store/cart")).body).toContain(
      `data-laurel-page="cart" data-laurel-customer="${AVA.customerId}"`,
    );
    expect((await b.get("/demo-store")).body).toContain('data-laurel-page="home"');
    expect((await b.get("/demo-store/account")).body).toContain('data-laurel-page="account"');
  });
});

describe("cart", () => {
  it("keeps the cart in a cookie: add, update, remove", async () => {
    const b = new Browser(t);
    await b.post("/demo-store/cart/add", { handle: "merino-beanie", quantity: "2" });
    await b.post("/demo-store/cart/add", { handle: "merino-beanie", quantity: "1" });
    await b.post("/demo-store/cart/add", { handle: "no-such-product", quantity: "1" });
    let cart = await b.get("/demo-store/cart");
    expect(cart.body).toContain('data-testid="cart-count">3<');
    expect(cart.body).toContain("$78.00");
    await b.post("/demo-store/cart/update", { handle: "merino-beanie", quantity: "1" });
    cart = await b.get("/demo-store/cart");
    expect(cart.body).toContain("$32.00"); // $26.00 + $6.00 shipping
    await b.post("/demo-store/cart/update", { handle: "merino-beanie", quantity: "0" });
    expect((await b.get("/demo-store/cart")).body).toContain("Your cart is empty.");
    // A mangled cookie is an empty cart, never an error.
    b.cookies.set("demo_cart", "not-base64-json");
    expect((await b.get("/demo-store/cart")).statusCode).toBe(200);
  });
});

describe("discount codes at checkout", () => {
  it("a Laurel reward code: applied at checkout, marked used on the platform, and Laurel marks its coupon used from the order webhook", async () => {
    const b = new Browser(t);
    await b.signIn(AVA);
    const customer = await laurelCustomerId(AVA.customerId);
    const { token } = await signIn(t.app);
    const grant = await adminSend(t.app, "POST", `/apiSa/customers/${customer?.id}/points`, token, {
      points: 1000,
      note: "demo store test",
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const program = (await b.laurel()) as unknown as { waysToRedeem: { programId: string }[] };
    const redeem = await b.json("POST", "/apps/laurel/redeem", {
      programId: program.waysToRedeem[0]?.programId,
    });
    expect(redeem.statusCode, redeem.body).toBe(200);
    const code = redeem.json().data.coupon.code as string;

    // Another shopper may not use Ava's code.
    const ben = new Browser(t);
    await ben.signIn(BEN);
    await ben.post("/demo-store/cart/add", { handle: "laurel-wreath-tee", quantity: "1" });
    await ben.post("/demo-store/cart/discount", { code });
    expect((await ben.get("/demo-store/cart")).body).toContain("belongs to another customer");

    await b.post("/demo-store/cart/add", { handle: "laurel-wreath-tee", quantity: "3" });
    await b.post("/demo-store/cart/discount", { code: code.toLowerCase() });
    const cartPage = await b.get("/demo-store/cart");
    expect(cartPage.body).toContain('data-testid="discount-applied"');
    expect(cartPage.body).toContain("−$5.00");
    const placed = await b.checkout([]);
    expect(placed.statusCode, placed.body).toBe(303);

    const row = await t.deps.db
      .selectFrom("demo_discounts")
      .select(["used_count", "last_used_at"])
      .where("shop_id", "=", shop.shopId)
      .where(sql<boolean>`upper(code) = upper(${code})`)
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    await expect
      .poll(async () => {
        const coupons = await b.json("GET", "/apps/laurel/coupons");
        return coupons.json().data.coupons.find((c: { code: string }) => c.code === code)?.status;
      })
      .toBe("redeemed");
    // Used once: a second checkout refuses it.
    await b.post("/demo-store/cart/add", { handle: "laurel-wreath-tee", quantity: "1" });
    await b.post("/demo-store/cart/discount", { code });
    expect((await b.get("/demo-store/checkout")).body).toMatch(/usage limit|already used/);
  });
});

describe("checkout → Laurel, through the real webhook path", () => {
  it("a signed-in member checks out; orders/create and orders/paid credit the points; cancel takes them back", async () => {
    const b = new Browser(t);
    await b.signIn(BEN);
    const before = (await b.laurel()).customer?.availablePoints ?? 0;
    // 5 tees: $140.00, free shipping → 14 points at the default 10 points per $100.
    const placed = await b.checkout([["laurel-wreath-tee", 5]]);
    expect(placed.statusCode, placed.body).toBe(303);
    const orderId = orderIdOf(placed);
    const page = await b.get(String(placed.headers.location));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Your order is confirmed");
    expect(page.body).toContain("$140.00");
    expect(page.body).toContain("Sent to Laurel: orders/create, orders/paid.");
    expect(page.body).not.toContain('data-testid="delivery-failed"');
    await expect.poll(points(b)).toBe(before + 14);
    // The history names the order each entry came from (the widget shows "#1001").
    const orderName = /data-testid="order-title">Order (#\d+)/.exec(page.body)?.[1];
    const history = await b.json("GET", "/apps/laurel/activities?page=1&pageSize=5");
    expect(history.json().data.activities[0]).toMatchObject({
      activityType: "earn_place_order",
      points: 14,
      orderName,
    });

    const deliveries = await t.deps.db
      .selectFrom("webhook_deliveries")
      .select(["topic", "webhook_id"])
      .where("shop_id", "=", shop.shopId)
      .where(
        "webhook_id",
        "in",
        (
          await t.deps.db
            .selectFrom("demo_webhook_deliveries")
            .select("webhook_id")
            .where("order_id", "=", orderId)
            .execute()
        ).map((d) => d.webhook_id),
      )
      .execute();
    expect(deliveries.map((d) => d.topic).sort()).toEqual(["orders/create", "orders/paid"]);

    const account = await b.get("/demo-store/account");
    expect(account.body).toContain(`/demo-store/orders/${orderId}`);

    const cancelled = await b.post(`/demo-store/orders/${orderId}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    const after = await b.get(String(cancelled.headers.location));
    expect(after.body).toContain('data-testid="order-status">Cancelled<');
    expect(after.body).toContain("orders/cancelled, refunds/create");
    await expect.poll(points(b)).toBe(before);
    expect((await b.post(`/demo-store/orders/${orderId}/cancel`)).statusCode).toBe(409);
  });

  it("refund one line, then everything: Laurel reverses pro rata, then the rest", async () => {
    const b = new Browser(t);
    await b.signIn(AVA);
    const before = (await b.laurel()).customer?.availablePoints ?? 0;
    // $112.00 + $60.00 = $172.00 → 17 points.
    const placed = await b.checkout([
      ["laurel-wreath-tee", 4],
      ["trail-water-bottle", 2],
    ]);
    const orderId = orderIdOf(placed);
    await expect.poll(points(b)).toBe(before + 17);
    const page = await b.get(`/demo-store/orders/${orderId}`);
    const lineIds = [...page.body.matchAll(/name="line" value="(\d+)"/g)].map((m) => m[1] as string);
    expect(lineIds).toHaveLength(2);

    const partial = await b.post(`/demo-store/orders/${orderId}/refund`, { line: lineIds[1] as string });
    expect(partial.statusCode).toBe(303);
    await expect.poll(points(b)).toBeLessThan(before + 17);
    const afterPartial = (await b.laurel()).customer?.availablePoints ?? 0;
    expect(afterPartial).toBeGreaterThan(before);
    const mid = await b.get(`/demo-store/orders/${orderId}`);
    expect(mid.body).toContain("Partially refunded");
    expect(mid.body).toContain("(2 refunded)");

    expect((await b.post(`/demo-store/orders/${orderId}/refund`)).statusCode).toBe(303);
    await expect.poll(points(b)).toBe(before);
    const done = await b.get(`/demo-store/orders/${orderId}`);
    expect(done.body).toContain('data-testid="order-status">Refunded<');
    expect(done.body).toContain("−$172.00");
    expect((await b.post(`/demo-store/orders/${orderId}/refund`)).statusCode).toBe(409);
  });

  it("a guest checks out and reaches the order with its key only", async () => {
    const b = new Browser(t);
    const placed = await b.checkout([["olive-grove-candle", 1]]);
    expect(placed.statusCode, placed.body).toBe(303);
    const location = String(placed.headers.location);
    expect(location).toContain("key=");
    expect((await b.get(location)).body).toContain("$28.00"); // $22.00 + $6.00 shipping
    const orderId = orderIdOf(placed);
    expect((await new Browser(t).get(`/demo-store/orders/${orderId}?key=wrong`)).statusCode).toBe(404);
    const other = new Browser(t);
    await other.signIn(CLEO);
    expect((await other.get(`/demo-store/orders/${orderId}`)).statusCode).toBe(404);
  });

  it("a failed delivery is shown on the order page and can be sent again", async () => {
    const b = new Browser(t);
    await b.signIn(BEN);
    const before = (await b.laurel()).customer?.availablePoints ?? 0;
    // Laurel breaks (its deliveries table is missing): POST /webhooks answers 500.
    await sql`alter table webhook_deliveries rename to webhook_deliveries_away`.execute(t.deps.db);
    let placed: LightMyRequestResponse;
    try {
      placed = await b.checkout([["canvas-market-tote", 3]]);
    } finally {
      await sql`alter table webhook_deliveries_away rename to webhook_deliveries`.execute(t.deps.db);
    }
    const page = await b.get(String(placed.headers.location));
    const failed = [...page.body.matchAll(/deliveries\/([0-9a-f-]{36})\/retry/g)].map((m) => m[1] as string);
    expect(failed).toHaveLength(2);
    expect(page.body).toContain("Laurel has not received the orders/create webhook");
    expect(page.body).toContain("HTTP 500");
    await expect.poll(points(b)).toBe(before);

    const orderId = orderIdOf(placed);
    for (const id of failed) await b.post(`/demo-store/orders/${orderId}/deliveries/${id}/retry`);
    const fixed = await b.get(`/demo-store/orders/${orderId}`);
    expect(fixed.body).not.toContain('data-testid="delivery-failed"');
    await expect.poll(points(b)).toBe(before + 10); // $102.00
  });
});
