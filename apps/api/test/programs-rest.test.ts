import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { createShopifyPlatform } from "../src/platform/shopify/shopify.adapter";
import { startFakeShopifyAdmin } from "./fakes/shopify-admin.fake";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signedProxyUrl,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.deps);
  ({ token } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

const proxy = (method: "GET" | "POST", path: string, customer: string, payload?: object, extra = {}) =>
  t.app.inject({
    method,
    url: signedProxyUrl(t, path, { customer, extra }),
    ...(payload ? { payload } : {}),
  });

async function grantPoints(platformId: string, points: number) {
  const c = await t.deps.db
    .selectFrom("customers")
    .select("id")
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .updateTable("customers")
    .set((eb) => ({ available_points: eb("available_points", "+", points) }))
    .where("id", "=", c.id)
    .execute();
  await t.deps.db
    .insertInto("ledger_entries")
    .values({
      shop_id: "shop_demo",
      customer_id: c.id,
      activity_type: "earn_place_order",
      available_delta: points,
      idempotency_key: `test-grant-${platformId}-${points}`,
      input_hash: "test",
    })
    .execute();
}

describe("C-20, D-05: the pickers read the store's catalogue through the platform port", () => {
  it("the demo platform searches the demo store's products by title, a page at a time", async () => {
    const all = await adminGet(t.app, "/apiSa/lp/catalogue/products", token);
    expect(all.statusCode, all.body).toBe(200);
    const titles = all.json().data.items.map((p: { title: string }) => p.title);
    expect(titles.length).toBeGreaterThanOrEqual(8);
    expect(titles).toEqual([...titles].sort());
    const tee = await adminGet(t.app, "/apiSa/lp/catalogue/products?q=WREATH", token);
    expect(tee.json().data).toEqual({
      items: [
        {
          id: "8012345678900000001",
          title: "Laurel Wreath Tee",
          vendor: "Laurel Demo Goods",
          imageUrl: null,
          variants: [{ id: "4512345678900000001", title: "Default Title" }],
        },
      ],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    // A search that means nothing finds nothing (LIKE wildcards are text here).
    const none = await adminGet(t.app, "/apiSa/lp/catalogue/products?q=%25", token);
    expect(none.json().data.items).toEqual([]);
  });

  it("collections come with their product counts; bad input is a 400 naming the field", async () => {
    const res = await adminGet(t.app, "/apiSa/lp/catalogue/collections?q=home", token);
    expect(res.json().data.items).toEqual([{ id: "482913000000000102", title: "Home", productsCount: 3 }]);
    const long = await adminGet(t.app, `/apiSa/lp/catalogue/products?q=${"x".repeat(201)}`, token);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe("q");
    const anonymous = await t.app.inject({ method: "GET", url: "/apiSa/lp/catalogue/products" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("the Shopify adapter asks Admin GraphQL (title search, pages by cursor) and answers numeric ids", async () => {
    const keys = { apiKey: t.config.shopifyApiKey, apiSecret: t.config.shopifyApiSecret };
    const fake = await startFakeShopifyAdmin(keys);
    try {
      fake.state.products = Array.from({ length: 30 }, (_, i) => ({
        legacyResourceId: `900000000000000${String(i).padStart(4, "0")}`,
        title: `Sock ${String(i).padStart(2, "0")}`,
        vendor: "Fake Outfitters",
        featuredMedia: { preview: { image: { url: `https://cdn.example/sock-${i}.png` } } },
        variants: { nodes: [{ legacyResourceId: String(7_000 + i), title: "M" }] },
      }));
      fake.state.products.push({
        legacyResourceId: "42",
        title: 'Cap "Pro" (red)',
        vendor: "Fake Outfitters",
        featuredMedia: null,
        variants: { nodes: [] },
      });
      fake.state.collections = [
        { legacyResourceId: "77", title: "Summer", productsCount: { count: 12 } },
        { legacyResourceId: "78", title: "Winter", productsCount: { count: 3 } },
      ];
      const platform = createShopifyPlatform({ ...keys, adminOrigin: fake.origin, apiVersion: "2026-07" });
      const domain = "pickers.myshopify.com";
      const { accessToken } = await platform.install(domain, await shopifyToken(t.config, domain));
      const shop = { domain, accessToken };
      const first = await platform.searchProducts(shop, { query: "sock", after: null, first: 25 });
      expect(first.items).toHaveLength(25);
      expect(first.items[0]).toEqual({
        id: "9000000000000000000",
        title: "Sock 00",
        vendor: "Fake Outfitters",
        imageUrl: "https://cdn.example/sock-0.png",
        variants: [{ id: "7000", title: "M" }],
      });
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = await platform.searchProducts(shop, {
        query: "sock",
        after: first.pageInfo.endCursor,
        first: 25,
      });
      expect(second.items.map((p) => p.title)).toEqual([
        "Sock 25",
        "Sock 26",
        "Sock 27",
        "Sock 28",
        "Sock 29",
      ]);
      expect(second.pageInfo.hasNextPage).toBe(false);
      // Search syntax characters are escaped, so a title with quotes and brackets is found.
      const cap = await platform.searchProducts(shop, { query: '"Pro" (red', after: null, first: 25 });
      expect(cap.items.map((p) => p.id)).toEqual(["42"]);
      const collections = await platform.searchCollections(shop, { query: "", after: null, first: 25 });
      expect(collections.items).toEqual([
        { id: "77", title: "Summer", productsCount: 12 },
        { id: "78", title: "Winter", productsCount: 3 },
      ]);
    } finally {
      await fake.close();
    }
  });
});

describe("S-14: the widget shows program names in the storefront's language", () => {
  it("a translated name replaces the default for that language and its regional variants", async () => {
    const programs = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    const signUp = programs.find((p: { event: string }) => p.event === "sign_up");
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs", token, [
      { id: signUp.id, title: signUp.title, translateTitle: { fr: "Inscription", "pt-BR": "Cadastro" } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const titleIn = async (locale?: string) => {
      const r = await proxy("GET", "/proxy/customer", "", undefined, locale ? { locale } : {});
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.waysToEarn.find((w: { programId: string }) => w.programId === signUp.id).title;
    };
    expect(await titleIn("fr")).toBe("Inscription");
    expect(await titleIn("fr-CA")).toBe("Inscription");
    expect(await titleIn("pt-BR")).toBe("Cadastro");
    expect(await titleIn("de")).toBe(signUp.title);
    expect(await titleIn()).toBe(signUp.title);
    const bad = await proxy("GET", "/proxy/customer", "", undefined, { locale: "<script>" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("D-18: a partner voucher hands out one uploaded code per redemption", () => {
  it("codes go out in order, never twice; then 'We have run out of reward coupons'", async () => {
    const created = await adminSend(t.app, "POST", "/apiSa/lp/programs/spending", token, {
      event: "custom_voucher",
      title: "Coffee partner voucher",
      status: "active",
      config: { pointsCost: 100, voucherCodes: ["BEAN-001", "BEAN-002"] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const programId = created.json().data.id;
    const shoppers = ["8800000000000000001", "8800000000000000002", "8800000000000000003"];
    await addMembers(t, shoppers);
    for (const s of shoppers) await grantPoints(s, 300);
    const discountsBefore = await t.deps.db.selectFrom("demo_discounts").select("id").execute();

    const redeem = (s: string) => proxy("POST", "/proxy/redeem", s, { programId });
    const first = await redeem(shoppers[0] as string);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.coupon).toMatchObject({ code: "BEAN-001", points: 100 });
    const second = await redeem(shoppers[1] as string);
    expect(second.json().data.coupon.code).toBe("BEAN-002");
    const third = await redeem(shoppers[2] as string);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe("We have run out of reward coupons");

    // The codes are the partner's: nothing was created on the store's platform.
    const discountsAfter = await t.deps.db.selectFrom("demo_discounts").select("id").execute();
    expect(discountsAfter.length).toBe(discountsBefore.length);
    const balances = await t.deps.db
      .selectFrom("customers")
      .select(["platform_customer_id", "available_points"])
      .where("platform_customer_id", "in", shoppers)
      .orderBy("platform_customer_id")
      .execute();
    expect(balances.map((b) => b.available_points)).toEqual([200, 200, 300]);
    const view = await proxy("GET", "/proxy/customer", shoppers[2] as string);
    const way = view.json().data.waysToRedeem.find((w: { programId: string }) => w.programId === programId);
    expect(way).toMatchObject({ available: false, unavailableReason: "We have run out of reward coupons" });
  });
});

describe("D-10: the reward's sale channel goes to the platform with its code", () => {
  it("an online reward's code is for the online store", async () => {
    const shopper = "8800000000000000009";
    await addMembers(t, [shopper]);
    await grantPoints(shopper, 1000);
    const rewards = (await adminGet(t.app, "/apiSa/lp/programs/spending", token)).json().data;
    const amount = rewards.find((p: { event: string }) => p.event === "amount_discount");
    const res = await proxy("POST", "/proxy/redeem", shopper, { programId: amount.id });
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().data.coupon.code;
    const row = await t.deps.db
      .selectFrom("demo_discounts")
      .select("request")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    expect(row.request).toMatchObject({ salesChannel: "online_store" });
  });
});

describe("C-10: a downgraded plan pauses the rules it no longer includes", () => {
  it("a rule-engine rule is paused on Starter (list, widget, earning) and runs again on Advanced", async () => {
    await updateShopRow(t, "shop_demo", { plan: "advanced" });
    try {
      const created = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
        event: "place_order",
        title: "Big orders",
        status: "active",
        priority: 7,
        config: {
          earnBy: "order",
          earnPoint: 50,
          rateMoney: null,
          statusUseCondition: true,
          conditions: [{ criteria: "order", field: "subtotal", matcher: "greater_than", value: 100 }],
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id;
      const statusOf = async () =>
        (await adminGet(t.app, "/apiSa/lp/programs/earning", token))
          .json()
          .data.find((p: { id: string }) => p.id === id).status;
      const offered = async () =>
        (await proxy("GET", "/proxy/customer", ""))
          .json()
          .data.waysToEarn.some((w: { programId: string }) => w.programId === id);
      expect(await statusOf()).toBe("active");
      expect(await offered()).toBe(true);

      await updateShopRow(t, "shop_demo", { plan: "free" });
      expect(await statusOf()).toBe("paused");
      expect(await offered()).toBe(false);
      const context = await t.deps.shopContexts.byId("shop_demo");
      expect(context?.earningPrograms.find((p) => p.id === id)?.status).toBe("paused");
      // The stored switch is untouched: the upgrade resumes it.
      const row = await t.deps.db
        .selectFrom("programs")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("active");

      await updateShopRow(t, "shop_demo", { plan: "advanced" });
      expect(await statusOf()).toBe("active");
      await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${id}`, token);
    } finally {
      await updateShopRow(t, "shop_demo", { plan: "free" });
    }
  });
});

describe("C-18: applying the rule engine is irreversible once saved", () => {
  it("the conditions may change; taking the engine off is refused, naming the field", async () => {
    await updateShopRow(t, "shop_demo", { plan: "advanced" });
    try {
      const created = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
        event: "place_order",
        title: "Engine rule",
        status: "inactive",
        priority: 8,
        config: {
          earnBy: "order",
          earnPoint: 5,
          rateMoney: null,
          statusUseCondition: true,
          conditions: [{ criteria: "order", field: "tag", matcher: "includes", value: ["vip"] }],
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const program = created.json().data;
      const changed = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${program.id}`, token, {
        config: {
          ...program.config,
          conditions: [{ criteria: "order", field: "tag", matcher: "includes", value: ["gold"] }],
        },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const off = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${program.id}`, token, {
        config: { ...program.config, statusUseCondition: false },
      });
      expect(off.statusCode).toBe(400);
      expect(off.json().errors).toEqual([
        { field: "config.statusUseCondition", message: "The rule engine can't be removed once applied" },
      ]);
      await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${program.id}`, token);
    } finally {
      await updateShopRow(t, "shop_demo", { plan: "free" });
    }
  });
});
