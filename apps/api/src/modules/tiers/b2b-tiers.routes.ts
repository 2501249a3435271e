import {
  memberTierBody,
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
import { assertB2bAvailable } from "../membership/membership.service";
import { getShopOrThrow } from "../shops/shops.service";
import { syncAllTierTags } from "./tier-tags.service";
import {
  deactivateTiers,
  deleteTier,
  getTierProgram,
  getTierRun,
  launchTiers,
  listTierRuns,
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

/**
 * B2B partner tiers (I-19 … I-21, decision 0174): the VIP tier routes over the `b2b` program. Reading
 * is always possible; changing, previewing and launching need the three requirements, and
 * deactivating stays possible so a shop that lost one can switch them off.
 */
export function registerB2bTierRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/b2b/tiers", admin, async (request) =>
    ok(await getTierProgram(deps, requireAdmin(request).shopId, "b2b")),
  );

  app.put("/apiSa/b2b/tiers/settings", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(tierSettingsSchema, request.body);
    await assertB2bAvailable(deps, auth.shopId);
    return ok(await saveTierSettings(deps, auth.shopId, auth, body, "b2b"), "Updated B2B tier");
  });

  app.post("/apiSa/b2b/tiers", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(tierBody, request.body);
    await assertB2bAvailable(deps, auth.shopId);
    return ok(await saveTier(deps, auth.shopId, auth, null, body, "b2b"), "Saved tier successfully");
  });

  app.put("/apiSa/b2b/tiers/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(tierBody, request.body);
    await assertB2bAvailable(deps, auth.shopId);
    return ok(await saveTier(deps, auth.shopId, auth, id, body, "b2b"), "Saved tier successfully");
  });

  app.put("/apiSa/b2b/tiers/:id/rewards", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(tierRewardsBody, request.body);
    await assertB2bAvailable(deps, auth.shopId);
    return ok(await saveTierRewards(deps, auth.shopId, auth, id, body, "b2b"), "Saved tier successfully");
  });

  app.delete("/apiSa/b2b/tiers/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    await assertB2bAvailable(deps, auth.shopId);
    await deleteTier(deps, auth.shopId, auth, id, "b2b");
    return ok(null, "Deleted tier successfully");
  });

  app.post("/apiSa/b2b/tiers/preview", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(noBody, request.body);
    const shop = await assertB2bAvailable(deps, auth.shopId);
    return ok(await previewTiers(deps, shop, "b2b"));
  });

  app.post("/apiSa/b2b/tiers/launch", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(tierLaunchBody, request.body ?? {});
    const shop = await assertB2bAvailable(deps, auth.shopId);
    return ok(await launchTiers(deps, shop, auth, body, "b2b"), "Updated status successfully");
  });

  app.post("/apiSa/b2b/tiers/deactivate", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(noBody, request.body);
    await getShopOrThrow(deps, auth.shopId);
    return ok(await deactivateTiers(deps, auth.shopId, auth, "b2b"), "Updated status successfully");
  });

  app.post("/apiSa/b2b/tiers/sync-tags", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(noBody, request.body);
    await assertB2bAvailable(deps, auth.shopId);
    return ok(await syncAllTierTags(deps, auth.shopId, "b2b"), "Synced tags processed");
  });

  // I-18 for a company member (decision 0177): partner tiers are never exclusive, so no I-17 here.
  app.put("/apiSa/b2b/tiers/members/:customerId", admin, async (request) => {
    const auth = requireAdmin(request);
    const { customerId } = parseInput(memberParams, request.params);
    const body = parseInput(memberTierBody, request.body);
    const shop = await assertB2bAvailable(deps, auth.shopId);
    return ok(await setMemberTier(deps, shop, auth, customerId, body, "b2b"), "Updated B2B tier");
  });

  app.get("/apiSa/b2b/tiers/runs", admin, async (request) =>
    ok(await listTierRuns(deps, requireAdmin(request).shopId, "b2b")),
  );

  app.get("/apiSa/b2b/tiers/runs/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    return ok(await getTierRun(deps, auth.shopId, id, "b2b"));
  });
}
