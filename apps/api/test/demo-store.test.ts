import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { fixedClock } from "../src/infra/clock";
import { parseJsonKeepingBigIntegers, signAppProxyQuery } from "../src/infra/shopify-signatures";
import { findShopByDomain } from "../src/modules/shops/shops.service";
import { seedDemoShoppers } from "../src/seed/demo-shop";
import { orderPayload, refundPayload, toPlatformOrder } from "../src/webhooks/orders/shopify-order";
import { adminSend, createTestApp, signedProxyUrl, signIn, type TestApp } from "./helpers";

const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
let shop: { shopId: string; shopDomain: string };
const [AVA, BEN, CLEO] = DEMO_SHOPPERS;

beforeAll(async () => {
  t = await createTestApp({ clock });
  expect(await seedDemoShoppers(t.deps)).toBe(3);
  expect(await seedDemoStore(t.deps)).toBe(3);
  const row = await findShopByDomain(t.deps.db, DEMO_SHOP_DOMAIN);
  shop = { shopId: row?.id as string, shopDomain: DEMO_SHOP_DOMAIN };
});
afterAll(async () => {
  await t.close();
});

/** A shopper's browser: keeps the store's cookies between requests, as a browser would. */
class Browser {
  cookies = new Map<string, string>();
  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === "")
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    return this.keep(await t.app.inject({ method: "GET", url, cookies: Object.fromEntries(this.cookies) }));
  }
  async post(url: string, form: Record<string, string> = {}) {
    return this.keep(
      await t.app.inject({
        method: "POST",
        url,
        cookies: Object.fromEntries(this.cookies),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }
  async json(method: "GET" | "POST", url: string, payload?: object) {
    return this.keep(
      await t.app.inject({
        method,
        url,
        cookies: Object.fromEntries(this.cookies),
        ...(payload ? { payload } : {}),
      }),
    );
  }
  async signIn(who: { email: string; password: string }) {
    const res = await this.post("/demo-store/account/login", { email: who.email, password: who.password });
    expect(res.statusCode, res.body).toBe(303);
    return res;
  }
  /** The shopper as Laurel sees them, through the app-proxy emulation (the widget's own call). */
  async laurel() {
    const res = await this.json("GET", "/apps/laurel/customer");
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      signedIn: boolean;
      customer: { type: string; availablePoints: number } | null;
    };
  }
  async checkout(lines: [string, number][], code?: string) {
    for (const [handle, quantity] of lines)
      await this.post("/demo-store/cart/add", { handle, quantity: String(quantity) });
    if (code) await this.post("/demo-store/checkout/discount", { code });
    const page = await this.get("/demo-store/checkout");
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    return this.post("/demo-store/checkout", {
      token,
      email: "guest@example.com",
      name: "Test Shopper",
      address1: "1 Demo Street",
      city: "Springfield",
      zip: "12345",
    });
  }
}

/**
 * The shopper's points as the widget reads them. Laurel applies a webhook after acknowledging it
 * (DESIGN §1), so a test waits for the effect instead of expecting it when the call returns.
 */
const points = (b: Browser) => async () => (await b.laurel()).customer?.availablePoints;

const orderIdOf = (res: LightMyRequestResponse) => {
  const m = /\/demo-store\/orders\/(\d+)/.exec(String(res.headers.location));
  if (!m) throw new Error(`no order in ${res.statusCode} ${res.headers.location} ${res.body.slice(0, 500)}`);
  return m[1] as string;
};

async function laurelCustomerId(platformCustomerId: string) {
  const row = await t.deps.db
    .selectFrom("customers")
    .select(["id", "type"])
    .where("shop_id", "=", shop.shopId)
    .where("platform_customer_id", "=", platformCustomerId)
    .executeTakeFirst();
  return row;
}

describe("pages", () => {
  it("tells the widget who is signed in and which page it is on", async () => {
    const b = new Browser();
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
    const b = new Browser();
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
    const b = new Browser();
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
    const ben = new Browser();
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
    const b = new Browser();
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
    const b = new Browser();
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
    const b = new Browser();
    const placed = await b.checkout([["olive-grove-candle", 1]]);
    expect(placed.statusCode, placed.body).toBe(303);
    const location = String(placed.headers.location);
    expect(location).toContain("key=");
    expect((await b.get(location)).body).toContain("$28.00"); // $22.00 + $6.00 shipping
    const orderId = orderIdOf(placed);
    expect((await new Browser().get(`/demo-store/orders/${orderId}?key=wrong`)).statusCode).toBe(404);
    const other = new Browser();
    await other.signIn(CLEO);
    expect((await other.get(`/demo-store/orders/${orderId}`)).statusCode).toBe(404);
  });

  it("a failed delivery is shown on the order page and can be sent again", async () => {
    const b = new Browser();
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

describe("shopper accounts", () => {
  it("signs in the seeded shoppers, refuses a wrong password, ignores a forged session", async () => {
    const b = new Browser();
    const wrong = await b.post("/demo-store/account/login", { email: AVA.email, password: "nope-nope" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("Incorrect e-mail or password.");
    const ok = await b.signIn({ email: AVA.email.toUpperCase(), password: AVA.password });
    expect(ok.headers.location).toBe("/demo-store/account");
    expect((await b.get("/demo-store/account")).body).toContain(AVA.email);
    const forged = new Browser();
    forged.cookies.set("demo_shopper", `${BEN.customerId}.9999999999.forgedsignature`);
    expect((await forged.get("/demo-store/account")).statusCode).toBe(303);
    await b.post("/demo-store/account/logout");
    expect((await b.get("/demo-store/account")).statusCode).toBe(303);
    // Redirects after sign-in stay on this site.
    const evil = await new Browser().post("/demo-store/account/login", {
      email: AVA.email,
      password: AVA.password,
      return_to: "//evil.example/",
    });
    expect(evil.headers.location).toBe("/demo-store/account");
  });

  it("seeding again changes nothing; members joined, Cleo is a guest", async () => {
    expect(await seedDemoShoppers(t.deps)).toBe(0);
    expect(await seedDemoStore(t.deps)).toBe(0);
    expect(await laurelCustomerId(AVA.customerId)).toMatchObject({ type: "member" });
    expect(await laurelCustomerId(CLEO.customerId)).toMatchObject({ type: "guest" });
    const count = await t.deps.db
      .selectFrom("demo_shoppers")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("shop_id", "=", shop.shopId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThanOrEqual(3);
  });

  it("sign-up creates a customer, sends customers/create, and Laurel knows the shopper; names are escaped", async () => {
    const b = new Browser();
    const res = await b.post("/demo-store/account/register", {
      first_name: "<b>Zoe</b>",
      last_name: "Nguyen",
      email: "zoe@example.com",
      password: "zoe-password",
    });
    expect(res.statusCode, res.body).toBe(303);
    const account = await b.get("/demo-store/account");
    expect(account.body).toContain("&lt;b&gt;Zoe&lt;/b&gt;");
    expect(account.body).not.toContain("<b>Zoe</b>");
    expect(account.body).not.toContain('data-testid="delivery-failed"');
    const customerId = /customer (\d+)/.exec(account.body)?.[1] as string;
    expect(customerId.length).toBeGreaterThanOrEqual(17);
    const delivery = await t.deps.db
      .selectFrom("demo_webhook_deliveries")
      .select(["topic", "status", "body"])
      .where("customer_id", "=", customerId)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ topic: "customers/create", status: 200 });
    expect(delivery.body).toContain(`"id":${customerId},`);
    expect(await laurelCustomerId(customerId)).toMatchObject({ type: "guest" });
    const row = await t.deps.db
      .selectFrom("customers")
      .select(["email", "first_name"])
      .where("platform_customer_id", "=", customerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: "zoe@example.com", first_name: "<b>Zoe</b>" });
    // Joining through the widget's call makes them a member with the sign-up points.
    const join = await b.json("POST", "/apps/laurel/join");
    expect(join.statusCode, join.body).toBe(200);
    await expect
      .poll(async () => (await b.laurel()).customer)
      .toMatchObject({ type: "member", availablePoints: 100 });

    const again = await new Browser().post("/demo-store/account/register", {
      email: "ZOE@example.com",
      password: "another-password",
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("already exists");
    const weak = await new Browser().post("/demo-store/account/register", {
      email: "x@example.com",
      password: "short",
    });
    expect(weak.body).toContain("at least 8 characters");
  });
});

describe("app-proxy emulation and /discount links", () => {
  it("signs requests the real guard accepts, as the signed-in shopper; a tampered signature is refused", async () => {
    const guest = new Browser();
    const anonymous = await guest.laurel();
    expect(anonymous).toMatchObject({ signedIn: false, customer: null });
    // A guest cannot name a customer: Shopify's parameters from the storefront are dropped.
    const sneaky = await guest.json("GET", `/apps/laurel/customer?logged_in_customer_id=${AVA.customerId}`);
    expect(sneaky.json().data).toMatchObject({ signedIn: false });

    const b = new Browser();
    await b.signIn(AVA);
    expect(await b.laurel()).toMatchObject({ signedIn: true, customer: { type: "member" } });
    expect((await b.json("GET", "/apps/laurel/activities?page=1&pageSize=5")).statusCode).toBe(200);
    expect((await b.json("GET", "/apps/laurel/nothing-here")).statusCode).toBe(404);
    expect((await b.json("GET", "/apps/laurel/customer%2f..%2f..%2fwebhooks")).json().code).toBe("not_found");

    const signedUrl = signedProxyUrl(t, "/proxy/activities", {
      customer: AVA.customerId,
      extra: { page: "1" },
    });
    const good = await t.app.inject({ method: "GET", url: signedUrl });
    expect(good.statusCode).toBe(200);
    const tampered = new URLSearchParams(signedUrl.split("?")[1]);
    tampered.set("logged_in_customer_id", BEN.customerId);
    const refused = await t.app.inject({ method: "GET", url: `/proxy/activities?${tampered}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("proxy_unauthorized");
    // Same algorithm as the published vector: the emulation signs exactly as Shopify does.
    const vector = signAppProxyQuery(
      {
        extra: ["1", "2"],
        shop: "shop-name.myshopify.com",
        logged_in_customer_id: "1",
        path_prefix: "/apps/awesome_reviews",
        timestamp: "1317327555",
      },
      "hush",
    );
    expect(vector.get("signature")).toBe("4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb");
  });

  it("/discount/CODE puts the code in the cart and redirects, on this site only", async () => {
    const b = new Browser();
    const res = await b.get("/discount/SAVE-5?redirect=/demo-store/checkout");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/demo-store/checkout");
    await b.post("/demo-store/cart/add", { handle: "merino-beanie", quantity: "1" });
    const cart = await b.get("/demo-store/cart");
    expect(cart.body).toContain('value="SAVE-5"');
    expect(cart.body).toContain("“SAVE-5” isn&#39;t a valid discount code.");
    expect((await b.get("/discount/X?redirect=//evil.example")).headers.location).toBe("/demo-store");
    expect((await b.get("/discount/X?redirect=https://evil.example")).headers.location).toBe("/demo-store");
  });
});

describe("the store's webhook bodies, as Laurel parses them", () => {
  it("orders/create and refunds/create sent at checkout and refund parse into the order's facts, ids exact", async () => {
    const b = new Browser();
    await b.signIn(AVA);
    // 2 tees ($56.00) + shipping $6.00.
    const placed = await b.checkout([["laurel-wreath-tee", 2]]);
    const orderId = orderIdOf(placed);
    const page = await b.get(`/demo-store/orders/${orderId}`);
    const lineId = /name="line" value="(\d+)"/.exec(page.body)?.[1] as string;
    expect((await b.post(`/demo-store/orders/${orderId}/refund`, { line: lineId })).statusCode).toBe(303);
    const sent = await t.deps.db
      .selectFrom("demo_webhook_deliveries")
      .select(["topic", "body"])
      .where("shop_id", "=", shop.shopId)
      .where("order_id", "=", orderId)
      .execute();
    const body = (topic: string) => sent.find((d) => d.topic === topic)?.body as string;
    expect(body("orders/create")).toContain(`"id":${orderId},`);
    const facts = toPlatformOrder(orderPayload.parse(parseJsonKeepingBigIntegers(body("orders/create"))));
    expect(facts).toMatchObject({
      orderId,
      customerPlatformId: AVA.customerId,
      subtotal: 5600,
      total: 6200,
      shipping: 600,
      financialStatus: "paid",
      test: false,
    });
    expect(facts.lines[0]).toMatchObject({ lineId, quantity: 2, unitPrice: 2800, discount: 0 });
    const refund = refundPayload.parse(parseJsonKeepingBigIntegers(body("refunds/create")));
    expect(refund).toMatchObject({ order_id: orderId });
  });
});
