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
  type EarningProgram,
  type ProductCollections,
  type ProductFacts,
  rulesReadCollections,
  rulesReadProductFacts,
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
  await refreshCatalogueFor(deps, shop, (await deps.shopContexts.byId(shop.id))?.earningPrograms ?? []);
}

/**
 * The refresh for a given set of rules: the saved ones (above), or a backtest's, whose candidate
 * may read what no saved rule keeps yet (decision 0175). A later refresh by the saved rules
 * forgets what only the candidate needed.
 */
export async function refreshCatalogueFor(
  deps: Deps,
  shop: ShopRow,
  programs: readonly EarningProgram[],
): Promise<void> {
  await refreshProductFacts(deps, shop, programs);
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

/** A page of the products' facts: the most Shopify's `products` connection gives at once. */
const PRODUCT_FACTS_PAGE = 250;

/**
 * C-19 (decision 0175): while a place order rule has a product type or tag condition, every
 * product's type and tags are kept for the order pipeline, read through the platform port a page at
 * a time, each page written in its own short transaction; products not seen (deleted on the
 * platform) are forgotten at the end. Without such a rule nothing is kept.
 */
async function refreshProductFacts(
  deps: Deps,
  shop: ShopRow,
  programs: readonly EarningProgram[],
): Promise<void> {
  if (!rulesReadProductFacts(programs)) {
    await deps.db.transaction().execute((trx) => repo.forgetProductFacts(trx, shop.id, null));
    return;
  }
  const startedAt = deps.clock.now();
  for (let after: string | null = null; ; ) {
    const page = await deps.platform.listProductFacts(platformShop(shop), {
      after,
      first: PRODUCT_FACTS_PAGE,
    });
    const rows = page.items.map((p) => ({ productId: p.id, productType: p.productType, tags: p.tags }));
    await deps.db.transaction().execute((trx) => repo.upsertProductFacts(trx, shop.id, rows, startedAt));
    if (!page.pageInfo.hasNextPage || page.pageInfo.endCursor === null) break;
    after = page.pageInfo.endCursor;
  }
  await deps.db.transaction().execute((trx) => repo.forgetProductFacts(trx, shop.id, startedAt));
}

/**
 * products/update (decision 0175): the product's type and tags as the webhook tells them, kept at
 * once in the delivery's transaction (no platform call) while the rules read them.
 */
export async function keepUpdatedProductFacts(
  trx: Tx,
  shopId: string,
  product: { productId: string; productType: string | null; tags: string[] },
  now: Date,
): Promise<void> {
  await repo.upsertProductFacts(trx, shopId, [product], now);
}

/** The order pipeline's read: product id → its kept type and tags. */
export function productFactsOf(
  conn: Db | Tx,
  shopId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductFacts>> {
  return repo.productFactsOf(conn, shopId, productIds);
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

/**
 * What the shop's place order rules need kept from the store's catalogue: collection members, and
 * products' type and tags (the daily refresh and products/update skip shops that need neither).
 */
export async function catalogueNeedsOf(
  deps: Deps,
  shopId: string,
): Promise<{ collections: boolean; productFacts: boolean }> {
  const programs = (await deps.shopContexts.byId(shopId))?.earningPrograms ?? [];
  return { collections: rulesReadCollections(programs), productFacts: rulesReadProductFacts(programs) };
}
