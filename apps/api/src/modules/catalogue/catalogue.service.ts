import type {
  CatalogueCollectionsResponse,
  CatalogueProductsResponse,
  CatalogueQuery,
} from "@laurel/contracts";
import type { Db, ShopRow, Tx } from "@laurel/db";
import {
  collectionIdsNamedBy,
  collectionTitleConditionsOf,
  collectionTitleMatters,
  type ProductCollections,
  rulesReadCollections,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import * as repo from "./catalogue.repository";

/** A picker's page: enough to fill a modal's list without scrolling far (C-20, D-05). */
export const CATALOGUE_PAGE_SIZE = 25;

const platformShop = (shop: ShopRow) => ({ domain: shop.shopify_domain, accessToken: shop.access_token });
const searchOf = (q: CatalogueQuery) => ({
  query: q.q ?? "",
  after: q.after ?? null,
  first: CATALOGUE_PAGE_SIZE,
});

/** `GET /lp/catalogue/products`: the store's products by title, through the platform port. */
export async function searchCatalogueProducts(
  deps: Deps,
  shop: ShopRow,
  q: CatalogueQuery,
): Promise<CatalogueProductsResponse> {
  return deps.platform.searchProducts(platformShop(shop), searchOf(q));
}

/** `GET /lp/catalogue/collections`: the store's collections by title, through the platform port. */
export async function searchCatalogueCollections(
  deps: Deps,
  shop: ShopRow,
  q: CatalogueQuery,
): Promise<CatalogueCollectionsResponse> {
  return deps.platform.searchCollections(platformShop(shop), searchOf(q));
}

/**
 * Issue 14: reads, through the platform port, the products of every collection the shop's place
 * order rules need — those they name, and (C-19 `collection title` conditions) those whose title
 * can decide a condition, found by listing the store's collections — and keeps them for the order
 * pipeline (which never calls the platform in its transaction). A collection deleted on the
 * platform holds nothing; one no rule needs is forgotten. Platform calls first, then one short
 * transaction.
 */
export async function refreshCollectionProducts(deps: Deps, shop: ShopRow): Promise<void> {
  const programs = (await deps.shopContexts.byId(shop.id))?.earningPrograms ?? [];
  const titled = await collectionsByTitle(deps, shop, collectionTitleConditionsOf(programs));
  const keep = [...new Set([...collectionIdsNamedBy(programs), ...titled.keys()])].sort();
  const read = new Map<string, string[]>();
  for (const collectionId of keep) {
    read.set(
      collectionId,
      (await deps.platform.listCollectionProductIds(platformShop(shop), collectionId)) ?? [],
    );
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.keepOnlyCollections(trx, shop.id, keep);
    for (const [collectionId, productIds] of read) {
      await repo.replaceCollectionProducts(
        trx,
        shop.id,
        collectionId,
        productIds,
        now,
        titled.get(collectionId) ?? null,
      );
    }
  });
}

/** The store's collections a title condition can be decided by: id → title (every page). */
async function collectionsByTitle(
  deps: Deps,
  shop: ShopRow,
  conditions: ReturnType<typeof collectionTitleConditionsOf>,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (conditions.length === 0) return found;
  for (let after: string | null = null; ; ) {
    const page = await deps.platform.searchCollections(platformShop(shop), { query: "", after, first: 250 });
    for (const c of page.items) if (collectionTitleMatters(c.title, conditions)) found.set(c.id, c.title);
    if (!page.pageInfo.hasNextPage || page.pageInfo.endCursor === null) return found;
    after = page.pageInfo.endCursor;
  }
}

/** The order pipeline's read: product id → the kept collections it is in (ids and titles). */
export function collectionMembershipOf(
  conn: Db | Tx,
  shopId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductCollections>> {
  return repo.membershipOf(conn, shopId, productIds);
}

/** Whether any place order rule of the shop names a collection (the daily refresh skips the rest). */
export async function shopNamesCollections(deps: Deps, shopId: string): Promise<boolean> {
  const programs = (await deps.shopContexts.byId(shopId))?.earningPrograms ?? [];
  return rulesReadCollections(programs);
}
