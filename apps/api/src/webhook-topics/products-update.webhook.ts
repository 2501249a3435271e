import { z } from "zod";
import { parseInput } from "../infra/errors";
import { COLLECTION_REFRESH_DEBOUNCE, refreshCollectionProducts } from "../jobs/refs";
import { shopNamesCollections } from "../modules/catalogue/catalogue.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

const payloadSchema = z.object({ id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]) });

/**
 * products/update (issue 14, decision 0140): a product may have joined or left a collection a
 * place order rule names, which the webhook does not say (it carries no collections). When the
 * shop's rules name collections, the collections' members are read again soon — debounced per shop
 * (a bulk edit of a thousand products makes one or two refreshes, not a thousand), in the
 * delivery's transaction (outbox). Shops without collection rules pay nothing.
 */
export const productsUpdate: WebhookHandler = async (deps, trx, { shop, payload }) => {
  parseInput(payloadSchema, payload);
  if (!(await shopNamesCollections(deps, shop.id))) return;
  await deps.queue.sendInTransaction(
    trx,
    refreshCollectionProducts,
    { shopId: shop.id },
    COLLECTION_REFRESH_DEBOUNCE(shop.id),
  );
};
