import { impersonateBody, staffShopUpdateBody, unlockPriorOrderSyncBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { setSessionCookie } from "../auth/auth.routes";
import { impersonate } from "../auth/auth.service";
import { getPriorOrderSyncStateAsStaff, unlockPriorOrderSync } from "../programs/program-syncs";
import { listShopsForStaff, updateShopAsStaff } from "../shops/shops.service";

const staff = { config: { guard: "staff" as const } };
const shopParams = z.object({ shopId: z.string().min(1).max(100) });

/** The internal zone (`/dev_zone`), staff only and enforced here, not in the UI. */
export function registerStaffRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/dev_zone/shops", staff, async () => ok(await listShopsForStaff(deps)));

  app.put("/apiSa/dev_zone/shops/:shopId", staff, async (request) => {
    const { shopId } = request.params as { shopId: string };
    const auth = requireAdmin(request);
    await updateShopAsStaff(
      deps,
      shopId,
      auth.userId ?? "unknown",
      parseInput(staffShopUpdateBody, request.body),
    );
    return ok(null, "Saved");
  });

  app.post("/apiSa/dev_zone/impersonate", staff, async (request, reply) => {
    const { shopId } = parseInput(impersonateBody, request.body);
    const result = await impersonate(deps, requireAdmin(request), shopId);
    setSessionCookie(reply, deps, result.session.cookie);
    return ok(result.token, "Logged in");
  });

  // Support tools (P-10, decision 0172): a shop's past-order sync lock, and lifting it.
  app.get("/apiSa/dev_zone/shops/:shopId/prior-order-sync", staff, async (request) => {
    const { shopId } = parseInput(shopParams, request.params);
    return ok(await getPriorOrderSyncStateAsStaff(deps, shopId));
  });

  app.post("/apiSa/dev_zone/shops/:shopId/prior-order-sync/unlock", staff, async (request) => {
    const { shopId } = parseInput(shopParams, request.params);
    const { reason } = parseInput(unlockPriorOrderSyncBody, request.body);
    const state = await unlockPriorOrderSync(deps, requireAdmin(request).userId ?? "unknown", shopId, reason);
    return ok(state, "Past-order sync unlocked");
  });
}
