/**
 * Talking to a running Laurel API the way Shopify and the admin do: signed webhooks, signed
 * app-proxy calls, an admin token. Signatures come from the API's own module.
 */

import { signAppProxyQuery, webhookHmac } from "../apps/api/src/infra/shopify-signatures";
import { orderBody } from "../apps/api/test/order-payloads";

export const SHOP_ID = "shop_demo";
export const SHOP_DOMAIN = "laurel-demo.myshopify.com";
export const DEMO_LOGIN = { email: "demo@laurel.test", password: "laurel-demo" };

export interface Delivery {
  webhookId: string;
  orderId: string;
  customerId: string;
  body: Buffer;
  headers: Record<string, string>;
}

/** One `orders/paid` delivery as Shopify sends it: raw JSON bytes, HMAC over them, X-Shopify-* headers. */
export function orderPaidDelivery(secret: string, webhookId: string, orderId: string, customerId: string) {
  const body = Buffer.from(
    orderBody({ id: orderId, customerId, lines: [{ id: `${orderId}1`, price: "100.00", quantity: 1 }] }),
  );
  return {
    webhookId,
    orderId,
    customerId,
    body,
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": "orders/paid",
      "x-shopify-shop-domain": SHOP_DOMAIN,
      "x-shopify-webhook-id": webhookId,
      "x-shopify-api-version": "2026-07",
      "x-shopify-hmac-sha256": webhookHmac(body, secret),
    },
  } satisfies Delivery;
}

/**
 * `path?query` of a storefront call as Shopify's app proxy forwards it, signed now (the API
 * accepts a timestamp within 300 s).
 */
export function signedProxyPath(
  secret: string,
  path: string,
  customer: string,
  opts: { shop?: string; at?: number } = {},
): string {
  const q = signAppProxyQuery(
    {
      shop: opts.shop ?? SHOP_DOMAIN,
      logged_in_customer_id: customer,
      path_prefix: "/apps/laurel",
      timestamp: String(opts.at ?? Math.floor(Date.now() / 1000)),
    },
    secret,
  );
  return `${path}?${q}`;
}

export async function httpJson(
  base: string,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<{ status: number; json: unknown; text: string; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | Buffer | undefined;
  if (init.raw) body = init.raw;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: body as string | Uint8Array } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** POST one delivery (used to redeliver what the load generator left unanswered). */
export async function deliver(
  base: string,
  d: Delivery,
): Promise<{ status: number; outcome: string | null }> {
  const res = await httpJson(base, "POST", "/webhooks", { raw: d.body, headers: d.headers });
  const outcome = (res.json as { data?: { outcome?: string } } | null)?.data?.outcome ?? null;
  return { status: res.status, outcome };
}

/** Runs `fn` over `items` with at most `concurrency` in flight. */
export async function mapLimit<T, R>(items: T[], concurrency: number, fn: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
  return out;
}

/** Members through the storefront: `POST /proxy/join` signed for each shopper. */
export async function joinMembers(base: string, secret: string, shoppers: string[]): Promise<void> {
  const failures: string[] = [];
  await mapLimit(shoppers, 16, async (shopper) => {
    const res = await httpJson(base, "POST", signedProxyPath(secret, "/proxy/join", shopper));
    if (res.status !== 200) failures.push(`${shopper}: ${res.status} ${res.text.slice(0, 200)}`);
  });
  if (failures.length > 0) {
    throw new Error(`${failures.length} joins failed, e.g.\n${failures.slice(0, 3).join("\n")}`);
  }
}

/** The merchant's admin token: sign in (cookie), then `GET /auth/token`. */
export async function adminToken(base: string): Promise<string> {
  const login = await httpJson(base, "POST", "/auth/login", { body: DEMO_LOGIN });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.text}`);
  const cookie = (login.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("laurel_session="));
  if (!cookie) throw new Error("sign-in answered no laurel_session cookie");
  const token = await httpJson(base, "GET", "/auth/token", { headers: { cookie } });
  const value = (token.json as { data?: { token?: string } } | null)?.data?.token;
  if (token.status !== 200 || !value) throw new Error(`token failed: ${token.status} ${token.text}`);
  return value;
}
