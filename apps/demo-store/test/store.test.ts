import { createHmac } from "node:crypto";
import { DEMO_SHOPPERS } from "@laurel/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRODUCTS } from "../src/catalogue/catalogue";
import { escapeHtml } from "../src/views/html";
import { Browser, createStore, SECRET, type Store } from "./store-harness";

let store: Store;
const [AVA] = DEMO_SHOPPERS;

beforeAll(async () => {
  store = await createStore();
});
afterAll(async () => {
  await store.close();
});
beforeEach(() => {
  store.calls.length = 0;
  store.laurel.status = 200;
});

const header = (call: { headers: Record<string, string> }, name: string) => call.headers[name];

describe("pages", () => {
  let b: Browser;
  beforeEach(() => {
    b = new Browser(store);
  });
  it("renders the catalogue, collections and product pages, each with the widget's app embed", async () => {
    const home = await b.get("/demo-store");
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toContain("text/html");
    for (const p of PRODUCTS) expect(home.body).toContain(escapeHtml(p.title));
    expect((await b.get("/demo-store/collections/all")).body).toContain('data-laurel-page="collection"');
    const apparel = await b.get("/demo-store/collections/apparel");
    expect(apparel.body).toContain("Merino Beanie");
    expect(apparel.body).not.toContain("Trail Water Bottle");

    const product = await b.get("/demo-store/products/laurel-wreath-tee");
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain("$28.00");
    expect(product.body).toContain("<svg");
    expect(product.body).toContain(
      '<script src="/widget/loader.js" defer data-laurel-proxy="/apps/laurel" data-laurel-shop="laurel-demo.myshopify.com" data-laurel-locale="en" data-laurel-page="product" data-laurel-customer="" data-laurel-login-url="/demo-store/account/login" data-laurel-register-url="/demo-store/account/register"></script>',
    );
    // The app embed's two scripts: the widget's loader and the on-site blocks and popups (issue 12).
    expect(product.body).toContain(
      '<script src="/widget/blocks.js" defer data-laurel-proxy="/apps/laurel" data-laurel-locale="en" data-laurel-customer="" data-laurel-register-url="/demo-store/account/register"></script>',
    );
    expect(product.body.match(/<script/g)).toHaveLength(2);
    // N-11: the product page's points block, filled by blocks.js from the shop's order program.
    expect(product.body).toContain(
      'data-laurel-points data-testid="product-points" data-amount="2800" data-currency="USD"',
    );
    // ?widget=0: the Lighthouse baseline, no script at all.
    const bare = await b.get("/demo-store/products/laurel-wreath-tee?widget=0");
    expect(bare.body).not.toContain("<script");
    expect(bare.body).toContain("Laurel Wreath Tee");

    expect((await b.get("/demo-store/products/nope")).statusCode).toBe(404);
    const unknown = await b.get("/demo-store/nowhere");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("Not found");
  });
});

describe("the store talks to Laurel only as Shopify does", () => {
  it("sign-up sends customers/create, signed over the exact bytes with the app's secret", async () => {
    const b = new Browser(store);
    const res = await b.post("/demo-store/account/register", {
      first_name: "Zoe",
      email: "zoe.store@example.com",
      password: "zoe-password",
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(store.calls).toHaveLength(1);
    const call = store.calls[0] as (typeof store.calls)[number];
    expect(call).toMatchObject({ method: "POST", url: "/webhooks" });
    expect(header(call, "x-shopify-topic")).toBe("customers/create");
    expect(header(call, "x-shopify-shop-domain")).toBe("laurel-demo.myshopify.com");
    expect(header(call, "x-shopify-api-version")).toBe("2026-07");
    const expected = createHmac("sha256", SECRET)
      .update(call.payload as string)
      .digest("base64");
    expect(header(call, "x-shopify-hmac-sha256")).toBe(expected);
    expect(String(call.payload)).toContain('"email":"zoe.store@example.com"');
  });

  it("a refused delivery stays visible on the account page and is sent again with the same id and bytes", async () => {
    store.laurel.status = 503;
    const b = new Browser(store);
    await b.post("/demo-store/account/register", { email: "yan@example.com", password: "yan-password" });
    const account = await b.get("/demo-store/account");
    expect(account.body).toContain('data-testid="delivery-failed"');
    expect(account.body).toContain("HTTP 503");
    const webhookId = /deliveries\/([0-9a-f-]{36})\/retry/.exec(account.body)?.[1] as string;
    store.laurel.status = 200;
    await b.post(`/demo-store/account/deliveries/${webhookId}/retry`);
    const [first, again] = store.calls;
    expect(header(again as never, "x-shopify-webhook-id")).toBe(webhookId);
    expect(again?.payload).toBe(first?.payload);
    expect((await b.get("/demo-store/account")).body).not.toContain('data-testid="delivery-failed"');
  });

  it("app proxy: Shopify's parameters added and signed, the storefront's own dropped, no cookies, no climbing out", async () => {
    const guest = new Browser(store);
    await guest.get(
      `/apps/laurel/customer?page=2&logged_in_customer_id=${AVA.customerId}&shop=evil.myshopify.com`,
    );
    const call = store.calls[0] as (typeof store.calls)[number];
    const [path, query] = call.url.split("?") as [string, string];
    expect(path).toBe("/proxy/customer");
    const params = new URLSearchParams(query);
    expect(params.getAll("shop")).toEqual(["laurel-demo.myshopify.com"]);
    expect(params.getAll("logged_in_customer_id")).toEqual([""]);
    expect(params.get("path_prefix")).toBe("/apps/laurel");
    expect(params.get("page")).toBe("2");
    // Shopify's message: every other parameter, sorted, concatenated; hex HMAC-SHA256.
    const message = [...params.entries()]
      .filter(([k]) => k !== "signature")
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("");
    expect(params.get("signature")).toBe(createHmac("sha256", SECRET).update(message).digest("hex"));
    expect(call.headers.cookie).toBeUndefined();

    const ava = new Browser(store);
    await ava.signIn(AVA);
    await ava.get("/apps/laurel/customer");
    const signedIn = new URLSearchParams(store.calls[1]?.url.split("?")[1]);
    expect(signedIn.get("logged_in_customer_id")).toBe(AVA.customerId);

    expect((await guest.get("/apps/laurel/customer%2f..%2f..%2fwebhooks")).statusCode).toBe(404);
    expect(store.calls).toHaveLength(2);
  });
});

describe("orders", () => {
  it("a fully refunded order offers no 'Cancel order', and refuses one posted anyway", async () => {
    const b = new Browser(store);
    await b.signIn(AVA);
    const orderId = await b.checkout([["laurel-wreath-tee", 1]]);
    const open = await b.get(`/demo-store/orders/${orderId}`);
    expect(open.body).toContain('data-testid="order-cancel"');
    expect((await b.post(`/demo-store/orders/${orderId}/refund`)).statusCode).toBe(303);
    const refunded = await b.get(`/demo-store/orders/${orderId}`);
    expect(refunded.body).toContain('data-testid="order-status">Refunded<');
    expect(refunded.body).not.toContain('data-testid="order-cancel"');
    expect(refunded.body).toContain("This order is fully refunded.");
    const cancel = await b.post(`/demo-store/orders/${orderId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.body).toContain("nothing to cancel");
    expect(store.calls.map((c) => c.headers["x-shopify-topic"])).toEqual([
      "orders/create",
      "orders/paid",
      "refunds/create",
    ]);
  });
});
