import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { verifyExtensionToken } from "../../infra/tokens";
import { isBlocked } from "../shops/shops.service";

/**
 * The caller of an `/extensions/*` route (decision 0180): the session token Shopify gives a
 * checkout or customer-account UI extension, as `Authorization: Bearer`. The shop is the token's
 * `dest` and must be installed; the buyer is its `sub`, never a parameter the extension chooses.
 */
export async function authenticateExtension(deps: Deps, request: FastifyRequest): Promise<ProxyAuth> {
  const authz = request.headers.authorization;
  const token = authz?.startsWith("Bearer ") ? authz.slice(7).trim() : "";
  if (!token) throw new AppError("token_invalid", 401);
  const claims = await verifyExtensionToken(token, deps.config.shopifyApiSecret, deps.clock.now());
  const shop = (await deps.shopContexts.byDomain(claims.shopDomain))?.shop;
  if (!shop || shop.uninstalled_at) throw new AppError("shop_not_installed", 404);
  if (isBlocked(deps, shop)) throw new AppError("shop_blocked", 403);
  return { shopId: shop.id, shopDomain: claims.shopDomain, platformCustomerId: claims.customerId };
}

/** Rate-limit key: per shop and buyer; a guest's requests share the shop's guest bucket by address. */
export function extensionRateLimitKey(request: FastifyRequest): string {
  const caller = request.extension;
  if (!caller) return `extension:unverified:${request.ip}`;
  return `extension:${caller.shopId}:${caller.platformCustomerId ?? `guest:${request.ip}`}`;
}

/**
 * Extensions run in a web worker on Shopify's CDN origin, so their `fetch` is cross-origin and,
 * with `Authorization`, preflighted. Any origin may ask: the bearer token, not the origin, is the
 * proof, and no cookie is ever read here.
 */
export const EXTENSION_CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, OPTIONS",
  "access-control-allow-headers": "Authorization, Content-Type, Accept-Language",
  "access-control-max-age": "86400",
} as const;

export function allowCrossOrigin(reply: FastifyReply): void {
  void reply.headers(EXTENSION_CORS_HEADERS);
}
