import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { fixedClock } from "../src/infra/clock";
import { refreshCollectionProducts } from "../src/modules/catalogue/catalogue.service";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { getShopOrThrow } from "../src/modules/shops/shops.service";
import { createShopifyPlatform } from "../src/platform/shopify/shopify.adapter";
import { startFakeShopifyAdmin } from "./fakes/shopify-admin.fake";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

const HOME = "482913000000000102";
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
let homeProduct: string;
let otherProduct: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seedDemoStore(t.deps);
  ({ token } = await signIn(t.app));
  const products = await t.deps.db.selectFrom("demo_products").select(["id", "collection_ids"]).execute();
  homeProduct = products.find((p) => p.collection_ids.includes(HOME))?.id as string;
  otherProduct = products.find((p) => !p.collection_ids.includes(HOME))?.id as string;
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "7701", email: "ines@example.com", firstName: "Ines", lastName: null },
        "member",
        clock.now(),
      ),
    );
});
afterAll(async () => {
  await t.close();
});

const explain = async (q: string) => {
  const res = await adminGet(t.app, `/apiSa/lp/programs/explain?q=${encodeURIComponent(q)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe("collection scoping of place order rules (issue 14)", () => {
  it("a rule limited to a collection earns on that collection's products only, matched at order time", async () => {
    expect(homeProduct).toBeTruthy();
    expect(otherProduct).toBeTruthy();
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    const base = earning.find((p: { event: string }) => p.event === "place_order");
    // The shop's default rule is switched off so the collection rule's points stand alone.
    const off = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${base.id}/status`, token, {
      status: "inactive",
    });
    expect(off.statusCode, off.body).toBe(200);
    const rule = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      event: "place_order",
      title: "Home goods",
      status: "active",
      priority: 7,
      config: {
        earnBy: "price",
        earnPoint: 5,
        rateMoney: 1_000,
        includeProducts: { appliesTo: "specific", productIds: [], collectionIds: [HOME] },
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    // The save enqueued the refresh of the collection's members (outbox).
    const queued = await t.deps.database.jobSql.executeSql("select data from pgboss.job where name = $1", [
      "refresh-collection-products",
    ]);
    expect(queued.rows).toEqual([{ data: { shopId: "shop_demo" } }]);
    await refreshCollectionProducts(t.deps, await getShopOrThrow(t.deps, "shop_demo"));
    const kept = await t.deps.db
      .selectFrom("collection_products")
      .select("product_id")
      .where("collection_id", "=", HOME)
      .execute();
    expect(kept.map((r) => r.product_id)).toContain(homeProduct);
    expect(kept.map((r) => r.product_id)).not.toContain(otherProduct);

    // One line of each: 40.00 in Home earns 20 points (5 per 10.00); 60.00 outside earns none.
    const mixed = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "9400001",
        customerId: "7701",
        email: "ines@example.com",
        lines: [
          { id: "94000011", price: "40.00", quantity: 1, productId: homeProduct },
          { id: "94000012", price: "60.00", quantity: 1, productId: otherProduct },
        ],
      }),
    );
    expect(mixed.statusCode, mixed.body).toBe(200);
    const outside = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "9400002",
        customerId: "7701",
        email: "ines@example.com",
        lines: [{ id: "94000021", price: "60.00", quantity: 1, productId: otherProduct }],
      }),
    );
    expect(outside.statusCode, outside.body).toBe(200);
    const orders = await t.deps.db
      .selectFrom("orders")
      .select(["order_id", "points_awarded"])
      .where("order_id", "in", ["9400001", "9400002"])
      .orderBy("order_id")
      .execute();
    expect(orders).toEqual([
      { order_id: "9400001", points_awarded: 20 },
      { order_id: "9400002", points_awarded: 0 },
    ]);
    const [why] = await explain("#0002");
    const ruleOutcome = why.trace.find((p: { programId: string }) => p.programId === rule.json().data.id);
    expect(ruleOutcome).toMatchObject({ result: "skipped", reason: "no_eligible_items" });
    // The decided order keeps the lines' collections (explanations and backtests read them).
    const facts = await t.deps.db
      .selectFrom("orders")
      .select("facts")
      .where("order_id", "=", "9400001")
      .executeTakeFirstOrThrow();
    const lines = (facts.facts as { lines: { productId: string; collectionIds?: string[] }[] }).lines;
    expect(lines.map((l) => l.collectionIds ?? [])).toEqual([[HOME], []]);
    const back = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${base.id}/status`, token, {
      status: "active",
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("a products/update webhook re-reads the named collections soon, once for a burst of edits", async () => {
    const refreshes = async () =>
      (
        await t.deps.database.jobSql.executeSql(
          "select start_after > now() as later from pgboss.job where name = $1 and singleton_key = $2 order by start_after",
          ["refresh-collection-products", "shop_demo"],
        )
      ).rows as { later: boolean }[];
    expect(await refreshes()).toEqual([]);
    for (const id of [632910392, 632910393, 632910394, 632910395]) {
      const res = await deliverWebhook(t, "products/update", productUpdateBody(id));
      expect(res.statusCode, res.body).toBe(200);
    }
    // One refresh in this slot and one in the next catch every edit of the burst; not four.
    expect(await refreshes()).toEqual([{ later: false }, { later: true }]);
    const bad = await deliverWebhook(t, "products/update", { title: "no id" });
    expect(bad.statusCode).toBe(200); // acknowledged: a webhook is recorded before it is read
    const refused = await t.deps.db
      .selectFrom("webhook_deliveries")
      .select(["status", "last_error"])
      .where("topic", "=", "products/update")
      .where("status", "<>", "processed")
      .execute();
    expect(refused).toEqual([
      { status: expect.stringMatching(/failed|received/), last_error: expect.stringMatching(/id/) },
    ]);
  });

  it("a collection no rule names any more is forgotten at the next refresh", async () => {
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    const rule = earning.find((p: { title: string }) => p.title === "Home goods");
    const res = await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${rule.id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    await refreshCollectionProducts(t.deps, await getShopOrThrow(t.deps, "shop_demo"));
    const left = await t.deps.db.selectFrom("collection_products").select("product_id").execute();
    expect(left).toEqual([]);
    // No rule names a collection any more: a product edit enqueues nothing.
    const before = await t.deps.database.jobSql.executeSql("select count(*)::int as n from pgboss.job", []);
    await deliverWebhook(t, "products/update", productUpdateBody(632910396));
    const after = await t.deps.database.jobSql.executeSql("select count(*)::int as n from pgboss.job", []);
    expect(after.rows).toEqual(before.rows);
  });

  it("a 'collection title' condition earns on the lines of products in a collection so titled (C-19)", async () => {
    const home = await t.deps.db
      .selectFrom("demo_collections")
      .select("title")
      .where("id", "=", HOME)
      .executeTakeFirstOrThrow();
    const word = home.title.split(" ")[0] as string;
    // The rule engine's conditions need the Advanced plan (C-18, R).
    const { plan } = await t.deps.db
      .selectFrom("shops")
      .select("plan")
      .where("id", "=", "shop_demo")
      .executeTakeFirstOrThrow();
    await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    const base = earning.find((p: { event: string }) => p.event === "place_order");
    await adminSend(t.app, "PUT", `/apiSa/lp/programs/${base.id}/status`, token, { status: "inactive" });
    const rule = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      event: "place_order",
      title: "Titled collection",
      status: "active",
      priority: 8,
      config: {
        earnBy: "price",
        earnPoint: 5,
        rateMoney: 1_000,
        statusUseCondition: true,
        typeCondition: "all",
        typeProductMatch: "any",
        conditions: [
          { criteria: "collection", field: "title", matcher: "contains", value: word.toLowerCase() },
        ],
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    await refreshCollectionProducts(t.deps, await getShopOrThrow(t.deps, "shop_demo"));
    // Only collections whose title can decide the condition are kept, with their titles.
    const kept = await t.deps.db
      .selectFrom("collection_refreshes")
      .select(["collection_id", "title"])
      .execute();
    expect(kept).toContainEqual({ collection_id: HOME, title: home.title });
    for (const k of kept) expect(k.title?.toLowerCase()).toContain(word.toLowerCase());
    const res = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "9400003",
        customerId: "7701",
        email: "ines@example.com",
        lines: [
          { id: "94000031", price: "40.00", quantity: 1, productId: homeProduct },
          { id: "94000032", price: "60.00", quantity: 1, productId: otherProduct },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = await t.deps.db
      .selectFrom("orders")
      .select(["points_awarded", "facts"])
      .where("order_id", "=", "9400003")
      .executeTakeFirstOrThrow();
    expect(order.points_awarded).toBe(20);
    const lines = (order.facts as { lines: { collectionTitles?: string[] }[] }).lines;
    expect(lines.map((l) => l.collectionTitles ?? [])).toEqual([[home.title], []]);
    await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${rule.json().data.id}`, token);
    await adminSend(t.app, "PUT", `/apiSa/lp/programs/${base.id}/status`, token, { status: "active" });
    await updateShopRow(t, "shop_demo", { plan });
  });

  it("product title, vendor and SKU conditions read the order's line items (C-19)", async () => {
    await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
    const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    const base = earning.find((p: { event: string }) => p.event === "place_order");
    await adminSend(t.app, "PUT", `/apiSa/lp/programs/${base.id}/status`, token, { status: "inactive" });
    const rule = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      event: "place_order",
      title: "Ceramics by Maple",
      status: "active",
      priority: 9,
      config: {
        earnBy: "price",
        earnPoint: 5,
        rateMoney: 1_000,
        statusUseCondition: true,
        typeCondition: "all",
        typeProductMatch: "any",
        conditions: [
          { criteria: "product", field: "title", matcher: "contains", value: "mug" },
          { criteria: "product", field: "vendor", matcher: "equal", value: "Maple & Moss" },
          { criteria: "product", field: "sku", matcher: "start", value: "CER-" },
        ],
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const res = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "9400004",
        customerId: "7701",
        email: "ines@example.com",
        lines: [
          {
            id: "94000041",
            price: "40.00",
            quantity: 1,
            title: "Stoneware Mug",
            vendor: "Maple & Moss",
            sku: "CER-001",
          },
          {
            id: "94000042",
            price: "60.00",
            quantity: 1,
            title: "Stoneware Mug",
            vendor: "Other",
            sku: "CER-002",
          },
          {
            id: "94000043",
            price: "20.00",
            quantity: 1,
            title: "Linen towel",
            vendor: "Maple & Moss",
            sku: "CER-003",
          },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = await t.deps.db
      .selectFrom("orders")
      .select("points_awarded")
      .where("order_id", "=", "9400004")
      .executeTakeFirstOrThrow();
    // Only the first line meets all three: 40.00 earns 20 points.
    expect(order.points_awarded).toBe(20);
    await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${rule.json().data.id}`, token);
    await adminSend(t.app, "PUT", `/apiSa/lp/programs/${base.id}/status`, token, { status: "active" });
  });

  it("the Shopify adapter reads a collection's products page by page, and null for a deleted collection", async () => {
    const keys = { apiKey: t.config.shopifyApiKey, apiSecret: t.config.shopifyApiSecret };
    const fake = await startFakeShopifyAdmin(keys);
    try {
      fake.state.collections = [{ legacyResourceId: "555", title: "Sale" }];
      fake.state.products = Array.from({ length: 260 }, (_, i) => ({
        legacyResourceId: String(7_000 + i),
        title: `Item ${i}`,
        collectionIds: i % 2 === 0 ? ["555"] : [],
      }));
      const platform = createShopifyPlatform({ ...keys, adminOrigin: fake.origin, apiVersion: "2026-07" });
      const domain = "collections.myshopify.com";
      const { accessToken } = await platform.install(domain, await shopifyToken(t.config, domain));
      const shop = { domain, accessToken };
      const ids = await platform.listCollectionProductIds(shop, "555");
      expect(ids).toHaveLength(130);
      expect(ids?.[0]).toBe("7000");
      expect(await platform.listCollectionProductIds(shop, "556")).toBeNull();
    } finally {
      await fake.close();
    }
  });
});

/** A products/update body as Shopify sends it (the fields Laurel reads, among the usual ones). */
function productUpdateBody(id: number) {
  return {
    id,
    title: `Product ${id}`,
    body_html: "<p>Hand-thrown</p>",
    vendor: "Maple & Moss",
    product_type: "Home",
    handle: `product-${id}`,
    created_at: "2026-05-01T10:00:00-04:00",
    updated_at: "2026-06-15T10:00:00-04:00",
    published_at: "2026-05-01T10:00:00-04:00",
    status: "active",
    tags: "home, ceramics",
    admin_graphql_api_id: `gid://shopify/Product/${id}`,
    variants: [{ id: id * 10 + 1, product_id: id, title: "Default Title", price: "40.00", sku: "" }],
  };
}
