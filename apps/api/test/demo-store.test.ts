import { readFileSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { parseJsonKeepingBigIntegers, signAppProxyQuery } from "../src/infra/shopify-signatures";
import { addToCart, allocate, computeTotals, emptyCart, priceLines } from "../src/modules/demo-store/cart";
import { findProduct, PRODUCTS } from "../src/modules/demo-store/catalogue";
import {
  appProxyQuery,
  resolveStoreShop,
  type StoreShop,
} from "../src/modules/demo-store/demo-store.service";
import {
  type DiscountShopper,
  evaluateDiscount,
  type RefusalReason,
  type StoredDiscount,
} from "../src/modules/demo-store/discounts";
import { escapeHtml } from "../src/modules/demo-store/html";
import {
  customerPayload,
  orderWebhookPayload,
  refundWebhookPayload,
  type StoredOrder,
  serializePayload,
} from "../src/modules/demo-store/shopify-payloads";
import type { DiscountRequest } from "../src/platform/port";
import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS, seedDemoShoppers } from "../src/seed/demo-shop";
import { orderPayload, refundPayload, toPlatformOrder } from "../src/webhook-topics/orders/shopify-order";
import { adminSend, createTestApp, signIn, type TestApp } from "./helpers";

const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
let shop: StoreShop;
const [AVA, BEN, CLEO] = DEMO_SHOPPERS;

