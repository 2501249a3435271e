import { putLoyaltySettingsBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { getLoyaltySettings, updateLoyaltySettings } from "./settings.service";
import { getSubscriptionSettings } from "./subscription";

const admin = { config: { guard: "admin" as const } };

/** The shop's loyalty settings; `POST /apiSa/lp/settings` (the admin language) is the shops module's. */
export function registerSettingsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/lp/settings", admin, async (request) =>
    ok(await getLoyaltySettings(deps, requireAdmin(request).shopId)),
  );

  app.get("/apiSa/lp/settings/subscription", admin, async (request) =>
    ok(await getSubscriptionSettings(deps, requireAdmin(request).shopId)),
  );

  app.put("/apiSa/lp/settings", admin, async (request) => {
    const auth = requireAdmin(request);
    const body = parseInput(putLoyaltySettingsBody, request.body);
    return ok(await updateLoyaltySettings(deps, auth.shopId, auth, body), "Save successfully");
  });
}
