import { z } from "zod";
import { parseInput } from "../infra/errors";
import { recordPlatformSubscription } from "../modules/shops/shops.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

const payloadSchema = z.object({
  app_subscription: z.object({
    admin_graphql_api_id: z.string(),
    name: z.string(),
    status: z.string(),
    updated_at: z.string(),
  }),
});

/** app_subscriptions/update: remember the platform charge's status (billing screens read it). */
export const appSubscriptionsUpdate: WebhookHandler = async (_deps, trx, { shop, payload }) => {
  const { app_subscription: s } = parseInput(payloadSchema, payload);
  await recordPlatformSubscription(trx, shop.id, {
    platformChargeId: s.admin_graphql_api_id,
    name: s.name,
    status: s.status,
    updatedAt: s.updated_at,
  });
};
