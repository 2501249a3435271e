import type { StoreDeps, StoreShop } from "../store-deps";
import { COLLECTIONS, CURRENCY, collectionIdOf, PRODUCTS } from "./catalogue";

/**
 * Publishes the store's catalogue where its platform's Admin API reads it (`demo_products`,
 * `demo_collections`; decision 0122), as Shopify holds a store's products behind its API. The
 * catalogue is code, so each start writes it again: idempotent, and a changed product is updated.
 */
export async function seedStoreCatalogue(deps: StoreDeps, shop: StoreShop): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    for (const c of COLLECTIONS) {
      await trx
        .insertInto("demo_collections")
        .values({ shop_id: shop.shopId, id: c.id, title: c.title, handle: c.handle })
        .onConflict((oc) => oc.columns(["shop_id", "id"]).doUpdateSet({ title: c.title, handle: c.handle }))
        .execute();
    }
    for (const p of PRODUCTS) {
      const row = {
        title: p.title,
        handle: p.handle,
        vendor: p.vendor,
        product_type: p.giftCard ? "Gift card" : p.collection,
        collection_ids: [collectionIdOf(p)].filter((id) => id !== ""),
        variant_ids: [p.variantId],
        tags: p.tags,
        price: p.price,
        currency: CURRENCY,
      };
      await trx
        .insertInto("demo_products")
        .values({ shop_id: shop.shopId, id: p.productId, ...row })
        .onConflict((oc) => oc.columns(["shop_id", "id"]).doUpdateSet(row))
        .execute();
    }
  });
}
