import {
  memberTierBody,
  retryStuckTierCouponsBody,
  stuckTierCouponsQuery,
  tierBody,
  tierLaunchBody,
  tierRewardsBody,
  tierSettingsSchema,
} from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { getShopOrThrow } from "../shops/shops.service";
import { listStuckTierCoupons, retryStuckTierCoupons } from "./tier-coupons.service";
import { syncAllTierTags } from "./tier-tags.service";
import {
  deactivateTiers,
  deleteTier,
  getTierProgram,
  getTierRun,
  launchTiers,
  listTierRuns,
  memberTiers,
  previewTiers,
  saveTier,
  saveTierRewards,
  saveTierSettings,
  setMemberTier,
} from "./tiers.service";

const admin = { config: { guard: "admin" as const } };
const idParams = z.object({ id: z.string().min(1).max(100) });
const noBody = z.strictObject({}).optional();
const memberParams = z.object({ customerId: z.string().min(1).max(100) });

/** VIP tiers (issue 10): settings, the tier editor, preview and the lifecycle (I-10 … I-15). */
export function registerTierRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/tiers", admin, async (request) =>
    ok(await getTierProgram(deps, requireAdmin(request).shopId)),
  );

  app.put("/apiSa/tiers/settings", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(tierSettingsSchema, request.body);
    return ok(await saveTierSettings(deps, auth.shopId, auth, body), "Updated VIP tier");
  });

  app.post("/apiSa/tiers", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(tierBody, request.body);
    return ok(await saveTier(deps, auth.shopId, auth, null, body), "Saved tier successfully");
  });

  app.put("/apiSa/tiers/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(tierBody, request.body);
    return ok(await saveTier(deps, auth.shopId, auth, id, body), "Saved tier successfully");
  });

  app.put("/apiSa/tiers/:id/rewards", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(tierRewardsBody, request.body);
    return ok(await saveTierRewards(deps, auth.shopId, auth, id, body), "Saved tier successfully");
  });

  app.delete("/apiSa/tiers/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    await deleteTier(deps, auth.shopId, auth, id);
    return ok(null, "Deleted tier successfully");
  });

  app.post("/apiSa/tiers/preview", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(noBody, request.body);
    return ok(await previewTiers(deps, await getShopOrThrow(deps, auth.shopId)));
  });

  app.post("/apiSa/tiers/launch", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(tierLaunchBody, request.body ?? {});
    const shop = await getShopOrThrow(deps, auth.shopId);
    return ok(await launchTiers(deps, shop, auth, body), "Updated status successfully");
  });

  app.post("/apiSa/tiers/deactivate", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(noBody, request.body);
    return ok(await deactivateTiers(deps, auth.shopId, auth), "Updated status successfully");
  });

  app.post("/apiSa/tiers/sync-tags", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(noBody, request.body);
    return ok(await syncAllTierTags(deps, auth.shopId), "Synced tags processed");
  });

  app.get("/apiSa/tiers/members/:customerId", admin, async (request) => {
    const auth = requireAdmin(request);
    const { customerId } = parseInput(memberParams, request.params);
    const shop = await getShopOrThrow(deps, auth.shopId);
    return ok(await memberTiers(deps, shop, customerId));
  });

  app.put("/apiSa/tiers/members/:customerId", admin, async (request) => {
    const auth = requireAdmin(request);
    const { customerId } = parseInput(memberParams, request.params);
    const body = parseInput(memberTierBody, request.body);
    const shop = await getShopOrThrow(deps, auth.shopId);
    return ok(await setMemberTier(deps, shop, auth, customerId, body), "Updated VIP tier");
  });

  app.get("/apiSa/tiers/runs", admin, async (request) =>
    ok(await listTierRuns(deps, requireAdmin(request).shopId)),
  );

  app.get("/apiSa/tiers/runs/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    return ok(await getTierRun(deps, auth.shopId, id));
  });

  // Decision 0173: tier coupons the platform has not made, and the merchant's way out.
  app.get("/apiSa/tiers/stuck-coupons", admin, async (request) => {
    const auth = requireAdmin(request);
    const query = parseInput(stuckTierCouponsQuery, request.query);
    return ok(await listStuckTierCoupons(deps, auth.shopId, query));
  });

  app.post("/apiSa/tiers/stuck-coupons/retry", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(retryStuckTierCouponsBody, request.body ?? {});
    const result = await retryStuckTierCoupons(deps, auth.shopId, auth, body);
    return ok(result, result.queued > 0 ? "Tier coupons queued" : "No stuck tier coupons to retry");
  });
}
