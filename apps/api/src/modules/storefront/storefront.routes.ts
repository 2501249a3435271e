import {
  proxyActivitiesQuery,
  proxyPointsEstimateQuery,
  proxyRedeemBody,
  widgetSettingsQuery,
} from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireProxy } from "../../infra/http";
import { getShopOrThrow } from "../shops/shops.service";
import { storefrontPartnerTier } from "../tiers/tiers.service";
import { partnerTierTextsOf } from "./loyalty-page";
import { estimateOrderPoints } from "./loyalty-page-settings";
import { authenticateProxy, proxyRateLimitKey } from "./proxy.guard";
import {
  getShopperView,
  joinAsShopper,
  listShopperActivities,
  listShopperCoupons,
  redeemAsShopper,
  revokeAsShopper,
} from "./storefront.service";
import { getWidgetSettings, pointLabelOf, sendCacheable } from "./widget-settings";

const couponParams = z.object({ id: z.string().min(1).max(100) });

/** The storefront API behind Shopify's app proxy (`/apps/laurel/*` → `/proxy/*`). */
export function registerStorefrontRoutes(app: FastifyInstance, deps: Deps): void {
  app.addHook("preHandler", async (request) => {
    if (request.routeOptions.config.guard === "proxy") request.proxy = await authenticateProxy(deps, request);
  });
  // PROXY_RATE_LIMIT (default 120) a minute per shop and shopper: far above a person, well below a script.
  const rateLimit = {
    max: deps.config.proxyRateLimit,
    timeWindow: "1 minute",
    keyGenerator: proxyRateLimitKey,
  };
  const proxy = { config: { guard: "proxy" as const, rateLimit } };

  app.post("/proxy/join", proxy, async (request) => ok(await joinAsShopper(deps, requireProxy(request))));

  app.get("/proxy/customer", proxy, async (request) => {
    const { locale } = parseInput(widgetSettingsQuery, request.query);
    return ok(await getShopperView(deps, requireProxy(request), locale));
  });

  // Decision 0177: the signed-in company member's B2B partner tier card (null for anyone else).
  app.get("/proxy/partner-tier", proxy, async (request) => {
    const auth = requireProxy(request);
    const shop = await getShopOrThrow(deps, auth.shopId);
    return ok({
      tier: await storefrontPartnerTier(deps, shop, auth.platformCustomerId),
      texts: partnerTierTextsOf(shop),
      pointLabel: pointLabelOf(shop),
    });
  });

  // N-11: the product, cart and thank-you blocks ask the engine what their amounts earn.
  app.get("/proxy/points-estimate", proxy, async (request) => {
    const { amounts } = parseInput(proxyPointsEstimateQuery, request.query);
    return ok(await estimateOrderPoints(deps, requireProxy(request).shopId, amounts));
  });

  app.post("/proxy/redeem", proxy, async (request) => {
    const body = parseInput(proxyRedeemBody, request.body);
    return ok(await redeemAsShopper(deps, requireProxy(request), body), "Redeemed successfully");
  });

  app.get("/proxy/coupons", proxy, async (request) =>
    ok(await listShopperCoupons(deps, requireProxy(request))),
  );

  app.post("/proxy/coupons/:id/revoke", proxy, async (request) => {
    const { id } = parseInput(couponParams, request.params);
    return ok(await revokeAsShopper(deps, requireProxy(request), id), "Coupon revoked");
  });

  app.get("/proxy/widget", proxy, async (request, reply) => {
    const { locale } = parseInput(widgetSettingsQuery, request.query);
    return sendCacheable(request, reply, ok(await getWidgetSettings(deps, requireProxy(request), locale)));
  });

  app.get("/proxy/activities", proxy, async (request) => {
    const q = parseInput(proxyActivitiesQuery, request.query);
    return ok(await listShopperActivities(deps, requireProxy(request), q.page, q.pageSize));
  });
}
