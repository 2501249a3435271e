import { PROXY_MAX_AGE_SECONDS } from "@laurel/contracts";
import type { FastifyRequest } from "fastify";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { repeatedParameter, verifyAppProxySignature } from "../../infra/shopify-signatures";
import { isBlocked } from "../shops/shops.service";

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * Verifies a storefront request forwarded by Shopify's app proxy (reference §4): no parameter
 * given twice, the `signature` over every other query parameter, a `timestamp` within 90 s of now
 * (decision 0037), and the shop. The shopper is `logged_in_customer_id` — never a parameter the
 * widget chooses.
 */
export async function authenticateProxy(deps: Deps, request: FastifyRequest): Promise<ProxyAuth> {
  const query = new URLSearchParams(request.url.split("?")[1] ?? "");
  if (repeatedParameter(query) !== undefined || !verifyAppProxySignature(query, deps.config.shopifyApiSecret))
    throw new AppError("proxy_unauthorized", 401);
  const stamp = query.get("timestamp") ?? "";
  const age = deps.clock.now().getTime() / 1000 - Number(stamp);
  if (!/^\d{1,12}$/.test(stamp) || Math.abs(age) > PROXY_MAX_AGE_SECONDS)
    throw new AppError("proxy_expired", 401);
  const shopDomain = (query.get("shop") ?? "").toLowerCase();
  if (!SHOP_DOMAIN.test(shopDomain)) throw new AppError("proxy_unauthorized", 401);
  const shop = (await deps.shopContexts.byDomain(shopDomain))?.shop;
  if (!shop || shop.uninstalled_at) throw new AppError("shop_not_installed", 404);
  if (isBlocked(deps, shop)) throw new AppError("shop_blocked", 403);
  const customer = query.get("logged_in_customer_id");
  return {
    shopId: shop.id,
    shopDomain,
    platformCustomerId: customer && /^\d+$/.test(customer) ? customer : null,
  };
}

/**
 * The visitor's address as Shopify's proxy reported it: the X-Forwarded-For entry added by the
 * hop at `request.ip` (the last entry when Shopify connects directly; one further left per
 * TRUST_PROXY hop in front of Laurel). Only for keying a signed request's rate limit: every
 * storefront request arrives from Shopify's addresses, so `request.ip` would put all anonymous
 * visitors of a shop in one bucket.
 */
export function storefrontVisitorAddress(request: FastifyRequest): string {
  const header = request.headers["x-forwarded-for"];
  const chain = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // request.ips (with TRUST_PROXY): the socket's peer, then entries right to left up to request.ip.
  const trustedHops = (request.ips?.length ?? 1) - 1;
  return chain[chain.length - 1 - trustedHops] ?? request.ip;
}

/**
 * Rate-limit key: per shop and shopper, or per shop and visitor address for anonymous visitors.
 * It runs after the signature check, so the shop and shopper are the verified ones.
 */
export function proxyRateLimitKey(request: FastifyRequest): string {
  const proxy = request.proxy;
  if (!proxy) return `proxy:unverified:${request.ip}`;
  return `proxy:${proxy.shopId}:${proxy.platformCustomerId ?? `anon:${storefrontVisitorAddress(request)}`}`;
}
