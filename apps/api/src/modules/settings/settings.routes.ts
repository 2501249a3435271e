import { putLoyaltySettingsBody, startPastOrderTaggingBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { latestPastOrderTagging, startPastOrderTagging } from "../platform-tags/past-order-tagging";
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

  // M-02 (decision 0176): the saved tags added to the orders that earned before them.
  app.get("/apiSa/lp/settings/tag-past-orders", admin, async (request) =>
    ok(await latestPastOrderTagging(deps, requireAdmin(request).shopId)),
  );
  app.post("/apiSa/lp/settings/tag-past-orders", admin, async (request) => {
    const auth = requireAdmin(request);
    parseInput(startPastOrderTaggingBody, request.body ?? {});
    return ok(await startPastOrderTagging(deps, auth.shopId, auth), "Tagging past orders");
  });
}
