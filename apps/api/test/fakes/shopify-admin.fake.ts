import Fastify from "fastify";
import { jwtVerify } from "jose";

/**
 * A local stand-in for Shopify's Admin API, following the documented protocol
 * (reference/shopify-platform.md §1.3 token exchange, §5 GraphQL, §5.6 THROTTLED errors).
 * Only what the adapter uses is implemented; anything else answers like Shopify would (4xx).
 */
export async function startFakeShopifyAdmin(opts: { apiKey: string; apiSecret: string }) {
  const state = {
    tokens: new Map<string, string>(), // access token -> shop
    throttleNext: 0,
    discounts: new Map<
      string,
      { id: string; mutation: string; input: Record<string, unknown>; active: boolean }
    >(),
    refuseExchange: false,
    /** Orders as Admin GraphQL returns them (`Order` nodes), for reconciliation. */
    orders: [] as Record<string, unknown>[],
    /** The catalogue as Admin GraphQL returns it (`Product` / `Collection` nodes), for the pickers. */
    products: [] as { legacyResourceId: string; title: string; [k: string]: unknown }[],
    collections: [] as { legacyResourceId: string; title: string; [k: string]: unknown }[],
    calls: [] as string[],
    /**
     * The store's customers as Admin GraphQL returns them (`Customer` nodes: legacyResourceId,
     * firstName, lastName, tags, updatedAt, defaultEmailAddress), for customer sync (J-21).
     */
    customers: [] as { legacyResourceId: string; [k: string]: unknown }[],
    /** Customers' e-mail marketing consent (`gid://shopify/Customer/…` → state as the mutation set it). */
    marketingConsents: new Map<string, { marketingState: string; consentUpdatedAt: string | null }>(),
    /** Tags added with `tagsAdd`, by the node's gid (`gid://shopify/Order/…`, `…/Customer/…`). */
    tags: new Map<string, Set<string>>(),
    shop: {
      name: "Fake Outfitters",
      email: "owner@fake-outfitters.example",
      currencyCode: "EUR",
      ianaTimezone: "Europe/Paris",
      plan: { displayName: "Shopify Plus", partnerDevelopment: false },
      themeFiles: ["templates/product.json"],
      /** `shop.features.sellsSubscriptions` (C-23). */
      sellsSubscriptions: false,
    },
  };
  const app = Fastify();
  app.post("/admin/oauth/access_token", async (request, reply) => {
    state.calls.push("token_exchange");
    const b = request.body as Record<string, string>;
    if (
      state.refuseExchange ||
      b.client_id !== opts.apiKey ||
      b.client_secret !== opts.apiSecret ||
      b.grant_type !== "urn:ietf:params:oauth:grant-type:token-exchange" ||
      b.subject_token_type !== "urn:ietf:params:oauth:token-type:id_token"
    ) {
      return reply.status(400).send({ error: "invalid_request" });
    }
    try {
      const { payload } = await jwtVerify(b.subject_token ?? "", new TextEncoder().encode(opts.apiSecret), {
        audience: opts.apiKey,
      });
      const shop = new URL(String(payload.dest)).hostname;
      const token = `shpat_${shop}_${state.tokens.size + 1}`;
      state.tokens.set(token, shop);
      return { access_token: token, scope: "read_customers,write_discounts" };
    } catch {
      return reply.status(400).send({ error: "invalid_subject_token" });
    }
  });
  app.post("/admin/api/:version/graphql.json", async (request, reply) => {
    const token = request.headers["x-shopify-access-token"];
    const shop = typeof token === "string" ? state.tokens.get(token) : undefined;
    if (!shop) return reply.status(401).send({ errors: "[API] Invalid API key or access token" });
    const { query, variables } = request.body as { query: string; variables?: Record<string, unknown> };
    const mutation = /discountCode(BasicCreate|FreeShippingCreate|BxgyCreate|Deactivate)/.exec(query)?.[0];
    // `collection(id:) { products(...) }` reads one collection's products, not the catalogue.
    const collectionProducts = /\bcollection\(id:/.test(query);
    const catalogue = collectionProducts
      ? undefined
      : (/\b(products|collections)\(/.exec(query)?.[1] as "products" | "collections" | undefined);
    const consent = query.includes("customerEmailMarketingConsentUpdate(");
    const byCode = query.includes("codeDiscountNodeByCode(");
    const tagsAdd = query.includes("tagsAdd(");
    const customerRead = consent
      ? undefined
      : (/\b(customer|customers|customersCount)\(/.exec(query)?.[1] as
          | "customer"
          | "customers"
          | "customersCount"
          | undefined);
    state.calls.push(
      (consent ? "customerEmailMarketingConsentUpdate" : undefined) ??
        (byCode ? "codeDiscountNodeByCode" : undefined) ??
        (tagsAdd ? "tagsAdd" : undefined) ??
        customerRead ??
        mutation ??
        (collectionProducts ? "collection_products" : undefined) ??
        catalogue ??
        (query.includes("themes") ? "themes" : query.includes("orders(") ? "orders" : "shop"),
    );
    const cost = {
      requestedQueryCost: 2,
      actualQueryCost: 2,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1998, restoreRate: 100 },
    };
    if (state.throttleNext > 0) {
      state.throttleNext -= 1;
      // The bucket is nearly empty: 50 points available, 100 requested, 50 restored per second.
      const throttled = {
        requestedQueryCost: 100,
        actualQueryCost: null,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 50, restoreRate: 50 },
      };
      return {
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
        extensions: { cost: throttled },
      };
    }
    if (consent) {
      const input = (variables?.input ?? {}) as {
        customerId?: string;
        emailMarketingConsent?: { marketingState?: string; consentUpdatedAt?: string };
      };
      const marketingState = input.emailMarketingConsent?.marketingState;
      const valid =
        typeof input.customerId === "string" &&
        input.customerId.startsWith("gid://shopify/Customer/") &&
        ["SUBSCRIBED", "UNSUBSCRIBED", "NOT_SUBSCRIBED", "PENDING"].includes(marketingState ?? "");
      if (valid) {
        state.marketingConsents.set(input.customerId as string, {
          marketingState: marketingState as string,
          consentUpdatedAt: input.emailMarketingConsent?.consentUpdatedAt ?? null,
        });
      }
      return {
        data: {
          customerEmailMarketingConsentUpdate: {
            customer: valid ? { id: input.customerId } : null,
            userErrors: valid ? [] : [{ field: ["input"], message: "Invalid consent input" }],
          },
        },
        extensions: { cost },
      };
    }
    if (tagsAdd) {
      // `tagsAdd(id:, tags:)` on any taggable node; the id must be a gid (reference: Admin GraphQL).
      const id = String(variables?.id ?? "");
      const tags = (variables?.tags ?? []) as string[];
      const valid = /^gid:\/\/shopify\/(Order|Customer)\/\d+$/.test(id);
      if (valid) {
        const set = state.tags.get(id) ?? new Set<string>();
        for (const tag of tags) set.add(tag);
        state.tags.set(id, set);
      }
      return {
        data: {
          tagsAdd: {
            node: valid ? { id } : null,
            userErrors: valid ? [] : [{ field: ["id"], message: "Invalid id" }],
          },
        },
        extensions: { cost },
      };
    }
    if (byCode) {
      // Case-insensitive, as the docs describe the argument.
      const found = state.discounts.get(String(variables?.code ?? "").toUpperCase());
      return { data: { codeDiscountNodeByCode: found ? { id: found.id } : null }, extensions: { cost } };
    }
    if (mutation === "discountCodeDeactivate") {
      const id = String(variables?.id);
      const found = [...state.discounts.values()].find((d) => d.id === id);
      if (found) found.active = false;
      return {
        data: {
          discountCodeDeactivate: {
            codeDiscountNode: found ? { id } : null,
            userErrors: found ? [] : [{ field: ["id"], message: "Discount does not exist" }],
          },
        },
        extensions: { cost },
      };
    }
    if (mutation) {
      const input = (variables?.input ?? {}) as Record<string, unknown>;
      // The fields the docs mark required on create (reference §5.1).
      const required = [
        "code",
        "title",
        "startsAt",
        "context",
        ...(mutation === "discountCodeFreeShippingCreate" ? [] : ["customerGets"]),
      ];
      const missing = required.filter((f) => input[f] === undefined || input[f] === null);
      const code = String(input.code ?? "");
      const userErrors = missing.map((f) => ({
        field: ["input", f],
        message: `${f} can't be blank`,
        code: "BLANK",
      }));
      if (state.discounts.has(code.toUpperCase()))
        userErrors.push({
          field: ["input", "code"],
          message: "Code must be unique. Please try a different code.",
          code: "TAKEN",
        });
      if (userErrors.length > 0)
        return { data: { [mutation]: { codeDiscountNode: null, userErrors } }, extensions: { cost } };
      const id = `gid://shopify/DiscountCodeNode/${1000 + state.discounts.size}`;
      state.discounts.set(code.toUpperCase(), { id, mutation, input, active: true });
      return { data: { [mutation]: { codeDiscountNode: { id }, userErrors: [] } }, extensions: { cost } };
    }
    if (collectionProducts) {
      // Membership is the fake's own field on products (`collectionIds`, legacy ids); pages of 250.
      const legacy = String(variables?.id ?? "").replace("gid://shopify/Collection/", "");
      if (!state.collections.some((c) => c.legacyResourceId === legacy)) {
        return { data: { collection: null }, extensions: { cost } };
      }
      const members = state.products.filter(
        (p) => Array.isArray(p.collectionIds) && (p.collectionIds as string[]).includes(legacy),
      );
      const start = variables?.after ? Number(Buffer.from(String(variables.after), "base64").toString()) : 0;
      const nodes = members.slice(start, start + 250).map((p) => ({ legacyResourceId: p.legacyResourceId }));
      const end = start + nodes.length;
      return {
        data: {
          collection: {
            products: {
              nodes,
              pageInfo: {
                hasNextPage: end < members.length,
                endCursor: nodes.length > 0 ? Buffer.from(String(end)).toString("base64") : null,
              },
            },
          },
        },
        extensions: { cost },
      };
    }
    if (customerRead) {
      // A customer's e-mail consent as the consent mutation last set it, else as stored.
      const present = (c: { legacyResourceId: string; [k: string]: unknown }) => {
        const set = state.marketingConsents.get(`gid://shopify/Customer/${c.legacyResourceId}`);
        const email = c.defaultEmailAddress as Record<string, unknown> | null | undefined;
        return set && email
          ? {
              ...c,
              defaultEmailAddress: {
                ...email,
                marketingState: set.marketingState,
                marketingUpdatedAt: set.consentUpdatedAt,
              },
            }
          : c;
      };
      if (customerRead === "customersCount") {
        return {
          data: { customersCount: { count: state.customers.length, precision: "EXACT" } },
          extensions: { cost },
        };
      }
      if (customerRead === "customer") {
        // `customer(id:)` takes a Customer GID; an unknown customer is null, not an error.
        const id = String(variables?.id ?? "");
        const legacy = /^gid:\/\/shopify\/Customer\/(\d+)$/.exec(id)?.[1];
        if (!legacy) {
          return { errors: [{ message: `Invalid global id '${id}'`, extensions: { code: "BAD_REQUEST" } }] };
        }
        const found = state.customers.find((c) => c.legacyResourceId === legacy);
        return { data: { customer: found ? present(found) : null }, extensions: { cost } };
      }
      // `customers(first:, after:, sortKey: ID)`: up to 250 a page, an opaque cursor.
      const first = Number(variables?.first);
      if (!Number.isInteger(first) || first < 1 || first > 250) {
        return {
          errors: [{ message: "first must be between 1 and 250", extensions: { code: "BAD_REQUEST" } }],
        };
      }
      const all = [...state.customers].sort((a, b) =>
        BigInt(a.legacyResourceId) < BigInt(b.legacyResourceId) ? -1 : 1,
      );
      const start = variables?.after ? Number(Buffer.from(String(variables.after), "base64").toString()) : 0;
      const nodes = all.slice(start, start + first).map(present);
      const end = start + nodes.length;
      return {
        data: {
          customers: {
            nodes,
            pageInfo: {
              hasNextPage: end < all.length,
              endCursor: nodes.length > 0 ? Buffer.from(String(end)).toString("base64") : null,
            },
          },
        },
        extensions: { cost },
      };
    }
    if (catalogue) {
      // Connections take `first` up to 250 and an opaque cursor; `query` is Shopify's search syntax,
      // of which the adapter uses `title:*term*` (case-insensitive contains). Sorted by title.
      const first = Number(variables?.first);
      if (!Number.isInteger(first) || first < 1 || first > 250) {
        return {
          errors: [{ message: "first must be between 1 and 250", extensions: { code: "BAD_REQUEST" } }],
        };
      }
      const search =
        variables?.query === null || variables?.query === undefined ? null : String(variables.query);
      const term = search === null ? "" : /^title:\*(.*)\*$/.exec(search)?.[1]?.replace(/\\(.)/g, "$1");
      // `sortKey: ID` (the product facts' full read, decision 0175) pages in id order; the pickers'
      // searches by title.
      const byId = /sortKey:\s*ID\b/.test(query);
      const all = [...state[catalogue]].sort((a, b) =>
        byId
          ? Number(BigInt(a.legacyResourceId) - BigInt(b.legacyResourceId))
          : a.title.localeCompare(b.title),
      );
      const matching =
        term === undefined ? [] : all.filter((n) => n.title.toLowerCase().includes(term.toLowerCase()));
      const start = variables?.after ? Number(Buffer.from(String(variables.after), "base64").toString()) : 0;
      const nodes = matching.slice(start, start + first);
      const end = start + nodes.length;
      return {
        data: {
          [catalogue]: {
            nodes,
            pageInfo: {
              hasNextPage: end < matching.length,
              endCursor: nodes.length > 0 ? Buffer.from(String(end)).toString("base64") : null,
            },
          },
        },
        extensions: { cost },
      };
    }
    if (query.includes("orders(")) {
      // Pages of 50 with an opaque cursor, as the connection spec says; the search string must be
      // Shopify's `updated_at:>='…'` form.
      if (!/^updated_at:>='[^']+'$/.test(String(variables?.query ?? ""))) {
        return { errors: [{ message: "Invalid search query", extensions: { code: "BAD_REQUEST" } }] };
      }
      const start = variables?.after ? Number(Buffer.from(String(variables.after), "base64").toString()) : 0;
      const nodes = state.orders.slice(start, start + 50);
      const end = start + nodes.length;
      return {
        data: {
          orders: {
            pageInfo: {
              hasNextPage: end < state.orders.length,
              endCursor: Buffer.from(String(end)).toString("base64"),
            },
            nodes,
          },
        },
        extensions: { cost },
      };
    }
    if (query.includes("sellsSubscriptions")) {
      return {
        data: { shop: { features: { sellsSubscriptions: state.shop.sellsSubscriptions } } },
        extensions: { cost },
      };
    }
    if (query.includes("themes")) {
      return {
        data: {
          themes: { nodes: [{ files: { nodes: state.shop.themeFiles.map((filename) => ({ filename })) } }] },
        },
        extensions: { cost },
      };
    }
    return {
      data: {
        shop: {
          name: state.shop.name,
          email: state.shop.email,
          myshopifyDomain: shop,
          primaryDomain: { host: "fake-outfitters.example" },
          currencyCode: state.shop.currencyCode,
          ianaTimezone: state.shop.ianaTimezone,
          createdAt: "2024-05-01T10:00:00Z",
          shopOwnerName: "Fay Kerr",
          plan: state.shop.plan,
          billingAddress: { country: "France", countryCodeV2: "FR", address1: "1 Rue Fausse", phone: null },
        },
        ordersCount: { count: 1234 },
      },
      extensions: { cost },
    };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, state, close: () => app.close() };
}
