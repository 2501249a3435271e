import type { Db, Tx } from "@laurel/db";
import type { ProductCollections, ProductFacts } from "@laurel/domain";

type Conn = Db | Tx;

/**
 * Product id → the kept collections it is in (ids, and the titles kept for title conditions), for
 * these products: one indexed statement. Kept collections are those the rules need (refresh).
 */
export async function membershipOf(
  conn: Conn,
  shopId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductCollections>> {
  const membership = new Map<string, { ids: string[]; titles: string[] }>();
  if (productIds.length === 0) return membership;
  const rows = await conn
    .selectFrom("collection_products as cp")
    .leftJoin("collection_refreshes as cr", (j) =>
      j.onRef("cr.shop_id", "=", "cp.shop_id").onRef("cr.collection_id", "=", "cp.collection_id"),
    )
    .select(["cp.product_id", "cp.collection_id", "cr.title"])
    .where("cp.shop_id", "=", shopId)
    .where("cp.product_id", "in", [...productIds])
    .execute();
  for (const r of rows) {
    const entry = membership.get(r.product_id) ?? { ids: [], titles: [] };
    entry.ids.push(r.collection_id);
    if (r.title !== null) entry.titles.push(r.title);
    membership.set(r.product_id, entry);
  }
  return membership;
}

/** Replaces what a collection holds with what the platform said, and notes when. */
export async function replaceCollectionProducts(
  trx: Tx,
  shopId: string,
  collectionId: string,
  productIds: readonly string[],
  now: Date,
  title: string | null,
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
    .values({
      shop_id: shopId,
      collection_id: collectionId,
      products: unique.length,
      refreshed_at: now,
      title,
    })
    .onConflict((oc) =>
      oc
        .columns(["shop_id", "collection_id"])
        .doUpdateSet({ products: unique.length, refreshed_at: now, title }),
    )
    .execute();
}

/** Forgets the collections the rules no longer need. */
export async function keepOnlyCollections(trx: Tx, shopId: string, named: readonly string[]): Promise<void> {
  for (const table of ["collection_products", "collection_refreshes"] as const) {
    let q = trx.deleteFrom(table).where("shop_id", "=", shopId);
    if (named.length > 0) q = q.where("collection_id", "not in", [...named]);
    await q.execute();
  }
}

/** Product id → its kept type and tags, for these products: one statement on the primary key. */
export async function productFactsOf(
  conn: Conn,
  shopId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductFacts>> {
  if (productIds.length === 0) return new Map();
  const rows = await conn
    .selectFrom("product_facts")
    .select(["product_id", "product_type", "tags"])
    .where("shop_id", "=", shopId)
    .where("product_id", "in", [...productIds])
    .execute();
  return new Map(rows.map((r) => [r.product_id, { productType: r.product_type, tags: r.tags }]));
}

export interface ProductFactsRow {
  productId: string;
  productType: string | null;
  tags: string[];
}

/** Keeps (inserts or replaces) these products' type and tags, 1,000 rows a statement. */
export async function upsertProductFacts(
  trx: Tx,
  shopId: string,
  rows: readonly ProductFactsRow[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) {
    await trx
      .insertInto("product_facts")
      .values(
        rows.slice(i, i + 1_000).map((r) => ({
          shop_id: shopId,
          product_id: r.productId,
          product_type: r.productType,
          tags: r.tags,
          refreshed_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(["shop_id", "product_id"]).doUpdateSet((eb) => ({
          product_type: eb.ref("excluded.product_type"),
          tags: eb.ref("excluded.tags"),
          refreshed_at: eb.ref("excluded.refreshed_at"),
        })),
      )
      .execute();
  }
}

/** Forgets the shop's product facts read before `before` (products deleted since), or all of them. */
export async function forgetProductFacts(trx: Tx, shopId: string, before: Date | null): Promise<void> {
  let q = trx.deleteFrom("product_facts").where("shop_id", "=", shopId);
  if (before !== null) q = q.where("refreshed_at", "<", before);
  await q.execute();
}
