import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscountRequest, PlatformError } from "../src/platform/port";
import { createShopifyPlatform } from "../src/platform/shopify/shopify.adapter";
import { startFakeShopifyAdmin } from "./fakes/shopify-admin.fake";
import { adminGet, createTestApp, shopifyToken, type TestApp } from "./helpers";

const keys = { apiKey: "fake-api-key", apiSecret: "fake-api-secret-for-tests" };
let fake: Awaited<ReturnType<typeof startFakeShopifyAdmin>>;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeShopifyAdmin(keys);
  t = await createTestApp({
    seed: false,
    env: {
      PLATFORM: "shopify",
      SHOPIFY_API_KEY: keys.apiKey,
      SHOPIFY_API_SECRET: keys.apiSecret,
      SHOPIFY_ADMIN_ORIGIN: fake.origin,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("Shopify platform: managed install through token exchange (reference §1.3)", () => {
  it("installs an unknown shop on its first session token, with the shop's facts from Admin GraphQL", async () => {
    const tok = await shopifyToken(t.config, "fake-outfitters.myshopify.com");
    const res = await adminGet(t.app, "/apiSa/shops", tok);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      shop: {
        name: "Fake Outfitters",
        email: "owner@fake-outfitters.example",
        shopifyPlan: "shopify plus",
        isNonDevShop: true,
      },
      shopInfo: { currency: "EUR", ianaTimezone: "Europe/Paris", country: "France", allOrdersCount: 1234 },
      session: { mode: "embedded" },
    });
    const row = await t.deps.db
      .selectFrom("shops")
      .select(["platform", "access_token", "granted_scopes"])
      .where("shopify_domain", "=", "fake-outfitters.myshopify.com")
      .executeTakeFirstOrThrow();
    // I-21 (decision 0174): the scopes the token was granted with are kept for the B2B requirements.
    expect(row).toEqual({
      platform: "shopify",
      access_token: "shpat_fake-outfitters.myshopify.com_1",
      granted_scopes: ["read_customers", "write_discounts"],
    });
    // The second call does not exchange again.
    const exchanges = fake.state.calls.filter((c) => c === "token_exchange").length;
    await adminGet(t.app, "/apiSa/shops", await shopifyToken(t.config, "fake-outfitters.myshopify.com"));
    expect(fake.state.calls.filter((c) => c === "token_exchange").length).toBe(exchanges);
  });

  it("the theme check asks the live theme for JSON templates", async () => {
    const tok = await shopifyToken(t.config, "fake-outfitters.myshopify.com");
    const res = await adminGet(t.app, "/apiSa/shopify/checkSupportAppBlock", tok);
    expect(res.json().data).toEqual({ isThemeOS2: true });
  });

  it("a token exchange the platform refuses answers 502 platform_unavailable, not 500", async () => {
    fake.state.refuseExchange = true;
    const res = await adminGet(t.app, "/apiSa/shops", await shopifyToken(t.config, "refused.myshopify.com"));
    fake.state.refuseExchange = false;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, code: "platform_unavailable" });
    const broken = createShopifyPlatform({
      ...keys,
      apiSecret: "wrong",
      adminOrigin: fake.origin,
      apiVersion: "2026-07",
    });
    await expect(broken.install("x.myshopify.com", "not-a-token")).rejects.toBeInstanceOf(PlatformError);
  });

  it("backs off on THROTTLED for the time the bucket needs, then succeeds; gives up as retryable", async () => {
    const waits: number[] = [];
    const platform = createShopifyPlatform({
      ...keys,
      adminOrigin: fake.origin,
      apiVersion: "2026-07",
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const { accessToken } = await platform.install(
      "throttled.myshopify.com",
      await shopifyToken(t.config, "throttled.myshopify.com"),
    );
    const shop = { domain: "throttled.myshopify.com", accessToken };
    fake.state.throttleNext = 2;
    expect((await platform.getShopInfo(shop)).name).toBe("Fake Outfitters");
    // (100 requested − 50 available) / 50 per second = 1 s, twice.
    expect(waits).toEqual([1000, 1000]);
    fake.state.throttleNext = 99;
    const error = await platform.getShopInfo(shop).catch((e) => e);
    fake.state.throttleNext = 0;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.retryable).toBe(true);
  });

  describe("discount codes (reference §5.1)", () => {
    const base: DiscountRequest = {
      code: "LAUREL-ABC123",
      title: "$5 off (500 points)",
      value: { kind: "amount", amount: { amount: 500, currency: "USD" }, items: { all: true } },
      minimum: { subtotal: { amount: 2000, currency: "USD" } },
      customerPlatformId: "706405506930370084",
      usageLimit: 1,
      appliesOncePerCustomer: true,
      combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true },
      purchaseType: "both",
      salesChannel: "all",
      startsAt: new Date("2026-11-22T00:00:00Z"),
      endsAt: new Date("2026-12-22T00:00:00Z"),
    };
    async function platformWithToken() {
      const platform = createShopifyPlatform({ ...keys, adminOrigin: fake.origin, apiVersion: "2026-07" });
      const { accessToken } = await platform.install(
        "codes.myshopify.com",
        await shopifyToken(t.config, "codes.myshopify.com"),
      );
      return { platform, shop: { domain: "codes.myshopify.com", accessToken } };
    }

    it("creates a customer-only single-use amount code with the documented input", async () => {
      const { platform, shop } = await platformWithToken();
      const created = await platform.createDiscount(shop, base);
      expect(created.platformDiscountId).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\//);
      const sent = fake.state.discounts.get("LAUREL-ABC123");
      expect(sent?.mutation).toBe("discountCodeBasicCreate");
      expect(sent?.input).toMatchObject({
        code: "LAUREL-ABC123",
        usageLimit: 1,
        appliesOncePerCustomer: true,
        context: { customers: { add: ["gid://shopify/Customer/706405506930370084"] } },
        minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: "20.00" } },
        customerGets: {
          value: { discountAmount: { amount: "5.00", appliesOnEachItem: false } },
          items: { all: true },
        },
        combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true },
        endsAt: "2026-12-22T00:00:00.000Z",
      });
      await platform.deactivateDiscount(shop, created.platformDiscountId);
      expect(fake.state.discounts.get("LAUREL-ABC123")?.active).toBe(false);
    });

    it("adds order tags with tagsAdd on the order's gid (M-02, decision 0176)", async () => {
      const { platform, shop } = await platformWithToken();
      await platform.addOrderTags(shop, "820982911946154508", ["Loyalty", "Points earned"]);
      await platform.addOrderTags(shop, "820982911946154508", ["Loyalty"]);
      await platform.addOrderTags(shop, "820982911946154508", []);
      expect([...(fake.state.tags.get("gid://shopify/Order/820982911946154508") ?? [])]).toEqual([
        "Loyalty",
        "Points earned",
      ]);
      // No call for no tags.
      expect(fake.state.calls.filter((c) => c === "tagsAdd")).toHaveLength(2);
      await expect(platform.addOrderTags(shop, "not-an-id", ["Loyalty"])).rejects.toThrow(
        /tagsAdd: Invalid id/,
      );
    });

    it("finds a discount by its code, case-insensitively, with codeDiscountNodeByCode; null when none", async () => {
      const { platform, shop } = await platformWithToken();
      const made = fake.state.discounts.get("LAUREL-ABC123");
      expect(await platform.findDiscountByCode(shop, "laurel-abc123")).toEqual({
        platformDiscountId: made?.id,
        code: "laurel-abc123",
      });
      expect(await platform.findDiscountByCode(shop, "LAUREL-NONE")).toBeNull();
      expect(fake.state.calls.filter((c) => c === "codeDiscountNodeByCode")).toHaveLength(2);
    });

    it.each([
      [
        "free shipping",
        { kind: "free_shipping", maxShippingPrice: { amount: 1000, currency: "USD" } },
        "discountCodeFreeShippingCreate",
      ],
      [
        "buy X get Y",
        {
          kind: "buy_x_get_y",
          buys: { quantity: 2, items: { all: true } },
          gets: { quantity: 1, items: { productIds: ["42"] }, percentage: 50 },
        },
        "discountCodeBxgyCreate",
      ],
      [
        "percentage",
        { kind: "percentage", percentage: 15, items: { collectionIds: ["7"] } },
        "discountCodeBasicCreate",
      ],
    ] as const)("creates a %s code with %s", async (label, value, mutation) => {
      const { platform, shop } = await platformWithToken();
      const code = `LAUREL-${label.replace(/\W/g, "").toUpperCase()}`;
      await platform.createDiscount(shop, { ...base, code, value: value as DiscountRequest["value"] });
      expect(fake.state.discounts.get(code)?.mutation).toBe(mutation);
    });

    it("a userErrors answer is a non-retryable failure (duplicate code)", async () => {
      const { platform, shop } = await platformWithToken();
      const error = await platform.createDiscount(shop, base).catch((e) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error.message).toContain("Code must be unique");
      expect(error.retryable).toBe(false);
    });
  });

  describe("product facts (C-19, decision 0175)", () => {
    it("reads every product's type and tags a page at a time, in id order; a blank type is none", async () => {
      const platform = createShopifyPlatform({ ...keys, adminOrigin: fake.origin, apiVersion: "2026-07" });
      const { accessToken } = await platform.install(
        "facts.myshopify.com",
        await shopifyToken(t.config, "facts.myshopify.com"),
      );
      const shop = { domain: "facts.myshopify.com", accessToken };
      fake.state.products = [
        { legacyResourceId: "30", title: "Apron", productType: "Apparel", tags: ["sale"] },
        { legacyResourceId: "10", title: "Candle", productType: "  ", tags: [] },
        { legacyResourceId: "20", title: "Basket", productType: "Home", tags: ["gift", "woven"] },
      ];
      const first = await platform.listProductFacts(shop, { after: null, first: 2 });
      expect(first.items).toEqual([
        { id: "10", productType: null, tags: [] },
        { id: "20", productType: "Home", tags: ["gift", "woven"] },
      ]);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = await platform.listProductFacts(shop, { after: first.pageInfo.endCursor, first: 2 });
      expect(second.items).toEqual([{ id: "30", productType: "Apparel", tags: ["sale"] }]);
      expect(second.pageInfo.hasNextPage).toBe(false);
      // More than the connection's 250 is asked as 250.
      await platform.listProductFacts(shop, { after: null, first: 1_000 });
      expect(fake.state.calls.at(-1)).toBe("products");
    });
  });

  describe("customers (J-21: customer sync)", () => {
    async function platformWithToken() {
      const platform = createShopifyPlatform({ ...keys, adminOrigin: fake.origin, apiVersion: "2026-07" });
      const { accessToken } = await platform.install(
        "people.myshopify.com",
        await shopifyToken(t.config, "people.myshopify.com"),
      );
      return { platform, shop: { domain: "people.myshopify.com", accessToken } };
    }
    const node = (i: number, state = "NOT_SUBSCRIBED") => ({
      legacyResourceId: String(8_000_000_000_000_000_000n + BigInt(i)),
      firstName: `First${i}`,
      lastName: i % 2 === 0 ? null : `Last${i}`,
      tags: i === 1 ? ["vip", "wholesale"] : [],
      updatedAt: "2026-11-20T09:00:00Z",
      defaultEmailAddress:
        i === 3
          ? null
          : {
              emailAddress: `c${i}@example.com`,
              marketingState: state,
              marketingUpdatedAt: i === 1 ? "2026-10-01T08:00:00Z" : null,
            },
    });

    it("reads one customer by id in the port's shape; one the store no longer has is null", async () => {
      const { platform, shop } = await platformWithToken();
      fake.state.customers = [node(1, "SUBSCRIBED"), node(2), node(3)];
      const one = await platform.getCustomer(shop, "8000000000000000001");
      expect(one).toEqual({
        id: "8000000000000000001",
        email: "c1@example.com",
        firstName: "First1",
        lastName: "Last1",
        tags: ["vip", "wholesale"],
        emailMarketing: { state: "subscribed", at: new Date("2026-10-01T08:00:00Z") },
        updatedAt: new Date("2026-11-20T09:00:00Z"),
      });
      // No consent time of its own: the customer's update time; no e-mail: no consent at all.
      expect(
        (await platform.getCustomer(shop, "gid://shopify/Customer/8000000000000000002"))?.emailMarketing,
      ).toEqual({
        state: "not_subscribed",
        at: new Date("2026-11-20T09:00:00Z"),
      });
      expect(await platform.getCustomer(shop, "8000000000000000003")).toMatchObject({
        email: null,
        emailMarketing: null,
        lastName: "Last3",
      });
      expect((await platform.getCustomer(shop, "8000000000000000002"))?.lastName).toBeNull();
      expect(await platform.getCustomer(shop, "8000000000000000099")).toBeNull();
      // An unsubscribe made through the port is what the next read says.
      await platform.unsubscribeCustomerFromEmailMarketing(
        shop,
        "8000000000000000001",
        new Date("2026-11-21T00:00:00Z"),
      );
      expect((await platform.getCustomer(shop, "8000000000000000001"))?.emailMarketing?.state).toBe(
        "unsubscribed",
      );
    });

    it("lists every customer page by page with the connection's cursor, and counts them", async () => {
      const { platform, shop } = await platformWithToken();
      fake.state.customers = Array.from({ length: 7 }, (_, i) => node(7 - i));
      expect(await platform.countCustomers(shop)).toBe(7);
      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 1; ; pages++) {
        const page = await platform.listCustomers(shop, { after, first: 3 });
        seen.push(...page.items.map((c) => c.id));
        if (!page.pageInfo.hasNextPage) {
          expect(pages).toBe(3);
          break;
        }
        after = page.pageInfo.endCursor;
      }
      expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `800000000000000000${i + 1}`));
      // The page size is held to the connection's bounds.
      expect((await platform.listCustomers(shop, { after: null, first: 1000 })).items).toHaveLength(7);
    });

    it("a malformed answer or an error is a PlatformError, never a silent empty list", async () => {
      const { platform, shop } = await platformWithToken();
      fake.state.customers = [{ legacyResourceId: "8000000000000000001", firstName: 42 } as never];
      const error = await platform.getCustomer(shop, "8000000000000000001").catch((e) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect(error.message).toContain("Unexpected customer query response");
      const bad = await platform.getCustomer(shop, "gid://shopify/Order/1").catch((e) => e);
      expect(bad).toBeInstanceOf(PlatformError);
      fake.state.customers = [];
    });
  });
});
