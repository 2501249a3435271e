import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { fixedClock } from "../src/infra/clock";
import { refreshCollectionProducts } from "../src/modules/catalogue/catalogue.service";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { getShopOrThrow } from "../src/modules/shops/shops.service";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * C-19 product type and tag conditions (issue 14, decision 0175): order webhooks carry neither, so
 * the products' type and tags are kept from the catalogue (the demo platform here) while a rule
 * reads them, kept current by products/update, and the order pipeline fills the lines with them.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
let tee: string;
let candle: string;
let plan: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await seedDemoStore(t.deps);
  ({ token } = await signIn(t.app));
  const products = await t.deps.db.selectFrom("demo_products").select(["id", "title"]).execute();
  tee = products.find((p) => p.title === "Laurel Wreath Tee")?.id as string;
  candle = products.find((p) => p.title === "Olive Grove Candle")?.id as string;
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "7801", email: "tove@example.com", firstName: "Tove", lastName: null },
        "member",
        clock.now(),
      ),
    );
  ({ plan } = await t.deps.db
    .selectFrom("shops")
    .select("plan")
    .where("id", "=", "shop_demo")
    .executeTakeFirstOrThrow());
  // The rule engine's conditions need the Advanced plan (C-18, R).
  await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
});
afterAll(async () => {
  await updateShopRow(t, "shop_demo", { plan });
  await t.close();
});

const buy = async (id: string, productId: string) => {
  const res = await deliverWebhook(
    t,
    "orders/paid",
    orderBody({
      id,
      customerId: "7801",
      email: "tove@example.com",
      lines: [{ id: `${id}1`, price: "50.00", quantity: 1, productId }],
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const [explained] = (await adminGet(t.app, `/apiSa/lp/programs/explain?q=${id}`, token)).json().data;
  return explained;
};

describe("product type and tag conditions read the kept catalogue (C-19)", () => {
  it("a rule on a product tag and type earns on the products that have them, and says why not on the others", async () => {
    expect(tee).toBeTruthy();
    expect(candle).toBeTruthy();
    const rule = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      event: "place_order",
      title: "Sale apparel bonus",
      status: "active",
      priority: 3,
      config: {
        earnBy: "order",
        earnPoint: 40,
        rateMoney: null,
        statusUseCondition: true,
        typeCondition: "all",
        conditions: [
          { criteria: "product", field: "tag", matcher: "contains", value: "sale" },
          { criteria: "product", field: "type", matcher: "equal", value: "Apparel" },
        ],
      },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const ruleId = rule.json().data.id;
    // The save enqueued the catalogue refresh (outbox); the job reads the products' facts.
    const queued = await t.deps.database.jobSql.executeSql("select data from pgboss.job where name = $1", [
      "refresh-collection-products",
    ]);
    expect(queued.rows).toContainEqual({ data: { shopId: "shop_demo" } });
    await refreshCollectionProducts(t.deps, await getShopOrThrow(t.deps, "shop_demo"));
    const kept = await t.deps.db
      .selectFrom("product_facts")
      .select(["product_id", "product_type", "tags"])
      .where("shop_id", "=", "shop_demo")
      .where("product_id", "in", [tee, candle])
      .orderBy("product_id")
      .execute();
    expect(kept).toEqual(
      expect.arrayContaining([
        { product_id: tee, product_type: "apparel", tags: ["sale", "organic cotton"] },
        { product_id: candle, product_type: "home", tags: ["gift", "scented"] },
      ]),
    );

    const teeOrder = await buy("9500001", tee);
    const teeRule = teeOrder.trace.find((p: { programId: string }) => p.programId === ruleId);
    expect(teeRule).toMatchObject({
      result: "awarded",
      points: 40,
      conditions: [
        { field: "tag", met: true },
        { field: "type", met: true },
      ],
    });

    const candleOrder = await buy("9500002", candle);
    const candleRule = candleOrder.trace.find((p: { programId: string }) => p.programId === ruleId);
    expect(candleRule).toMatchObject({
      result: "skipped",
      reason: "conditions_not_met",
      conditions: [
        { criteria: "product", field: "tag", matcher: "contains", value: "sale", met: false },
        { criteria: "product", field: "type", matcher: "equal", value: "Apparel", met: false },
      ],
    });
    // The decided order keeps the lines' type and tags (explanations and backtests read them).
    const stored = await t.deps.db
      .selectFrom("orders")
      .select("facts")
      .where("order_id", "=", "9500002")
      .executeTakeFirstOrThrow();
    expect((stored.facts as { lines: unknown[] }).lines[0]).toMatchObject({
      productType: "home",
      productTags: ["gift", "scented"],
    });

    // The merchant tags the candle "Sale" and makes it apparel on the platform: products/update
    // keeps the new facts at once, and the next candle order earns.
    const update = await deliverWebhook(t, "products/update", {
      id: candle,
      title: "Olive Grove Candle",
      product_type: "Apparel",
      tags: "Clearance, Sale",
    });
    expect(update.statusCode, update.body).toBe(200);
    const again = await buy("9500003", candle);
    expect(again.trace.find((p: { programId: string }) => p.programId === ruleId)).toMatchObject({
      result: "awarded",
      points: 40,
    });

    // Deleting the only rule that read them enqueues a refresh, which forgets them (next test).
    const jobs = async () =>
      (
        await t.deps.database.jobSql.executeSql("select id from pgboss.job where name = $1", [
          "refresh-collection-products",
        ])
      ).rows.length;
    const before = await jobs();
    const gone = await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${ruleId}`, token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await jobs()).toBe(before + 1);
  });

  it("without such a rule, a refresh keeps no product facts", async () => {
    await refreshCollectionProducts(t.deps, await getShopOrThrow(t.deps, "shop_demo"));
    const left = await t.deps.db
      .selectFrom("product_facts")
      .select("product_id")
      .where("shop_id", "=", "shop_demo")
      .execute();
    expect(left).toEqual([]);
  });
});
