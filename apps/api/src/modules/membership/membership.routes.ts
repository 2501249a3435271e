import { exclusiveDealBody, tierDesignBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin, requireProxy } from "../../infra/http";
import { proxyRateLimitKey } from "../storefront/proxy.guard";
import {
  claimExclusiveDealCode,
  getExclusiveDeal,
  getMembershipOverview,
  getShopperMembership,
  getTierDesign,
  saveExclusiveDeal,
  saveTierDesign,
} from "./membership.service";

const admin = { config: { guard: "admin" as const } };

/** The rest of Membership (issue 10): overview, member exclusive deal, VIP Design tab. */
export function registerMembershipRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/membership", admin, async (request) =>
    ok(await getMembershipOverview(deps, requireAdmin(request).shopId)),
  );

  app.get("/apiSa/membership/exclusive-deal", admin, async (request) =>
    ok(await getExclusiveDeal(deps, requireAdmin(request).shopId)),
  );

  app.put("/apiSa/membership/exclusive-deal", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(exclusiveDealBody, request.body);
    return ok(await saveExclusiveDeal(deps, auth.shopId, auth, body), "Saved successfully");
  });

  // The storefront (decision 0136): the widget's VIP chunk.
  const proxy = {
    config: {
      guard: "proxy" as const,
      rateLimit: { max: deps.config.proxyRateLimit, timeWindow: "1 minute", keyGenerator: proxyRateLimitKey },
    },
  };
  app.get("/proxy/membership", proxy, async (request) =>
    ok(await getShopperMembership(deps, requireProxy(request))),
  );
  app.post("/proxy/membership/deal", proxy, async (request) => {
    parseInput(z.strictObject({}).optional(), request.body);
    return ok(await claimExclusiveDealCode(deps, requireProxy(request)));
  });

  app.get("/apiSa/tiers/design", admin, async (request) =>
    ok(await getTierDesign(deps, requireAdmin(request).shopId)),
  );

  app.put("/apiSa/tiers/design", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(tierDesignBody, request.body);
    return ok(await saveTierDesign(deps, auth.shopId, auth, body), "Updated VIP tier");
  });
}
