import { z } from "zod";
import { parseInput } from "../infra/errors";
import { markShopChanged } from "../infra/shop-changes";
import { recordGrantedScopes } from "../modules/shops/shops.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

/** Shopify's payload: the scopes before and after, as lists of handles (`read_products`, …). */
const payloadSchema = z.object({
  current: z.array(z.string().min(1).max(100)).max(200),
});

/**
 * app/scopes_update (reference §2.4): the merchant granted or withdrew access scopes after
 * install. The stored scopes follow, so what needs a scope (B2B partner tiers' requirements,
 * decision 0174) sees the store as it is now, not as it was at install.
 */
export const appScopesUpdate: WebhookHandler = async (_deps, trx, { shop, payload }) => {
  const { current } = parseInput(payloadSchema, payload);
  await recordGrantedScopes(trx, shop.id, current);
  markShopChanged(shop.id);
};
