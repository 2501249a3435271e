import { z } from "zod";
import {
  PlatformError,
  type PlatformInstall,
  type PlatformPort,
  type PlatformShop,
  type PlatformShopInfo,
} from "../port";
import { adminGraphql } from "./admin-graphql";
import {
  COLLECTION_PRODUCTS_QUERY,
  COLLECTIONS_QUERY,
  catalogueVariables,
  collectionProductsResponse,
  collectionsResponse,
  PRODUCT_FACTS_QUERY,
  PRODUCTS_QUERY,
  productFactsResponse,
  productsResponse,
  toCollectionsPage,
  toProductFactsPage,
  toProductsPage,
} from "./catalogue-query";
import {
  CUSTOMER_QUERY,
  CUSTOMERS_COUNT_QUERY,
  CUSTOMERS_QUERY,
  customerGid,
  customerResponse,
  customersCountResponse,
  customersResponse,
  toCustomersPage,
  toPlatformCustomer,
} from "./customers-query";
import {
  DISCOUNT_BY_CODE_QUERY,
  DISCOUNT_MUTATIONS,
  discountByCodeResponse,
  discountMutation,
} from "./discount-input";
import { RECENT_ORDERS_QUERY, recentOrdersResponse, toPlatformOrderFromGraphql } from "./orders-query";

export interface ShopifyPlatformConfig {
  apiKey: string;
  apiSecret: string;
  /** e.g. `https://{shop}`; tests point it at a local fake that follows Shopify's documented protocol. */
  adminOrigin: string;
  apiVersion: string;
  fetch?: typeof fetch;
  /** Back-off sleep (tests pass a recorder). */
  sleep?: (ms: number) => Promise<void>;
}

interface UserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

const tokenExchangeResponse = z.object({ access_token: z.string().min(1), scope: z.string().optional() });

const shopQueryResponse = z.object({
  data: z.object({
    shop: z.object({
      name: z.string(),
      email: z.string(),
      myshopifyDomain: z.string(),
      primaryDomain: z.object({ host: z.string() }).nullable(),
      currencyCode: z.string(),
      ianaTimezone: z.string(),
      createdAt: z.string(),
      plan: z.object({ displayName: z.string(), partnerDevelopment: z.boolean() }),
      billingAddress: z
        .object({
          country: z.string().nullable(),
          countryCodeV2: z.string().nullable(),
          address1: z.string().nullable(),
          phone: z.string().nullable(),
        })
        .nullable(),
      shopOwnerName: z.string().nullable().optional(),
    }),
    ordersCount: z.object({ count: z.number() }).nullable().optional(),
  }),
});

const SHOP_QUERY = `query LaurelShop {
  shop {
    name email myshopifyDomain currencyCode ianaTimezone createdAt shopOwnerName
    primaryDomain { host }
    plan { displayName partnerDevelopment }
    billingAddress { country countryCodeV2 address1 phone }
  }
  ordersCount(limit: null) { count }
}`;

const THEME_QUERY = `query LaurelMainTheme {
  themes(first: 1, roles: [MAIN]) {
    nodes { files(filenames: ["templates/product.json", "templates/index.json"], first: 2) { nodes { filename } } }
  }
}`;

const themeQueryResponse = z.object({
  data: z.object({
    themes: z.object({
      nodes: z.array(z.object({ files: z.object({ nodes: z.array(z.object({ filename: z.string() })) }) })),
    }),
  }),
});

/** `shop.features.sellsSubscriptions`: a subscription app is installed and set up (no extra scope). */
const SELLS_SUBSCRIPTIONS_QUERY = `query LaurelSellsSubscriptions { shop { features { sellsSubscriptions } } }`;
const sellsSubscriptionsResponse = z.object({
  data: z.object({ shop: z.object({ features: z.object({ sellsSubscriptions: z.boolean() }) }) }),
});

/** The Shopify adapter: token exchange and Admin GraphQL (reference/shopify-platform.md §1.3, §5). */

