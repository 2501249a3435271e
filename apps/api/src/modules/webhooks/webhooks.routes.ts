import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { ok } from "../../infra/http";
import { verifyWebhookHmac } from "../../infra/shopify-signatures";

/** Shopify order payloads can be large (many line items); 5 MiB is well above any we have seen. */
const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * `POST /webhooks`: one endpoint for every topic (reference §2). The HMAC is checked over the raw
 * bytes before anything is parsed; the delivery is recorded durably and acknowledged, and the
 * processor applies it (decision 0018). Only topics Laurel handles are recorded.
 */
export async function registerWebhookRoutes(
  app: FastifyInstance,
  deps: Deps,
  handledTopics: ReadonlySet<string>,
): Promise<void> {
  await app.register(async (scope) => {
    // Raw bytes for the HMAC: this scope's JSON parser keeps the Buffer.
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    scope.post(
      "/webhooks",
      { config: { guard: "webhook" }, bodyLimit: WEBHOOK_BODY_LIMIT },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers["x-shopify-hmac-sha256"];
        if (
          !verifyWebhookHmac(
            raw,
            typeof header === "string" ? header : undefined,
            deps.config.shopifyApiSecret,
          )
        ) {
          throw new AppError("webhook_unauthorized", 401);
        }
        const topic = request.headers["x-shopify-topic"];
        const shopDomain = request.headers["x-shopify-shop-domain"];
        const webhookId = request.headers["x-shopify-webhook-id"];
        if (
          typeof topic !== "string" ||
          typeof shopDomain !== "string" ||
          typeof webhookId !== "string" ||
          !topic ||
          !shopDomain ||
          !webhookId
        ) {
          throw new AppError("webhook_headers_missing", 400);
        }
        const shop = (await deps.shopContexts.byDomain(shopDomain.toLowerCase()))?.shop;
        // Unknown shop (never installed, or already erased by shop/redact): acknowledge, nothing to do.
        if (!shop) return ok({ outcome: "unknown_shop" });
        if (!handledTopics.has(topic)) return ok({ outcome: "ignored_topic" });
        const outcome = await deps.webhooks.record(shop, { topic, webhookId, body: raw.toString("utf8") });
        return ok({ outcome });
      },
    );
  });
}
