import type { Db } from "@laurel/db";
import { sql } from "kysely";
import type {
  CataloguePage,
  CatalogueSearch,
  PlatformCollection,
  PlatformProduct,
  PlatformProductFacts,
} from "../port";

/**
 * The demo platform's catalogue API (decision 0122): the demo store writes its products and
 * collections to `demo_products` / `demo_collections`; this searches them as Shopify's
 * `products(query:)` would, by title, a page at a time. The cursor is the offset of the next page.
 */
export function createDemoCatalogue(db: Db) {
  const offsetOf = (after: string | null) => {
    const n = after === null ? 0 : Number.parseInt(after, 10);
    return Number.isSafeInteger(n) && n >= 0 ? n : 0;
  };
  const pattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  function page<T>(rows: T[], offset: number, first: number): CataloguePage<T> {
    const hasNextPage = rows.length > first;
    return {
      items: rows.slice(0, first),
      pageInfo: { hasNextPage, endCursor: hasNextPage ? String(offset + first) : null },
    };
  }
  return {
    async products(shopId: string, s: CatalogueSearch): Promise<CataloguePage<PlatformProduct>> {
      const offset = offsetOf(s.after);
      let q = db
        .selectFrom("demo_products")
        .select(["id", "title", "vendor", "variant_ids"])
        .where("shop_id", "=", shopId);
      if (s.query !== "") q = q.where(sql<boolean>`lower(title) like ${pattern(s.query)}`);
      const rows = await q
        .orderBy("title")
        .orderBy("id")
        .limit(s.first + 1)
        .offset(offset)
        .execute();
      const items = rows.map((r) => ({
        id: r.id,
        title: r.title,
        vendor: r.vendor,
        imageUrl: null,
        variants: r.variant_ids.map((id) => ({ id, title: "Default Title" })),
      }));
      return page(items, offset, s.first);
    },
    /** Every product's type and tags by id, a page at a time (C-19, decision 0175). */
    async productFacts(
      shopId: string,
      p: { after: string | null; first: number },
    ): Promise<CataloguePage<PlatformProductFacts>> {
      const offset = offsetOf(p.after);
      const rows = await db
        .selectFrom("demo_products")
        .select(["id", "product_type", "tags"])
        .where("shop_id", "=", shopId)
        .orderBy("id")
        .limit(p.first + 1)
        .offset(offset)
        .execute();
      const items = rows.map((r) => ({
        id: r.id,
        productType: r.product_type.trim() === "" ? null : r.product_type,
        tags: r.tags,
      }));
      return page(items, offset, p.first);
    },
    /** Products whose collections include this one; null when the store has no such collection. */
    async collectionProductIds(shopId: string, collectionId: string): Promise<string[] | null> {
      const collection = await db
        .selectFrom("demo_collections")
        .select("id")
        .where("shop_id", "=", shopId)
        .where("id", "=", collectionId)
        .executeTakeFirst();
      if (!collection) return null;
      const rows = await db
        .selectFrom("demo_products")
        .select("id")
        .where("shop_id", "=", shopId)
        .where(sql<boolean>`${collectionId} = any(collection_ids)`)
        .orderBy("id")
        .execute();
      return rows.map((r) => r.id);
    },
    async collections(shopId: string, s: CatalogueSearch): Promise<CataloguePage<PlatformCollection>> {
      const offset = offsetOf(s.after);
      let q = db
        .selectFrom("demo_collections as c")
        .select((eb) => [
          "c.id",
          "c.title",
          eb
            .selectFrom("demo_products as p")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("p.shop_id", "=", "c.shop_id")
            .where(sql<boolean>`c.id = any(p.collection_ids)`)
            .as("products_count"),
        ])
        .where("c.shop_id", "=", shopId);
      if (s.query !== "") q = q.where(sql<boolean>`lower(c.title) like ${pattern(s.query)}`);
      const rows = await q
        .orderBy("c.title")
        .orderBy("c.id")
        .limit(s.first + 1)
        .offset(offset)
        .execute();
      const items = rows.map((r) => ({
        id: r.id,
        title: r.title,
        productsCount: r.products_count === null ? null : Number(r.products_count),
      }));
      return page(items, offset, s.first);
    },
  };
}
