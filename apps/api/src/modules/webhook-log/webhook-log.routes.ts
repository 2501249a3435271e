import { webhookLogQuery } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { getWebhookDelivery, listWebhookDeliveries, retryWebhookDelivery } from "./webhook-log.service";

const staff = { config: { guard: "staff" as const } };
const deliveryParams = z.object({
  shopId: z.string().min(1).max(100),
  webhookId: z.string().min(1).max(255),
});

/** The internal zone's webhook log (P-01, issue 16): staff only, enforced by the guard. */
export function registerWebhookLogRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/dev_zone/webhooks", staff, async (request) =>
    ok(await listWebhookDeliveries(deps, parseInput(webhookLogQuery, request.query))),
  );

  app.get("/apiSa/dev_zone/webhooks/:shopId/:webhookId", staff, async (request) => {
    const { shopId, webhookId } = parseInput(deliveryParams, request.params);
    return ok(await getWebhookDelivery(deps, shopId, webhookId));
  });

  app.post("/apiSa/dev_zone/webhooks/:shopId/:webhookId/retry", staff, async (request) => {
    const { shopId, webhookId } = parseInput(deliveryParams, request.params);
    const auth = requireAdmin(request);
    const delivery = await retryWebhookDelivery(deps, auth.userId ?? "unknown", shopId, webhookId);
    return ok(delivery, "Queued to be processed again");
  });
}