beforeAll(async () => {
  t = await createTestApp({ clock });
  expect(await seedDemoShoppers(t.deps)).toBe(3);
  shop = (await resolveStoreShop(t.deps, DEMO_SHOP_DOMAIN)) as StoreShop;
});
afterAll(async () => {
  await t.close();
});

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/shopify/${name}`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;

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
    // Webhooks are acknowledged when recorded and applied by the processor (decision 0018).
    await t.deps.webhooks.drain();
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
  it("renders the catalogue, collections and product pages, each with the widget's app embed", async () => {
    const b = new Browser();
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
    expect(product.body.match(/<script/g)).toHaveLength(1);
    // ?widget=0: the Lighthouse baseline, no script at all.
    const bare = await b.get("/demo-store/products/laurel-wreath-tee?widget=0");
    expect(bare.body).not.toContain("<script");
    expect(bare.body).toContain("Laurel Wreath Tee");

    expect((await b.get("/demo-store/products/nope")).statusCode).toBe(404);
    const unknown = await b.get("/demo-store/nowhere");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("Not found");
  });

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

describe("cart and checkout arithmetic", () => {
  const lines = (items: [string, number][]) => {
    let cart = emptyCart("token-0001");
    for (const [h, q] of items) cart = addToCart(cart, h, q);
    return priceLines(cart);
  };

  it("adds lines, charges shipping below $75 and ships free from $75, gift cards never ship", () => {
    const small = computeTotals(
      lines([
        ["laurel-wreath-tee", 1],
        ["ceramic-pour-over-mug", 2],
      ]),
      null,
    );
    expect(small).toMatchObject({
      lineItemsTotal: 6400,
      subtotal: 6400,
      shipping: 600,
      total: 7000,
      itemCount: 3,
    });
    const big = computeTotals(lines([["laurel-wreath-tee", 3]]), null);
    expect(big).toMatchObject({ subtotal: 8400, shipping: 0, total: 8400 });
    const card = computeTotals(lines([["gift-card", 2]]), null);
    expect(card).toMatchObject({ requiresShipping: false, shipping: 0, total: 5000 });
  });

  it("splits an order discount over lines pro rata, to the cent", () => {
    expect(allocate(500, [2800, 3600])).toEqual([219, 281]);
    expect(allocate(1000, [100, 100, 100])).toEqual([100, 100, 100]);
    expect(allocate(100, [1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(3);
    expect(allocate(7, [3333, 3333, 3334]).reduce((a, b) => a + b, 0)).toBe(7);
  });

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
  const base: DiscountRequest = {
    code: "X",
    title: "$5 off",
    value: { kind: "amount", amount: { amount: 500, currency: "USD" }, items: { all: true } },
    minimum: null,
    customerPlatformId: null,
    usageLimit: null,
    appliesOncePerCustomer: false,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    purchaseType: "one_time",
    startsAt: new Date("2026-11-01T00:00:00Z"),
    endsAt: null,
  };
  const stored = (r: Partial<DiscountRequest>, row: Partial<StoredDiscount> = {}): StoredDiscount => ({
    id: "gid://demo/DiscountCodeNode/1",
    code: "X",
    active: true,
    usedCount: 0,
    request: JSON.parse(JSON.stringify({ ...base, ...r })),
    ...row,
  });
  const cart = (items: [string, number][]) => {
    let c = emptyCart("token-0002");
    for (const [h, q] of items) c = addToCart(c, h, q);
    return priceLines(c);
  };
  const guest: DiscountShopper = { customerId: null, email: null, previousUses: 0 };
  const ava: DiscountShopper = { customerId: AVA.customerId, email: AVA.email, previousUses: 0 };
  const now = new Date("2026-11-22T12:00:00Z");
  const tee = cart([["laurel-wreath-tee", 1]]);

  const refusals: [
    string,
    StoredDiscount | null,
    typeof guest,
    ReturnType<typeof cart>,
    RefusalReason,
    RegExp,
  ][] = [
    ["an empty cart", stored({}), guest, [], "empty_cart", /Add something/],
    ["an unknown code", null, guest, tee, "not_found", /isn't a valid discount code/],
    ["a revoked code", stored({}, { active: false }), guest, tee, "inactive", /no longer active/],
    [
      "a code not started",
      stored({ startsAt: new Date("2026-12-01T00:00:00Z") }),
      guest,
      tee,
      "not_started",
      /isn't active yet/,
    ],
    [
      "an expired code",
      stored({ endsAt: new Date("2026-11-20T00:00:00Z") }),
      guest,
      tee,
      "expired",
      /expired/,
    ],
    [
      "a customer's code, for a guest",
      stored({ customerPlatformId: AVA.customerId }),
      guest,
      tee,
      "sign_in_required",
      /Sign in/,
    ],
    [
      "a customer's code, for another customer",
      stored({ customerPlatformId: BEN.customerId }),
      ava,
      tee,
      "other_customer",
      /another customer/,
    ],
    [
      "a code used up",
      stored({ usageLimit: 1 }, { usedCount: 1 }),
      ava,
      tee,
      "usage_limit_reached",
      /usage limit/,
    ],
    [
      "a once-per-customer code used before",
      stored({ appliesOncePerCustomer: true }),
      { ...ava, previousUses: 1 },
      tee,
      "already_used",
      /already used/,
    ],
    [
      "a subscription-only code",
      stored({ purchaseType: "subscription" }),
      ava,
      tee,
      "subscription_only",
      /subscriptions/,
    ],
    [
      "a subtotal below the minimum",
      stored({ minimum: { subtotal: { amount: 5000, currency: "USD" } } }),
      ava,
      tee,
      "minimum_subtotal",
      /at least \$50\.00: add \$22\.00 more/,
    ],
    ["too few items", stored({ minimum: { quantity: 2 } }), ava, tee, "minimum_quantity", /at least 2 items/],
    [
      "products not in the cart",
      stored({
        value: {
          kind: "amount",
          amount: { amount: 500, currency: "USD" },
          items: { productIds: ["gid://shopify/Product/1"] },
        },
      }),
      ava,
      tee,
      "not_applicable",
      /doesn't apply/,
    ],
    [
      "a free product not in the cart",
      stored({
        value: {
          kind: "free_product",
          productIds: [findProduct("merino-beanie")?.productId ?? ""],
          quantity: 1,
        },
      }),
      ava,
      tee,
      "not_applicable",
      /Add Merino Beanie/,
    ],
    [
      "buy 2 get 1 with one item",
      stored({
        value: {
          kind: "buy_x_get_y",
          buys: { quantity: 2, items: { all: true } },
          gets: { quantity: 1, items: { all: true }, percentage: 100 },
        },
      }),
      ava,
      tee,
      "not_applicable",
      /Buy 2 eligible items/,
    ],
    [
      "free shipping over its maximum rate",
      stored({ value: { kind: "free_shipping", maxShippingPrice: { amount: 500, currency: "USD" } } }),
      ava,
      tee,
      "not_applicable",
      /up to \$5\.00/,
    ],
    [
      "a discount on gift cards only",
      stored({}),
      ava,
      cart([["gift-card", 1]]),
      "not_applicable",
      /doesn't apply/,
    ],
  ];

  it.each(refusals)("refuses %s with a clear reason", (_name, discount, shopper, lines, reason, message) => {
    const outcome = evaluateDiscount("X", discount, lines, shopper, now);
    expect(outcome).toMatchObject({ ok: false, reason });
    expect(outcome.ok ? "" : outcome.message).toMatch(message);
  });

  it("computes amount, percentage, free shipping, free product and buy-x-get-y", () => {
    const two = cart([
      ["laurel-wreath-tee", 1],
      ["canvas-market-tote", 1],
    ]);
    const apply = (r: Partial<DiscountRequest>, lines = two) => {
      const o = evaluateDiscount("X", stored(r), lines, ava, now);
      if (!o.ok) throw new Error(o.message);
      return { o: o.application, totals: computeTotals(lines, o.application.effect) };
    };
    expect(apply({}).totals).toMatchObject({ lineDiscount: 500, subtotal: 5700, shipping: 600, total: 6300 });
    const pct = apply({ value: { kind: "percentage", percentage: 10, items: { all: true } } });
    expect(pct.totals.lineDiscount).toBe(620);
    expect(pct.o).toMatchObject({ valueType: "percentage", value: "10.0", summary: "10% off" });
    const ship = apply({ value: { kind: "free_shipping", maxShippingPrice: null } });
    expect(ship.totals).toMatchObject({ shipping: 600, shippingDiscount: 600, total: 6200 });
    const beanie = findProduct("merino-beanie")?.productId ?? "";
    const free = apply(
      { value: { kind: "free_product", productIds: [`gid://shopify/Product/${beanie}`], quantity: 1 } },
      cart([
        ["laurel-wreath-tee", 1],
        ["merino-beanie", 2],
      ]),
    );
    expect(free.totals.lineDiscount).toBe(2600);
    const bxgy = apply(
      {
        value: {
          kind: "buy_x_get_y",
          buys: { quantity: 2, items: { all: true } },
          gets: { quantity: 1, items: { all: true }, percentage: 50 },
        },
      },
      cart([
        ["canvas-market-tote", 2],
        ["ceramic-pour-over-mug", 1],
      ]),
    );
    expect(bxgy.totals.lineDiscount).toBe(900); // half of the cheapest item left: the $18.00 mug
    // An amount never exceeds what the eligible lines cost.
    expect(
      apply({ value: { kind: "amount", amount: { amount: 99_900, currency: "USD" }, items: { all: true } } })
        .totals,
    ).toMatchObject({ subtotal: 0 });
  });

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
    await t.deps.webhooks.drain();
    const coupons = await b.json("GET", "/apps/laurel/coupons");
    expect(coupons.json().data.coupons.find((c: { code: string }) => c.code === code)).toMatchObject({
      status: "redeemed",
    });
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
    expect((await b.laurel()).customer?.availablePoints).toBe(before + 14);

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
    expect((await b.laurel()).customer?.availablePoints).toBe(before);
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
    expect((await b.laurel()).customer?.availablePoints).toBe(before + 17);
    const page = await b.get(`/demo-store/orders/${orderId}`);
    const lineIds = [...page.body.matchAll(/name="line" value="(\d+)"/g)].map((m) => m[1] as string);
    expect(lineIds).toHaveLength(2);

    const partial = await b.post(`/demo-store/orders/${orderId}/refund`, { line: lineIds[1] as string });
    expect(partial.statusCode).toBe(303);
    const afterPartial = (await b.laurel()).customer?.availablePoints ?? 0;
    expect(afterPartial).toBeLessThan(before + 17);
    expect(afterPartial).toBeGreaterThan(before);
    const mid = await b.get(`/demo-store/orders/${orderId}`);
    expect(mid.body).toContain("Partially refunded");
    expect(mid.body).toContain("(2 refunded)");

    expect((await b.post(`/demo-store/orders/${orderId}/refund`)).statusCode).toBe(303);
    expect((await b.laurel()).customer?.availablePoints).toBe(before);
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
    expect((await b.laurel()).customer?.availablePoints).toBe(before);

    const orderId = orderIdOf(placed);
    for (const id of failed) await b.post(`/demo-store/orders/${orderId}/deliveries/${id}/retry`);
    const fixed = await b.get(`/demo-store/orders/${orderId}`);
    expect(fixed.body).not.toContain('data-testid="delivery-failed"');
    expect((await b.laurel()).customer?.availablePoints).toBe(before + 10); // $102.00
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
    await t.deps.webhooks.drain();
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
    expect((await b.laurel()).customer).toMatchObject({ type: "member", availablePoints: 100 });

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

    const signed = appProxyQuery(t.deps, shop, AVA.customerId, new URLSearchParams("page=1"), "/apps/laurel");
    const good = await t.app.inject({ method: "GET", url: `/proxy/activities?${signed}` });
    expect(good.statusCode).toBe(200);
    const tampered = new URLSearchParams(signed);
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
    expect(cart.body).toContain(escapeHtml("“SAVE-5” isn't a valid discount code."));
    expect((await b.get("/discount/X?redirect=//evil.example")).headers.location).toBe("/demo-store");
    expect((await b.get("/discount/X?redirect=https://evil.example")).headers.location).toBe("/demo-store");
  });
});

