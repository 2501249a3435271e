import { proxyActivitiesQuery } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireProxy } from "../../infra/http";
import { authenticateProxy, proxyRateLimitKey } from "./proxy.guard";
import { joinAsShopper, listShopperActivities } from "./storefront.service";

/** 120 storefront calls a minute per shop and shopper: far above a person, well below a script. */
const rateLimit = { max: 120, timeWindow: "1 minute", keyGenerator: proxyRateLimitKey };

/** The storefront API behind Shopify's app proxy (`/apps/laurel/*` → `/proxy/*`). */
export function registerStorefrontRoutes(app: FastifyInstance, deps: Deps): void {
  app.addHook("preHandler", async (request) => {
    if (request.routeOptions.config.guard === "proxy") request.proxy = await authenticateProxy(deps, request);
  });
  const proxy = { config: { guard: "proxy" as const, rateLimit } };

  app.post("/proxy/join", proxy, async (request) => ok(await joinAsShopper(deps, requireProxy(request))));

  app.get("/proxy/activities", proxy, async (request) => {
    const q = parseInput(proxyActivitiesQuery, request.query);
    return ok(await listShopperActivities(deps, requireProxy(request), q.page, q.pageSize));
  });
}
