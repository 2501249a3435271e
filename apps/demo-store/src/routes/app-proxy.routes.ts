import type { FastifyInstance } from "fastify";
import { appProxyQuery } from "../platform/app-proxy";
import { trusted } from "../views/html";
import { layout, PROXY_PREFIX } from "../views/layout";
import { FORM_LIMIT, PUBLIC, type StoreHttp } from "./store-http";

const PROXY_BODY_LIMIT = FORM_LIMIT * 16;

/**
 * App proxy emulation: `/apps/laurel/*` → Laurel's `/proxy/*`, signed as Shopify signs, with
 * `logged_in_customer_id` from the store's session. The body travels as bytes.
 */
export function registerAppProxyRoutes(scope: FastifyInstance, h: StoreHttp): void {
  const { deps } = h;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: PROXY_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  scope.all(`${PROXY_PREFIX}/*`, PUBLIC, async (request, reply) => {
    const shop = await h.findShop();
    if (!shop) return reply.code(404).send({ success: false, error: "Not found", code: "not_found" });
    const q = request.url.indexOf("?");
    const path = q === -1 ? request.url : request.url.slice(0, q);
    const rest = path.slice(PROXY_PREFIX.length);
    // Shopify forwards the path under the proxy URL; it never climbs out of it.
    if (!rest.startsWith("/") || /\.\.|\/\/|\\|%2e|%2f|%5c/i.test(rest))
      return reply.code(404).send({ success: false, error: "Not found", code: "not_found" });
    const shopper = await h.currentShopper(request, shop);
    const query = appProxyQuery(
      deps,
      shop,
      shopper?.customerId ?? null,
      new URLSearchParams(q === -1 ? "" : request.url.slice(q + 1)),
      PROXY_PREFIX,
    );
    // Shopify strips cookies both ways and says who asked (X-Forwarded-For).
    const headers: Record<string, string> = {
      "x-forwarded-for": request.ip,
      "x-forwarded-host": request.hostname,
    };
    for (const name of ["content-type", "accept", "accept-language", "user-agent"]) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    const res = await h.laurel({
      method: request.method,
      url: `/proxy${rest}?${query}`,
      headers,
      ...(body ? { payload: body } : {}),
    });
    // Shopify renders an application/liquid answer inside the theme's layout (the loyalty page).
    if (
      String(res.headers["content-type"] ?? "").startsWith("application/liquid") &&
      res.statusCode === 200
    ) {
      const { ctx } = await h.pageContext(request, shop);
      return reply.type("text/html; charset=utf-8").send(layout(ctx, "other", "Rewards", trusted(res.body)));
    }
    void reply.code(res.statusCode);
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      if (
        ["set-cookie", "content-length", "connection", "transfer-encoding", "keep-alive", "date"].includes(
          name,
        )
      )
        continue;
      void reply.header(name, value);
    }
    return reply.send(res.rawPayload);
  });
}
