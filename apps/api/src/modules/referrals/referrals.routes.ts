import {
  proxyReferralClaimBody,
  proxyReferralPopupQuery,
  proxyReferralQuery,
  referralBrandingSchema,
  referralExportBody,
  referralExportDownloadQuery,
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
  downloadReferralExport,
  getReferralBranding,
  getReferralPopup,
  requestReferralExport,
  saveReferralBranding,
} from "./referral-pages.service";
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
  // E-12: the export e-mailed as a signed link (decision 0126).
  app.post("/apiSa/referrals/export", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const body = parseInput(referralExportBody, request.body ?? {});
    return ok(await requestReferralExport(deps, shop, auth, body), "Your export will be e-mailed to you");
  });
  app.get<{ Params: { shopId: string; id: string } }>(
    "/exports/referrals/:shopId/:id",
    { config: { guard: "public" as const } },
    async (request, reply) => {
      const { s } = parseInput(referralExportDownloadQuery, request.query);
      const { shopId, id } = request.params;
      const csv = await downloadReferralExport(deps, shopId, id, s);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="referrals.csv"')
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );
  // E-13: the referral pages' design (decision 0125).
  app.get("/apiSa/referral/branding", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await getReferralBranding(deps, shop));
  });
  app.put("/apiSa/referral/branding", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const body = parseInput(referralBrandingSchema, request.body);
    return ok(await saveReferralBranding(deps, shop, auth, body), "Updated successfully");
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
  app.get("/proxy/referral/popup", proxy, async (request) => {
    const { code } = parseInput(proxyReferralPopupQuery, request.query);
    return ok(await getReferralPopup(deps, requireProxy(request), code));
  });
  app.post("/proxy/referral/claim", proxy, async (request) => {
    const body = parseInput(proxyReferralClaimBody, request.body);
    return ok(
      await claimReferral(deps, requireProxy(request), body, storefrontVisitorAddress(request)),
      "Referral accepted",
    );
  });
}