/** I-08: customer tag mutations (Admin GraphQL; each answers `node { id }` and `userErrors`). */
const TAG_MUTATIONS = {
  tagsAdd: `mutation tagsAdd($id: ID!, $tags: [String!]!) {
  tagsAdd(id: $id, tags: $tags) { node { id } userErrors { field message } }
}`,
  tagsRemove: `mutation tagsRemove($id: ID!, $tags: [String!]!) {
  tagsRemove(id: $id, tags: $tags) { node { id } userErrors { field message } }
}`,
} as const;

/** Issue 11: an unsubscribe from a Laurel e-mail withdraws the customer's e-mail marketing consent. */
const CONSENT_MUTATION = `mutation customerEmailMarketingConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {
  customerEmailMarketingConsentUpdate(input: $input) { customer { id } userErrors { field message } }
}`;

export function createShopifyPlatform(config: ShopifyPlatformConfig): PlatformPort {
  const doFetch = config.fetch ?? fetch;
  const origin = (shop: string) => config.adminOrigin.replace("{shop}", shop).replace(/\/$/, "");

  function client(shop: PlatformShop) {
    if (!shop.accessToken) throw new PlatformError(`No Admin API token for ${shop.domain}`, false);
    return {
      origin: origin(shop.domain),
      apiVersion: config.apiVersion,
      accessToken: shop.accessToken,
      fetch: doFetch,
      ...(config.sleep ? { sleep: config.sleep } : {}),
    };
  }

  /** Runs a mutation; a non-empty userErrors list is a failure even on HTTP 200 (reference §5). */
  async function mutate(shop: PlatformShop, name: string, query: string, variables: Record<string, unknown>) {
    const data = await adminGraphql<
      Record<string, { codeDiscountNode: { id: string } | null; userErrors: UserError[] }>
    >(client(shop), query, variables);
    const payload = data[name];
    if (!payload) throw new PlatformError(`Unexpected ${name} response`, false);
    if (payload.userErrors.length > 0) {
      throw new PlatformError(`${name}: ${payload.userErrors.map((e) => e.message).join("; ")}`, false);
    }
    return payload;
  }

  function toInfo(parsed: z.infer<typeof shopQueryResponse>): PlatformShopInfo {
    const s = parsed.data.shop;
    return {
      name: s.name,
      email: s.email,
      domain: s.primaryDomain?.host ?? null,
      shopifyPlan: s.plan.displayName.toLowerCase(),
      isDevelopmentShop: s.plan.partnerDevelopment,
      shopOwner: s.shopOwnerName ?? "",
      countryCode: s.billingAddress?.countryCodeV2 ?? "",
      currency: s.currencyCode,
      planName: s.plan.displayName,
      country: s.billingAddress?.country ?? "",
      address1: s.billingAddress?.address1 ?? null,
      phone: s.billingAddress?.phone ?? null,
      ianaTimezone: s.ianaTimezone,
      createdAt: s.createdAt,
      allOrdersCount: parsed.data.ordersCount?.count ?? 0,
    };
  }

  async function getShopInfo(shop: PlatformShop): Promise<PlatformShopInfo> {
    const parsed = shopQueryResponse.safeParse({ data: await adminGraphql(client(shop), SHOP_QUERY) });
    if (!parsed.success) throw new PlatformError("Unexpected shop query response", false);
    return toInfo(parsed.data);
  }

  return {
    name: "shopify",
    async install(shopDomain, sessionToken): Promise<PlatformInstall> {
      const res = await doFetch(`${origin(shopDomain)}/admin/oauth/access_token`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          client_id: config.apiKey,
          client_secret: config.apiSecret,
          grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
          subject_token: sessionToken,
          subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
          requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
        }),
      });
      if (!res.ok) throw new PlatformError(`Token exchange failed with ${res.status}`, res.status >= 500);
      const token = tokenExchangeResponse.safeParse(await res.json());
      if (!token.success) throw new PlatformError("Unexpected token exchange response", false);
      const accessToken = token.data.access_token;
      const scopes = token.data.scope === undefined ? null : token.data.scope.split(",").map((s) => s.trim());
      return { accessToken, info: await getShopInfo({ domain: shopDomain, accessToken }), scopes };
    },
    getShopInfo,
    async supportsAppBlocks(shop) {
      const parsed = themeQueryResponse.safeParse({ data: await adminGraphql(client(shop), THEME_QUERY) });
      if (!parsed.success) throw new PlatformError("Unexpected themes query response", false);
      return (parsed.data.data.themes.nodes[0]?.files.nodes.length ?? 0) > 0;
    },
    async sellsSubscriptions(shop) {
      const parsed = sellsSubscriptionsResponse.safeParse({
        data: await adminGraphql(client(shop), SELLS_SUBSCRIPTIONS_QUERY),
      });
      if (!parsed.success) throw new PlatformError("Unexpected shop features response", false);
      return parsed.data.data.shop.features.sellsSubscriptions;
    },
    async createDiscount(shop, request) {
      const { mutation, input } = discountMutation(request);
      const name = {
        basic: "discountCodeBasicCreate",
        freeShipping: "discountCodeFreeShippingCreate",
        bxgy: "discountCodeBxgyCreate",
      }[mutation];
      const payload = await mutate(shop, name, DISCOUNT_MUTATIONS[mutation], { input });
      if (!payload.codeDiscountNode) throw new PlatformError(`${name} returned no discount`, false);
      return { platformDiscountId: payload.codeDiscountNode.id, code: request.code };
    },
    async findDiscountByCode(shop, code) {
      const parsed = discountByCodeResponse.safeParse(
        await adminGraphql(client(shop), DISCOUNT_BY_CODE_QUERY, { code }),
      );
      if (!parsed.success) throw new PlatformError("Unexpected discount lookup response", false);
      const node = parsed.data.codeDiscountNodeByCode;
      return node ? { platformDiscountId: node.id, code } : null;
    },
    async listRecentOrders(shop, since) {
      const orders = [];
      let after: string | null = null;
      // Shopify's search syntax; pages of 50 until the cursor runs out.
      const query = `updated_at:>='${since.toISOString()}'`;
      for (let page = 0; page < 200; page++) {
        const parsed = recentOrdersResponse.safeParse(
          await adminGraphql(client(shop), RECENT_ORDERS_QUERY, { query, after }),
        );
        if (!parsed.success) throw new PlatformError("Unexpected orders query response", false);
        orders.push(...parsed.data.orders.nodes.map(toPlatformOrderFromGraphql));
        if (!parsed.data.orders.pageInfo.hasNextPage) break;
        after = parsed.data.orders.pageInfo.endCursor;
      }
      return orders;
    },
    async deactivateDiscount(shop, platformDiscountId) {
      await mutate(shop, "discountCodeDeactivate", DISCOUNT_MUTATIONS.deactivate, { id: platformDiscountId });
    },
    async searchProducts(shop, search) {
      const data = await adminGraphql(client(shop), PRODUCTS_QUERY, catalogueVariables(search));
      const parsed = productsResponse.safeParse(data);
      if (!parsed.success) throw new PlatformError("Unexpected products query response", false);
      return toProductsPage(parsed.data);
    },
    async searchCollections(shop, search) {
      const data = await adminGraphql(client(shop), COLLECTIONS_QUERY, catalogueVariables(search));
      const parsed = collectionsResponse.safeParse(data);
      if (!parsed.success) throw new PlatformError("Unexpected collections query response", false);
      return toCollectionsPage(parsed.data);
    },
    // `collection(id).products`, 250 a page (the connection's maximum), every page.
    async listCollectionProductIds(shop, collectionId) {
      const ids: string[] = [];
      let after: string | null = null;
      for (;;) {
        const parsed = collectionProductsResponse.safeParse(
          await adminGraphql(client(shop), COLLECTION_PRODUCTS_QUERY, {
            id: `gid://shopify/Collection/${collectionId}`,
            after,
          }),
        );
        if (!parsed.success) throw new PlatformError("Unexpected collection products response", false);
        const collection = parsed.data.collection;
        if (collection === null) return null;
        ids.push(...collection.products.nodes.map((p) => p.legacyResourceId));
        if (!collection.products.pageInfo.hasNextPage) return ids;
        after = collection.products.pageInfo.endCursor;
      }
    },
    // C-19: `products(first:, after:)` by id, one page (at most 250, the connection's maximum).
    async listProductFacts(shop, page) {
      const first = Math.min(Math.max(page.first, 1), 250);
      const data = await adminGraphql(client(shop), PRODUCT_FACTS_QUERY, { first, after: page.after });
      const parsed = productFactsResponse.safeParse(data);
      if (!parsed.success) throw new PlatformError("Unexpected product facts response", false);
      return toProductFactsPage(parsed.data);
    },
    // J-21: `customer(id:)` (read_customers); a customer the store no longer has answers null.
    async getCustomer(shop, customerPlatformId) {
      const data = await adminGraphql(client(shop), CUSTOMER_QUERY, { id: customerGid(customerPlatformId) });
      const parsed = customerResponse.safeParse(data);
      if (!parsed.success) throw new PlatformError("Unexpected customer query response", false);
      return parsed.data.customer ? toPlatformCustomer(parsed.data.customer) : null;
    },
    // J-21: `customers(first:, after:)`, one page (at most 250, the connection's maximum).
    async listCustomers(shop, page) {
      const first = Math.min(Math.max(page.first, 1), 250);
      const data = await adminGraphql(client(shop), CUSTOMERS_QUERY, { first, after: page.after });
      const parsed = customersResponse.safeParse(data);
      if (!parsed.success) throw new PlatformError("Unexpected customers query response", false);
      return toCustomersPage(parsed.data);
    },
    async countCustomers(shop) {
      const parsed = customersCountResponse.safeParse(
        await adminGraphql(client(shop), CUSTOMERS_COUNT_QUERY),
      );
      if (!parsed.success) throw new PlatformError("Unexpected customers count response", false);
      return parsed.data.customersCount.count;
    },
    // I-08: `tagsAdd` / `tagsRemove` on the customer (write_customers); both are idempotent.
    async updateCustomerTags(shop, customerPlatformId, change) {
      const id = customerGid(customerPlatformId);
      for (const [name, tags] of [
        ["tagsRemove", change.remove],
        ["tagsAdd", change.add],
      ] as const) {
        if (tags.length === 0) continue;
        const data = await adminGraphql<Record<string, { userErrors: UserError[] } | null>>(
          client(shop),
          TAG_MUTATIONS[name],
          { id, tags: [...tags] },
        );
        const errors = data[name]?.userErrors ?? [];
        if (errors.length > 0) {
          throw new PlatformError(`${name}: ${errors.map((e) => e.message).join("; ")}`, false);
        }
      }
    },
    // M-02: `tagsAdd` on the order (write_orders); idempotent.
    async addOrderTags(shop, orderPlatformId, tags) {
      if (tags.length === 0) return;
      const id = orderPlatformId.startsWith("gid://")
        ? orderPlatformId
        : `gid://shopify/Order/${orderPlatformId}`;
      const data = await adminGraphql<Record<string, { userErrors: UserError[] } | null>>(
        client(shop),
        TAG_MUTATIONS.tagsAdd,
        { id, tags: [...tags] },
      );
      const errors = data.tagsAdd?.userErrors ?? [];
      if (errors.length > 0)
        throw new PlatformError(`tagsAdd: ${errors.map((e) => e.message).join("; ")}`, false);
    },
    async unsubscribeCustomerFromEmailMarketing(shop, customerPlatformId, at) {
      const customerId = customerGid(customerPlatformId);
      const data = await adminGraphql<{
        customerEmailMarketingConsentUpdate: { userErrors: UserError[] } | null;
      }>(client(shop), CONSENT_MUTATION, {
        input: {
          customerId,
          emailMarketingConsent: { marketingState: "UNSUBSCRIBED", consentUpdatedAt: at.toISOString() },
        },
      });
      const errors = data.customerEmailMarketingConsentUpdate?.userErrors ?? [];
      if (errors.length > 0) {
        throw new PlatformError(
          `customerEmailMarketingConsentUpdate: ${errors.map((e) => e.message).join("; ")}`,
          false,
        );
      }
    },
  };
}
