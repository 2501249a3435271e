import type {
  CatalogueCollectionsResponse,
  CatalogueProductsResponse,
  CatalogueQuery,
} from "@laurel/contracts";
import type { Db, ShopRow, Tx } from "@laurel/db";
import { collectionIdsNamedBy } from "@laurel/domain";
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
 * order rules name, and keeps them for the order pipeline (which never calls the platform in its
 * transaction). A collection deleted on the platform holds nothing; one no rule names is
 * forgotten. Platform calls come first, then one short transaction.
 */
export async function refreshCollectionProducts(deps: Deps, shop: ShopRow): Promise<void> {
  const programs = (await deps.shopContexts.byId(shop.id))?.earningPrograms ?? [];
  const named = collectionIdsNamedBy(programs);
  const read = new Map<string, string[]>();
  for (const collectionId of named) {
    read.set(
      collectionId,
      (await deps.platform.listCollectionProductIds(platformShop(shop), collectionId)) ?? [],
    );
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.keepOnlyCollections(trx, shop.id, named);
    for (const [collectionId, productIds] of read) {
      await repo.replaceCollectionProducts(trx, shop.id, collectionId, productIds, now);
    }
  });
}

/** The order pipeline's read: product id → the named collections it is in. */
export function collectionMembershipOf(
  conn: Db | Tx,
  shopId: string,
  productIds: readonly string[],
  collectionIds: readonly string[],
): Promise<Map<string, string[]>> {
  return repo.membershipOf(conn, shopId, productIds, collectionIds);
}

/** Whether any place order rule of the shop names a collection (the daily refresh skips the rest). */
export async function shopNamesCollections(deps: Deps, shopId: string): Promise<boolean> {
  const programs = (await deps.shopContexts.byId(shopId))?.earningPrograms ?? [];
  return collectionIdsNamedBy(programs).length > 0;
}
