import type { Db } from "@laurel/db";
import type { Clock } from "../../infra/clock";
import {
  PlatformError,
  type PlatformInstall,
  type PlatformPort,
  type PlatformShop,
  type PlatformShopInfo,
} from "../port";
import { createDemoCatalogue } from "./demo-catalogue";
import { createDemoCustomers } from "./demo-customers";
import { createDemoDiscounts } from "./demo-discounts";

/**
 * The demo platform: a local store that needs no network. Shop facts are derived from the shop's
 * domain so every demo shop is stable across restarts.
 */
/** The scopes the demo store grants: the app's own (shopify.app.toml) and the B2B ones (I-21). */
export const DEMO_GRANTED_SCOPES = [
  "read_orders",
  "read_customers",
  "write_customers",
  "read_discounts",
  "write_discounts",
  "read_themes",
  "write_app_proxy",
  "read_products",
  "read_companies",
  "write_publications",
] as const;

/** What the demo store is on: Shopify Basic by default, or Plus (`DEMO_STORE_PLAN=plus`, decision 0174). */
export const demoStorePlans = {
  basic: { shopifyPlan: "basic", planName: "Basic" },
  plus: { shopifyPlan: "shopify_plus", planName: "Shopify Plus" },
} as const;

export function createDemoPlatform(
  clock: Clock,
  db: Db,
  options: { storePlan?: keyof typeof demoStorePlans } = {},
): PlatformPort {
  const storePlan = demoStorePlans[options.storePlan ?? "basic"];
  const store = createDemoDiscounts(db);
  const catalogue = createDemoCatalogue(db);
  const customers = createDemoCustomers(db);
  let sequence = 0;
  // A shop's id never changes while it exists; remembered so each code costs one statement.
  const shopIds = new Map<string, string>();
  async function shopIdOf(domain: string): Promise<string> {
    const known = shopIds.get(domain);
    if (known) return known;
    const id = await store.findShopId(domain);
    if (!id) throw new PlatformError(`Unknown demo shop ${domain}`, false);
    shopIds.set(domain, id);
    return id;
  }
  function info(domain: string): PlatformShopInfo {
    const handle = domain.replace(/\.myshopify\.com$/, "");
    const name = handle
      .split("-")
      .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
      .join(" ");
    return {
      name,
      email: `owner@${handle}.example`,
      domain: null,
      // Basic, or Plus with B2B companies (decision 0174: B2B partner tiers need a Plus store).
      shopifyPlan: storePlan.shopifyPlan,
      isDevelopmentShop: false,
      shopOwner: "Demo Merchant",
      countryCode: "US",
      currency: "USD",
      planName: storePlan.planName,
      country: "United States",
      address1: "1 Demo Street",
      phone: null,
      ianaTimezone: "America/New_York",
      createdAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
      allOrdersCount: 0,
    };
  }
  return {
    name: "demo",
    async install(shopDomain): Promise<PlatformInstall> {
      return { accessToken: null, info: info(shopDomain), scopes: [...DEMO_GRANTED_SCOPES] };
    },
    async getShopInfo(shop: PlatformShop) {
      return info(shop.domain);
    },
    async supportsAppBlocks() {
      // The demo storefront loads the widget as an app embed, like an Online Store 2.0 theme.
      return true;
    },
    async sellsSubscriptions() {
      // The demo store has the platform's own subscriptions set up (decision 0170), so subscription
      // programs and purchase types can be tried in the embedded default.
      return true;
    },
    async createDiscount(shop, request) {
      const shopId = await shopIdOf(shop.domain);
      sequence += 1;
      const id = `gid://demo/DiscountCodeNode/${clock.now().getTime()}${String(sequence).padStart(4, "0")}`;
      // Codes are unique per shop, as on Shopify: a clash is the caller's to retry with another code.
      if (!(await store.insertDiscount(shopId, id, request))) {
        throw new PlatformError(`Code ${request.code} already exists`, false);
      }
      return { platformDiscountId: id, code: request.code };
    },
    async findDiscountByCode(shop, code) {
      const found = await store.findByCode(await shopIdOf(shop.domain), code);
      return found ? { platformDiscountId: found.id, code: found.code } : null;
    },
    // The demo platform has no order history of its own: its orders reach Laurel as webhooks only
    // (the demo store sends them), so there is never a missed one to find.
    async listRecentOrders() {
      return [];
    },
    async deactivateDiscount(shop, platformDiscountId) {
      await store.deactivate(await shopIdOf(shop.domain), platformDiscountId);
    },
    async searchProducts(shop, search) {
      return catalogue.products(await shopIdOf(shop.domain), search);
    },
    async searchCollections(shop, search) {
      return catalogue.collections(await shopIdOf(shop.domain), search);
    },
    async listCollectionProductIds(shop, collectionId) {
      return catalogue.collectionProductIds(await shopIdOf(shop.domain), collectionId);
    },
    async listProductFacts(shop, page) {
      return catalogue.productFacts(await shopIdOf(shop.domain), page);
    },
    // J-21: the demo store's own customers (its shoppers, their tags and consent).
    async getCustomer(shop, customerPlatformId) {
      return customers.get(await shopIdOf(shop.domain), customerPlatformId);
    },
    async listCustomers(shop, page) {
      return customers.list(await shopIdOf(shop.domain), page);
    },
    async countCustomers(shop) {
      return customers.count(await shopIdOf(shop.domain));
    },
    async addOrderTags(shop, orderPlatformId, tags) {
      if (tags.length === 0) return;
      const shopId = await shopIdOf(shop.domain);
      await db
        .insertInto("demo_order_tags")
        .values([...new Set(tags)].map((tag) => ({ shop_id: shopId, order_id: orderPlatformId, tag })))
        .onConflict((oc) => oc.columns(["shop_id", "order_id", "tag"]).doNothing())
        .execute();
    },
    // I-08: the demo store keeps its customers' tags in its own table, as Shopify keeps them.
    async updateCustomerTags(shop, customerPlatformId, change) {
      const shopId = await shopIdOf(shop.domain);
      const added = change.add.map((tag) => ({ shop_id: shopId, customer_id: customerPlatformId, tag }));
      // Shopify removes, then adds: a tag named in both ends up present.
      const remove = change.remove.filter((tag) => !change.add.includes(tag));
      const removed = () =>
        db
          .deleteFrom("demo_customer_tags")
          .where("shop_id", "=", shopId)
          .where("customer_id", "=", customerPlatformId)
          .where("tag", "in", remove);
      // One statement (one commit) per call: the simulated platform should not cost the app's
      // database two WAL flushes per tagged member in the pipeline benches.
      if (added.length === 0) {
        if (remove.length > 0) await removed().execute();
      } else if (remove.length === 0) {
        await db
          .insertInto("demo_customer_tags")
          .values(added)
          .onConflict((oc) => oc.columns(["shop_id", "customer_id", "tag"]).doNothing())
          .execute();
      } else {
        await db
          .with("removed", () => removed())
          .insertInto("demo_customer_tags")
          .values(added)
          .onConflict((oc) => oc.columns(["shop_id", "customer_id", "tag"]).doNothing())
          .execute();
      }
    },
    // Issue 11: the demo store keeps its customers' marketing consent, as Shopify keeps it.
    async unsubscribeCustomerFromEmailMarketing(shop, customerPlatformId, at) {
      const shopId = await shopIdOf(shop.domain);
      await db
        .insertInto("demo_customer_marketing_consents")
        .values({ shop_id: shopId, customer_id: customerPlatformId, state: "unsubscribed", updated_at: at })
        .onConflict((oc) =>
          oc.columns(["shop_id", "customer_id"]).doUpdateSet({ state: "unsubscribed", updated_at: at }),
        )
        .execute();
    },
  };
}
