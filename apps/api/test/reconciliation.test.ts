import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileShopOrders } from "../src/modules/orders/orders.service";
import { startFakeShopifyAdmin } from "./fakes/shopify-admin.fake";
import {
  adminGet,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/** The reconciliation job against a local Admin API that follows Shopify's documented shapes. */
const keys = { apiKey: "fake-api-key", apiSecret: "fake-api-secret-for-tests" };
const SHOP = "fake-outfitters.myshopify.com";
let fake: Awaited<ReturnType<typeof startFakeShopifyAdmin>>;
let t: TestApp;
let shopId: string;

/** An `Order` node as Admin GraphQL returns it. */
function graphqlOrder(
  id: string,
  customerId: string,
  euros: string,
  opts: { status?: string; cancelledAt?: string } = {},
) {
  const money = (amount: string) => ({ shopMoney: { amount, currencyCode: "EUR" } });
  return {
    id: `gid://shopify/Order/${id}`,
    name: `#${id.slice(-4)}`,
    email: `${customerId}@example.com`,
    createdAt: "2026-06-15T10:00:00Z",
    cancelledAt: opts.cancelledAt ?? null,
    displayFinancialStatus: opts.status ?? "PAID",
    sourceName: "web",
    tags: [],
    test: false,
    taxesIncluded: true,
    discountCodes: [],
    customer: { id: `gid://shopify/Customer/${customerId}`, email: `${customerId}@example.com`, tags: [] },
    currentSubtotalPriceSet: money(euros),
    totalPriceSet: money(euros),
    totalShippingPriceSet: money("0.00"),
    taxLines: [],
    lineItems: {
      nodes: [
        {
          id: `gid://shopify/LineItem/${id}1`,
          quantity: 1,
          isGiftCard: false,
          requiresShipping: true,
          product: { id: "gid://shopify/Product/1" },
          variant: { id: "gid://shopify/ProductVariant/1" },
          originalUnitPriceSet: money(euros),
          totalDiscountSet: money("0.00"),
        },
      ],
    },
  };
}

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
  await adminGet(t.app, "/apiSa/shops", await shopifyToken(t.config, SHOP));
  const shop = await t.deps.db
    .selectFrom("shops")
    .select("id")
    .where("shopify_domain", "=", SHOP)
    .executeTakeFirstOrThrow();
  shopId = shop.id;
  // Members whose orders earn; a paid plan so Starter's order limit does not interfere.
  await updateShopRow(t, shopId, { plan: "pro" });
  for (const customer of ["3001", "3002"]) {
    await t.deps.db
      .insertInto("customers")
      .values({
        shop_id: shopId,
        id: `cus_${customer}`,
        platform_customer_id: customer,
        email: `${customer}@example.com`,
        type: "member",
        joined_at: new Date(),
      })
      .execute();
  }
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const available = async (customer: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("available_points")
      .where("id", "=", `cus_${customer}`)
      .executeTakeFirstOrThrow()
  ).available_points;

describe("reconciliation: orders whose webhook never arrived", () => {
  it("credits the missed orders exactly once, leaves webhook-credited ones alone, pages through the API", async () => {
    // Order A arrived as a webhook; B, C and 60 more did not; D is unpaid; E was cancelled.
    expect(
      (
        await deliverWebhook(
          t,
          "orders/paid",
          orderBody({ id: "5000000000000000001", customerId: "3001" }).replaceAll("USD", "EUR"),
          { shop: SHOP },
        )
      ).statusCode,
    ).toBe(200);
    expect(await available("3001")).toBe(10);
    fake.state.orders = [
      graphqlOrder("5000000000000000001", "3001", "100.00"),
      graphqlOrder("5000000000000000002", "3001", "250.00"),
      graphqlOrder("5000000000000000003", "3002", "80.00"),
      graphqlOrder("5000000000000000004", "3002", "500.00", { status: "PENDING" }),
      graphqlOrder("5000000000000000005", "3002", "500.00", { cancelledAt: "2026-06-15T11:00:00Z" }),
      ...Array.from({ length: 60 }, (_, i) =>
        graphqlOrder(String(5_000_000_000_000_001_000n + BigInt(i)), "3002", "10.00"),
      ),
    ];
    fake.state.throttleNext = 1;
    const first = await reconcileShopOrders(t.deps, shopId);
    expect(first).toEqual({ seen: 65, credited: 62 });
    expect(await available("3001")).toBe(10 + 25);
    expect(await available("3002")).toBe(8 + 60);
    // The query ran in two pages (and once more after the THROTTLED answer).
    expect(fake.state.calls.filter((c) => c === "orders")).toHaveLength(3);

    const again = await reconcileShopOrders(t.deps, shopId);
    expect(again).toEqual({ seen: 65, credited: 0 });
    expect(await available("3001")).toBe(35);
    expect(await available("3002")).toBe(68);
    const earns = await t.deps.db
      .selectFrom("ledger_entries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("shop_id", "=", shopId)
      .where("activity_type", "=", "earn_place_order")
      .executeTakeFirstOrThrow();
    expect(Number(earns.n)).toBe(63);
  });

  it("the unpaid order is credited once a later pass finds it paid", async () => {
    fake.state.orders = [graphqlOrder("5000000000000000004", "3002", "500.00")];
    expect(await reconcileShopOrders(t.deps, shopId)).toEqual({ seen: 1, credited: 1 });
    expect(await available("3002")).toBe(68 + 50);
  });
});
