import { shopActivityQuery } from "@laurel/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin, requireApiKey } from "../../infra/http";
import { getCustomer, listShopActivity } from "../customers/customers.admin";
import { generateApiKey, getApiKeyView, revokeApiKey, rotateApiKey } from "./api-keys.service";

const admin = { config: { guard: "admin" as const } };
const idParams = z.object({ id: z.string().min(1).max(100) });

/** One allowance per key; a request refused by the guard never reaches the limiter. */
const apiRateLimitKey = (request: FastifyRequest) =>
  request.apiKey ? `api:${request.apiKey.keyId}` : `api:unverified:${request.ip}`;

/**
 * The Developers section (M-07) and the merchant API it unlocks (H-06, decision 0170). The key is
 * answered by generate and rotate only, with `Cache-Control: no-store`.
 */
export function registerApiKeyRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/developers/api-key", admin, async (request) =>
    ok(await getApiKeyView(deps, requireAdmin(request).shopId)),
  );
  app.post("/apiSa/developers/api-key", admin, async (request, reply) => {
    const auth = requireAdmin(request);
    void reply.header("cache-control", "no-store");
    return ok(await generateApiKey(deps, auth.shopId, auth), "API key generated");
  });
  app.post("/apiSa/developers/api-key/rotate", admin, async (request, reply) => {
    const auth = requireAdmin(request);
    void reply.header("cache-control", "no-store");
    return ok(await rotateApiKey(deps, auth.shopId, auth), "API key rotated");
  });
  app.delete("/apiSa/developers/api-key", admin, async (request) => {
    const auth = requireAdmin(request);
    await revokeApiKey(deps, auth.shopId, auth);
    return ok(null, "API key revoked");
  });

  const merchant = {
    config: {
      guard: "apiKey" as const,
      rateLimit: { max: deps.config.apiRateLimit, timeWindow: "1 minute", keyGenerator: apiRateLimitKey },
    },
  };
  app.get("/api/v1/customers/:id", merchant, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getCustomer(deps, requireApiKey(request).shopId, id));
  });
  app.get("/api/v1/points/activity", merchant, async (request) =>
    ok(
      await listShopActivity(
        deps,
        requireApiKey(request).shopId,
        parseInput(shopActivityQuery, request.query),
      ),
    ),
  );
}
