import { postSettingsBody, postShopBodyShapes, putShopBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput, parseOneOf } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import * as shops from "./shops.service";

const admin = { config: { guard: "admin" as const } };

export function registerShopRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/shops", admin, async (request) => ok(await shops.getShopView(deps, requireAdmin(request))));

  app.get("/apiSa/shopify/checkSupportAppBlock", admin, async (request) =>
    ok(await shops.checkSupportAppBlock(deps, requireAdmin(request).shopId)),
  );

  app.post("/apiSa/shop", admin, async (request) => {
    const auth = requireAdmin(request);
    await shops.recordShopBookkeeping(deps, auth.shopId, auth, parseOneOf(postShopBodyShapes, request.body));
    return ok(null, "Saved");
  });

  app.put("/apiSa/shop", admin, async (request) => {
    const auth = requireAdmin(request);
    await shops.updateShopSettings(deps, auth.shopId, auth, parseInput(putShopBody, request.body));
    return ok(null, "Saved");
  });

  app.post("/apiSa/lp/settings", admin, async (request) => {
    const auth = requireAdmin(request);
    await shops.saveAdminLanguage(deps, auth.shopId, auth, parseInput(postSettingsBody, request.body));
    return ok(null, "Saved");
  });
}
