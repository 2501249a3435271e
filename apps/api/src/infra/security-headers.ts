import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Security headers on every response, chosen by the kind of page (decision 0035). One explicit
 * hook rather than @fastify/helmet: the embedded admin's frame-ancestors depends on the requesting
 * shop, and the widget's files must stay loadable by any storefront, so most of helmet's defaults
 * would be switched off or overridden per path anyway.
 */
export type PageKind =
  | "embedded-admin"
  | "admin"
  | "sign-in"
  | "api"
  | "proxy"
  | "widget"
  | "demo-store"
  | "asset";

/** Shopify's admin, which frames every embedded app (reference §3). */
export const SHOPIFY_ADMIN_ORIGIN = "https://admin.shopify.com";
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

const API_PATHS = ["/apiSa/", "/api/", "/auth/", "/webhooks", "/openapi.json", "/health", "/extensions/"];

export function pageKindOf(path: string): PageKind {
  if (path === "/auth/login") return "sign-in";
  if (path === "/embed" || path.startsWith("/embed/")) return "embedded-admin";
  if (path.startsWith("/proxy/")) return "proxy";
  // Uploaded storefront images (N-16) load from any storefront, like the widget's files.
  if (path.startsWith("/widget/") || path.startsWith("/uploads/")) return "widget";
  if (path === "/demo-store" || path.startsWith("/demo-store/")) return "demo-store";
  if (path.startsWith("/assets/")) return "asset";
  if (API_PATHS.some((p) => path === p || path.startsWith(p))) return "api";
  return "admin";
}

/** The shop that may frame the embedded admin: the `shop` query parameter, if it is a myshopify domain. */
export function framingShopOf(query: string): string | undefined {
  const shops = new URLSearchParams(query).getAll("shop");
  const shop = shops.length === 1 ? shops[0]?.toLowerCase() : undefined;
  return shop && SHOP_DOMAIN.test(shop) ? shop : undefined;
}

function frameAncestors(kind: PageKind, query: string): string {
  if (kind === "embedded-admin") {
    const shop = framingShopOf(query);
    return shop ? `https://${shop} ${SHOPIFY_ADMIN_ORIGIN}` : SHOPIFY_ADMIN_ORIGIN;
  }
  return "'none'";
}

/** The headers for one response (Cache-Control only where the route set none). */
export function securityHeadersFor(kind: PageKind, query: string): Record<string, string> {
  const documentLike = kind !== "api" && kind !== "proxy" && kind !== "widget" && kind !== "asset";
  // JSON and scripts are never rendered as documents: nothing may load from them at all.
  const csp = documentLike
    ? `frame-ancestors ${frameAncestors(kind, query)}; object-src 'none'; base-uri 'self'`
    : "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";
  const headers: Record<string, string> = {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    // Admin URLs carry Shopify's id_token: none of it leaves the origin. Not no-referrer, which
    // would also turn the admin's own POSTs' Origin header into "null".
    "referrer-policy": ADMIN_PAGES.has(kind) ? "same-origin" : "strict-origin-when-cross-origin",
  };
  // X-Frame-Options cannot name the shop, so the embedded admin relies on frame-ancestors alone.
  if (kind !== "embedded-admin") headers["x-frame-options"] = "DENY";
  if (kind === "widget") {
    // A storefront on another origin loads the loader with <script> and the panel with import().
    headers["cross-origin-resource-policy"] = "cross-origin";
    headers["access-control-allow-origin"] = "*";
  }
  return headers;
}

const ADMIN_PAGES: ReadonlySet<PageKind> = new Set(["admin", "embedded-admin", "sign-in"]);

/** Tokens, sessions and per-shopper data are never stored by a browser or a shared cache. */
const NO_STORE_KINDS: ReadonlySet<PageKind> = new Set(["api", "proxy", "sign-in"]);

function apply(request: FastifyRequest, reply: FastifyReply): void {
  const [path = "/", query = ""] = request.url.split("?", 2);
  const kind = pageKindOf(path);
  void reply.headers(securityHeadersFor(kind, query));
  if (NO_STORE_KINDS.has(kind) && !reply.hasHeader("cache-control"))
    void reply.header("cache-control", "no-store");
}

export function installSecurityHeaders(app: FastifyInstance): void {
  // onSend runs for every reply: routes, files, 404s and the error handler's envelopes.
  app.addHook("onSend", async (request, reply, payload) => {
    apply(request, reply);
    return payload;
  });
}