describe("payloads are Shopify's shapes", () => {
  const order: StoredOrder = {
    orderId: "1764000000000001001",
    number: 1001,
    name: "#1001",
    token: "tok123456789",
    checkoutToken: "chk123456789",
    createdAt: "2026-11-22T12:00:00+00:00",
    email: AVA.email,
    customer: {
      id: AVA.customerId,
      email: AVA.email,
      firstName: "Ava",
      lastName: "Park",
      createdAt: "2026-11-01T00:00:00+00:00",
    },
    address: {
      name: "Ava Park",
      address1: "1 Demo Street",
      city: "Springfield",
      zip: "12345",
      countryCode: "US",
    },
    lines: [
      {
        lineId: "1764000000000002001",
        productId: "8012345678900000001",
        variantId: "4512345678900000001",
        sku: "LDG-TEE-01",
        title: "Laurel Wreath Tee",
        vendor: "Laurel Demo Goods",
        price: 2800,
        quantity: 2,
        discount: 500,
        giftCard: false,
        grams: 180,
      },
    ],
    discount: {
      code: "LAUREL-ABC",
      title: "$5 off",
      codeType: "fixed_amount",
      valueType: "fixed_amount",
      value: "5.00",
      targetType: "line_item",
      targetSelection: "all",
      allocationMethod: "across",
    },
    lineItemsTotal: 5600,
    lineDiscount: 500,
    subtotal: 5100,
    shippingLineId: "1764000000000003001",
    shipping: 600,
    shippingDiscount: 0,
    total: 5700,
    saleTransactionId: "1764000000000004001",
    gateway: "shopify_payments",
  };
  const refund = {
    refundId: "1764000000000005001",
    createdAt: "2026-11-23T12:00:00+00:00",
    note: null,
    lines: [
      { refundLineId: "1764000000000006001", lineId: "1764000000000002001", quantity: 1, subtotal: 2550 },
    ],
    shipping: 0,
    shippingRefundId: "1764000000000007001",
    amount: 2550,
    transactionId: "1764000000000008001",
  };

  it("orders, refunds and customers carry every field of Shopify's samples, ids as bare 64-bit numbers", () => {
    const body = serializePayload(
      orderWebhookPayload(
        order,
        { financialStatus: "paid", cancelledAt: null, refunds: [], updatedAt: order.createdAt },
        DEMO_SHOP_DOMAIN,
      ),
    );
    expect(body).toContain('"id":1764000000000001001,');
    const parsed = parseJsonKeepingBigIntegers(body) as Record<string, unknown>;
    for (const key of Object.keys(fixture("orders_create.json"))) expect(parsed, key).toHaveProperty(key);
    const facts = toPlatformOrder(orderPayload.parse(parsed));
    expect(facts).toMatchObject({
      orderId: "1764000000000001001",
      customerPlatformId: AVA.customerId,
      discountCodes: ["LAUREL-ABC"],
      subtotal: 5100,
      total: 5700,
      shipping: 600,
      financialStatus: "paid",
      test: false,
    });
    expect(facts.lines[0]).toMatchObject({
      lineId: "1764000000000002001",
      quantity: 2,
      unitPrice: 2800,
      discount: 500,
    });

    const refundBody = serializePayload(refundWebhookPayload(order, refund));
    expect(refundBody).toContain('"subtotal":25.50,');
    const parsedRefund = parseJsonKeepingBigIntegers(refundBody) as Record<string, unknown>;
    for (const key of Object.keys(fixture("refunds_create.json")))
      expect(parsedRefund, key).toHaveProperty(key);
    expect(refundPayload.parse(parsedRefund)).toMatchObject({ order_id: "1764000000000001001" });

    const customer = parseJsonKeepingBigIntegers(
      serializePayload(customerPayload(order.customer as never)),
    ) as object;
    for (const key of Object.keys(fixture("customers_create.json")))
      expect(customer, key).toHaveProperty(key);
  });
});
