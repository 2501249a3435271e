import { createTestDatabase, type ShopUpdate } from "@laurel/db";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { type BuildAppOptions, buildApp } from "../src/app";
import { type Clock, systemClock } from "../src/infra/clock";
import type { Deps } from "../src/infra/deps";
import { type Config, loadConfig } from "../src/infra/env";
import { markShopChanged } from "../src/infra/shop-changes";
import { signAppProxyQuery, webhookHmac } from "../src/infra/shopify-signatures";
import { signExtensionSessionToken, signShopifySessionToken } from "../src/infra/tokens";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { closeRuntime, createRuntime, type PlatformFactory, startWorker } from "../src/runtime";
import { DEMO_MERCHANT, DEMO_SHOP_DOMAIN, DEMO_STAFF, seedDemoShop } from "../src/seed/demo-shop";

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  config: Config;
  close(): Promise<void>;
}

/** The app in-process on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), demo shop seeded. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    platform?: PlatformFactory;
    seed?: boolean;
    worker?: boolean;
    app?: BuildAppOptions;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    ...options.env,
  });
  const database = await createTestDatabase();
  const deps = await createRuntime(config, {
    database,
    clock: options.clock ?? systemClock,
    ...(options.platform ? { platform: options.platform } : {}),
  });
  if (options.seed !== false) await seedDemoShop(deps);
  if (options.worker) await startWorker(deps);
  const app = await buildApp(
    deps,
    options.app ?? { webDirs: { admin: "/nonexistent/admin", widget: "/nonexistent/widget" } },
  );
  return {
    app,
    deps,
    config,
    async close() {
      await app.close();
      await closeRuntime(deps);
    },
  };
}

/**
 * A test's direct write to a shop's row (standing in for settings no route edits yet), announced
 * as the repositories announce theirs, so the shop context cache serves the new row.
 */
export async function updateShopRow(t: { deps: Deps }, shopId: string, patch: ShopUpdate): Promise<void> {
  await t.deps.db.updateTable("shops").set(patch).where("id", "=", shopId).execute();
  markShopChanged(shopId);
}

/** Shoppers of the demo shop who joined the program at `joinedAt` (as the storefront's join would). */
export async function addMembers(t: { deps: Deps }, platformIds: readonly string[], joinedAt = new Date()) {
  await t.deps.db.transaction().execute(async (trx) => {
    for (const id of platformIds) {
      const shopper = { platformCustomerId: id, email: `${id}@example.com`, firstName: null, lastName: null };
      await ensureCustomer(t.deps, trx, "shop_demo", shopper, "member", joinedAt);
    }
  });
}

export function cookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "laurel_session");
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return c.value;
}

export async function signIn(app: FastifyInstance, who: { email: string; password: string } = DEMO_MERCHANT) {
  const res = await app.inject({ method: "POST", url: "/auth/login", payload: who });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieOf(res);
  const token = await tokenFor(app, cookie);
  return { cookie, token };
}

export async function tokenFor(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ method: "GET", url: "/auth/token", cookies: { laurel_session: cookie } });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

export const signInStaff = (app: FastifyInstance) => signIn(app, DEMO_STAFF);

export function shopifyToken(config: Config, shopDomain: string, now = new Date(), lifetimeSeconds?: number) {
  return signShopifySessionToken({
    shopDomain,
    apiKey: config.shopifyApiKey,
    apiSecret: config.shopifyApiSecret,
    now,
    ...(lifetimeSeconds !== undefined ? { lifetimeSeconds } : {}),
  });
}

/** A checkout/customer-account UI extension's session token for the demo shop (decision 0180). */
export function extensionToken(
  t: TestApp,
  opts: { customer?: string; shop?: string; lifetimeSeconds?: number; secret?: string } = {},
) {
  return signExtensionSessionToken({
    shopDomain: opts.shop ?? DEMO_SHOP_DOMAIN,
    apiKey: t.config.shopifyApiKey,
    apiSecret: opts.secret ?? t.config.shopifyApiSecret,
    now: t.deps.clock.now(),
    ...(opts.customer ? { customerId: opts.customer } : {}),
    ...(opts.lifetimeSeconds !== undefined ? { lifetimeSeconds: opts.lifetimeSeconds } : {}),
  });
}

export function adminGet(app: FastifyInstance, url: string, token: string) {
  return app.inject({ method: "GET", url, headers: { "x-auth-token": token } });
}

export function adminSend(
  app: FastifyInstance,
  method: "POST" | "PUT" | "DELETE",
  url: string,
  token: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { "x-auth-token": token },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

let webhookSeq = 0;

/**
 * A webhook delivered as Shopify sends it: raw body, HMAC over the bytes, the X-Shopify-* headers;
 * then applied by this process's processor (as the worker would within a moment).
 */
export async function deliverWebhook(
  t: TestApp,
  topic: string,
  body: Buffer | string | object,
  opts: {
    shop?: string;
    id?: string;
    hmac?: string | null;
    headers?: Record<string, string>;
    /** false: only deliver (recorded, acknowledged), leave applying to the test. */
    process?: boolean;
  } = {},
) {
  const raw = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-shopify-topic": topic,
    "x-shopify-shop-domain": opts.shop ?? DEMO_SHOP_DOMAIN,
    "x-shopify-webhook-id": opts.id ?? `wh-${process.pid}-${++webhookSeq}`,
    "x-shopify-api-version": "2026-07",
    ...opts.headers,
  };
  if (opts.hmac !== null)
    headers["x-shopify-hmac-sha256"] = opts.hmac ?? webhookHmac(raw, t.config.shopifyApiSecret);
  const res = await t.app.inject({ method: "POST", url: "/webhooks", payload: raw, headers });
  // Acknowledged means recorded; the processor applies it (decision 0018). Tests read its effect.
  if (res.statusCode === 200 && opts.process !== false) await t.deps.webhooks.drain();
  return res;
}

/** A storefront request as Shopify's app proxy forwards it: shop, shopper, timestamp, signature. */
export function signedProxyUrl(
  t: TestApp,
  path: string,
  opts: { customer?: string; shop?: string; extra?: Record<string, string>; at?: number } = {},
) {
  const q = signAppProxyQuery(
    {
      shop: opts.shop ?? DEMO_SHOP_DOMAIN,
      logged_in_customer_id: opts.customer ?? "",
      path_prefix: "/apps/laurel",
      timestamp: String(opts.at ?? Math.floor(t.deps.clock.now().getTime() / 1000)),
      ...opts.extra,
    },
    t.config.shopifyApiSecret,
  );
  return `${path}?${q}`;
}
