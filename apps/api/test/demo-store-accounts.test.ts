/** The demo store and Laurel together: shopper accounts, the app-proxy emulation, webhook bodies. */
import { DEMO_PARTNER_SHOPPER, DEMO_SHOPPERS } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoPartnerAccount, seedDemoStore } from "../src/app";
import { fixedClock } from "../src/infra/clock";
import { parseJsonKeepingBigIntegers, signAppProxyQuery } from "../src/infra/shopify-signatures";
import { seedDemoCustomers } from "../src/seed/demo-customers";
import { seedDemoShoppers } from "../src/seed/demo-shop";
import { seedDemoB2bTiers } from "../src/seed/demo-tiers";
import { orderPayload, refundPayload, toPlatformOrder } from "../src/webhook-topics/orders/shopify-order";
import { Browser, createDemoStoreApp, laurelCustomer, orderIdOf } from "./demo-store.test-support";
import { signedProxyUrl, type TestApp, updateShopRow } from "./helpers";

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

describe("shopper accounts", () => {
  it("signs in the seeded shoppers, refuses a wrong password, ignores a forged session", async () => {
    const b = new Browser(t);
    const wrong = await b.post("/demo-store/account/login", { email: AVA.email, password: "nope-nope" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("Incorrect e-mail or password.");
    const ok = await b.signIn({ email: AVA.email.toUpperCase(), password: AVA.password });
    expect(ok.headers.location).toBe("/demo-store/account");
    expect((await b.get("/demo-store/account")).body).toContain(AVA.email);
    const forged = new Browser(t);
    forged.cookies.set("demo_shopper", `${BEN.customerId}.9999999999.forgedsignature`);
    expect((await forged.get("/demo-store/account")).statusCode).toBe(303);
    await b.post("/demo-store/account/logout");
    expect((await b.get("/demo-store/account")).statusCode).toBe(303);
    // Redirects after sign-in stay on this site.
    const evil = await new Browser(t).post("/demo-store/account/login", {
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
    const b = new Browser(t);
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

    const again = await new Browser(t).post("/demo-store/account/register", {
      email: "ZOE@example.com",
      password: "another-password",
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("already exists");
    const weak = await new Browser(t).post("/demo-store/account/register", {
      email: "x@example.com",
      password: "short",
    });
    expect(weak.body).toContain("at least 8 characters");
  });
});

describe("app-proxy emulation and /discount links", () => {
  it("signs requests the real guard accepts, as the signed-in shopper; a tampered signature is refused", async () => {
    const guest = new Browser(t);
    const anonymous = await guest.laurel();
    expect(anonymous).toMatchObject({ signedIn: false, customer: null });
    // A guest cannot name a customer: Shopify's parameters from the storefront are dropped.
    const sneaky = await guest.json("GET", `/apps/laurel/customer?logged_in_customer_id=${AVA.customerId}`);
    expect(sneaky.json().data).toMatchObject({ signedIn: false });

    const b = new Browser(t);
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
    const b = new Browser(t);
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
    const b = new Browser(t);
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

describe("Northwind Trading, the demo's company member, on the store (decision 0177)", () => {
  it("signs in with its seeded account and sees its partner tier on the account page and the loyalty page", async () => {
    await seedDemoCustomers(t.deps);
    expect(await seedDemoPartnerAccount(t.deps)).toBe(1);
    expect(await seedDemoPartnerAccount(t.deps)).toBe(0);
    // B2B needs Laurel Advanced and a Plus store (what `DEMO_STORE_PLAN=plus` makes the demo store).
    await updateShopRow(t, shop.shopId, { plan: "advanced", shopify_plan: "shopify_plus" });
    expect(await seedDemoB2bTiers(t.deps)).toEqual({ seeded: true });

    const login = await new Browser(t).get("/demo-store/account/login");
    expect(login.body).toContain("Sign in as Northwind");
    const b = new Browser(t);
    await b.signIn(DEMO_PARTNER_SHOPPER);
    const account = (await b.get("/demo-store/account")).body;
    expect(account).toContain("data-laurel-partner");
    const card = (await b.json("GET", "/apps/laurel/partner-tier")).json().data;
    expect(card.tier).toMatchObject({
      name: "Partner",
      perks: ["Net-30 invoices"],
      next: { name: "Preferred partner", unit: "money" },
    });
    const page = (await b.get("/apps/laurel/loyalty-page")).body;
    expect(page).toContain('data-testid="laurel-page-partner"');
    expect(page).toContain("Partner tier: <strong>Partner</strong>");

    // Ava buys for herself: no partner tier.
    const ava = new Browser(t);
    await ava.signIn(AVA);
    expect((await ava.json("GET", "/apps/laurel/partner-tier")).json().data.tier).toBeNull();
  });
});
