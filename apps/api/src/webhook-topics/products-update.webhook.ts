import { parseProductTags } from "@laurel/domain";
import { z } from "zod";
import { parseInput } from "../infra/errors";
import { COLLECTION_REFRESH_DEBOUNCE, refreshCollectionProducts } from "../jobs/refs";
import { catalogueNeedsOf, keepUpdatedProductFacts } from "../modules/catalogue/catalogue.service";
import type { WebhookHandler } from "../modules/webhooks/webhook-handler";

const payloadSchema = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
  // Shopify sends the type as a string ("" for none) and the tags as one comma-separated string.
  product_type: z.string().max(1_000).nullable().optional(),
  tags: z
    .union([z.string().max(100_000), z.array(z.string().max(1_000)).max(1_000)])
    .nullable()
    .optional(),
});

/**
 * products/update (issue 14, decisions 0140 and 0175). A product may have joined or left a
 * collection a place order rule names, which the webhook does not say (it carries no collections):
 * when the shop's rules name collections, the collections' members are read again soon — debounced
 * per shop (a bulk edit of a thousand products makes one or two refreshes, not a thousand), in the
 * delivery's transaction (outbox). The webhook does carry the product's type and tags: when the
 * rules have product type or tag conditions, they are kept at once. Shops without such rules pay
 * nothing.
 */
export const productsUpdate: WebhookHandler = async (deps, trx, { shop, payload }) => {
  const product = parseInput(payloadSchema, payload);
  const needs = await catalogueNeedsOf(deps, shop.id);
  if (needs.productFacts) {
    const type = product.product_type?.trim() ?? "";
    await keepUpdatedProductFacts(
      trx,
      shop.id,
      {
        productId: String(product.id),
        productType: type === "" ? null : type,
        tags: parseProductTags(product.tags),
      },
      deps.clock.now(),
    );
  }
  if (!needs.collections) return;
  await deps.queue.sendInTransaction(
    trx,
    refreshCollectionProducts,
    { shopId: shop.id },
    COLLECTION_REFRESH_DEBOUNCE(shop.id),
  );
};
