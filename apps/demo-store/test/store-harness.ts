import cookie from "@fastify/cookie";
import { createTestDatabase, DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { seedStoreShoppers } from "../src/accounts/accounts.service";
import { demoStorePlugin } from "../src/plugin";
import type { StoreDeps, StoreShop } from "../src/store-deps";

export const SECRET = "store-test-secret";
export const SHOP: StoreShop = { shopId: "shop_store_test", shopDomain: DEMO_SHOP_DOMAIN };

export interface LaurelCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/**
 * The demo store alone, on a fresh database, in front of a stand-in for Laurel that records every
 * request and answers what the test says: the store needs nothing else (decision 0045).
 */
export async function createStore(options: { reviewAppSecret?: string } = {}) {
  const database = await createTestDatabase();
  // The store's tables are keyed by the shop's id: the one row it needs of the host's.
  await database.db
    .insertInto("shops")
    .values({ id: SHOP.shopId, shopify_domain: SHOP.shopDomain, name: "Store test" })
    .execute();
  const calls: LaurelCall[] = [];
  const laurel = { status: 200, body: '{"success":true,"data":{}}' };
  const deps: StoreDeps = {
    db: database.db,
    clock: { now: () => new Date() },
    appSecret: SECRET,
    apiVersion: "2026-07",
  };
  const app: FastifyInstance = Fastify();
  await app.register(cookie);
  // The host requires a guard on every route; the store declares `public` on each.
  app.addHook("onRoute", (route) => {
    if (!(route.config as { guard?: string } | undefined)?.guard) throw new Error(`no guard: ${route.url}`);
  });
  await app.register(demoStorePlugin, {
    deps,
    shopDomain: SHOP.shopDomain,
    findShop: async () => SHOP,
    sessionSecret: "a-session-secret-of-at-least-32-characters",
    secureCookies: false,
    shoppers: DEMO_SHOPPERS,
    ...(options.reviewAppSecret ? { reviewAppSecret: async () => options.reviewAppSecret ?? null } : {}),
    laurel: async (request) => {
      calls.push(request);
      const raw = Buffer.from(laurel.body);
      return {
        statusCode: laurel.status,
        headers: { "content-type": "application/json" },
        body: laurel.body,
        rawPayload: raw,
      };
    },
  });
  await app.ready();
  await seedStoreShoppers(deps, SHOP, DEMO_SHOPPERS);
  return {
    app,
    deps,
    calls,
    laurel,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type Store = Awaited<ReturnType<typeof createStore>>;

/** A shopper's browser: keeps the store's cookies between requests. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly store: Store) {}
  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === "") this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  async get(url: string) {
    return this.keep(
      await this.store.app.inject({ method: "GET", url, cookies: Object.fromEntries(this.cookies) }),
    );
  }
  async post(url: string, form: Record<string, string> = {}) {
    return this.keep(
      await this.store.app.inject({
        method: "POST",
        url,
        cookies: Object.fromEntries(this.cookies),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }
  async signIn(who: { email: string; password: string }) {
    const res = await this.post("/demo-store/account/login", { email: who.email, password: who.password });
    expect(res.statusCode, res.body).toBe(303);
  }
  /** Adds the lines and pays; answers the new order's id. */
  async checkout(lines: [string, number][]): Promise<string> {
    for (const [handle, quantity] of lines)
      await this.post("/demo-store/cart/add", { handle, quantity: String(quantity) });
    const page = await this.get("/demo-store/checkout");
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    const res = await this.post("/demo-store/checkout", {
      token,
      email: "guest@example.com",
      name: "Test Shopper",
      address1: "1 Demo Street",
      city: "Springfield",
      zip: "12345",
    });
    const id = /\/demo-store\/orders\/(\d+)/.exec(String(res.headers.location))?.[1];
    if (!id) throw new Error(`no order: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return id;
  }
}
