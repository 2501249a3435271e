import type { Db, Tx } from "@laurel/db";

type Conn = Db | Tx;

/** Product id → the named collections it is in, for these products (one indexed statement). */
export async function membershipOf(
  conn: Conn,
  shopId: string,
  productIds: readonly string[],
  collectionIds: readonly string[],
): Promise<Map<string, string[]>> {
  const membership = new Map<string, string[]>();
  if (productIds.length === 0 || collectionIds.length === 0) return membership;
  const rows = await conn
    .selectFrom("collection_products")
    .select(["product_id", "collection_id"])
    .where("shop_id", "=", shopId)
    .where("product_id", "in", [...productIds])
    .where("collection_id", "in", [...collectionIds])
    .execute();
  for (const r of rows)
    membership.set(r.product_id, [...(membership.get(r.product_id) ?? []), r.collection_id]);
  return membership;
}

/** Replaces what a collection holds with what the platform said, and notes when. */
export async function replaceCollectionProducts(
  trx: Tx,
  shopId: string,
  collectionId: string,
  productIds: readonly string[],
  now: Date,
): Promise<void> {
  await trx
    .deleteFrom("collection_products")
    .where("shop_id", "=", shopId)
    .where("collection_id", "=", collectionId)
    .execute();
  const unique = [...new Set(productIds)];
  for (let i = 0; i < unique.length; i += 1_000) {
    await trx
      .insertInto("collection_products")
      .values(
        unique
          .slice(i, i + 1_000)
          .map((productId) => ({ shop_id: shopId, collection_id: collectionId, product_id: productId })),
      )
      .execute();
  }
  await trx
    .insertInto("collection_refreshes")
    .values({ shop_id: shopId, collection_id: collectionId, products: unique.length, refreshed_at: now })
    .onConflict((oc) =>
      oc.columns(["shop_id", "collection_id"]).doUpdateSet({ products: unique.length, refreshed_at: now }),
    )
    .execute();
}

/** Forgets the collections no rule names any more. */
export async function keepOnlyCollections(trx: Tx, shopId: string, named: readonly string[]): Promise<void> {
  for (const table of ["collection_products", "collection_refreshes"] as const) {
    let q = trx.deleteFrom(table).where("shop_id", "=", shopId);
    if (named.length > 0) q = q.where("collection_id", "not in", [...named]);
    await q.execute();
  }
}
