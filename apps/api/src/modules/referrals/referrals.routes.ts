import {
  proxyReferralClaimBody,
  proxyReferralQuery,
  referralListQuery,
  referralSettingsSchema,
  referralWhitelistBody,
  referralWhitelistQuery,
} from "@laurel/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin, requireProxy } from "../../infra/http";
import { getShopOrThrow } from "../shops/shops.service";
import { proxyRateLimitKey, storefrontVisitorAddress } from "../storefront/proxy.guard";
import {
  changeWhitelist,
  claimReferral,
  exportReferralsCsv,
  getReferralSettings,
  getShopperReferral,
  listReferrals,
  listWhitelist,
  saveReferralSettings,
} from "./referrals.service";

const admin = { config: { guard: "admin" as const } };

/** Referrals (issue 18): the admin's settings, list and whitelist, and the storefront's link and claim. */
export function registerReferralRoutes(app: FastifyInstance, deps: Deps): void {
  const callerOf = async (request: FastifyRequest) => {
    const auth = requireAdmin(request);
    return { auth, shop: await getShopOrThrow(deps, auth.shopId) };
  };

  app.get("/apiSa/referral/settings", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await getReferralSettings(deps, shop));
  });
  app.put("/apiSa/referral/settings", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const body = parseInput(referralSettingsSchema, request.body);
    return ok(await saveReferralSettings(deps, shop, auth, body), "Updated successfully");
  });
  app.get("/apiSa/referrals", admin, async (request) => {
    const auth = requireAdmin(request);
    return ok(await listReferrals(deps, auth.shopId, parseInput(referralListQuery, request.query)));
  });
  app.get("/apiSa/referrals/export", admin, async (request, reply) => {
    const auth = requireAdmin(request);
    const q = parseInput(referralListQuery, request.query);
    const csv = await exportReferralsCsv(deps, auth.shopId, q);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="referrals.csv"')
      .send(csv);
  });
  app.get("/apiSa/referral/whitelist", admin, async (request) => {
    const auth = requireAdmin(request);
    const { search } = parseInput(referralWhitelistQuery, request.query);
    return ok({ customers: await listWhitelist(deps, auth.shopId, search), notFound: [] });
  });
  app.post("/apiSa/referral/whitelist", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(referralWhitelistBody, request.body);
    return ok(await changeWhitelist(deps, auth.shopId, auth, body, true), "Updated successfully");
  });
  app.post("/apiSa/referral/whitelist/remove", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(referralWhitelistBody, request.body);
    return ok(await changeWhitelist(deps, auth.shopId, auth, body, false), "Updated successfully");
  });

  const rateLimit = {
    max: deps.config.proxyRateLimit,
    timeWindow: "1 minute",
    keyGenerator: proxyRateLimitKey,
  };
  const proxy = { config: { guard: "proxy" as const, rateLimit } };
  app.get("/proxy/referral", proxy, async (request) => {
    const { deviceId } = parseInput(proxyReferralQuery, request.query);
    return ok(
      await getShopperReferral(deps, requireProxy(request), {
        deviceId: deviceId ?? null,
        ip: storefrontVisitorAddress(request),
      }),
    );
  });
  app.post("/proxy/referral/claim", proxy, async (request) => {
    const body = parseInput(proxyReferralClaimBody, request.body);
    return ok(
      await claimReferral(deps, requireProxy(request), body, storefrontVisitorAddress(request)),
      "Referral accepted",
    );
  });
}
