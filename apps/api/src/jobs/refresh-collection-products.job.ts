import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { catalogueNeedsOf, refreshCollectionProducts } from "../modules/catalogue/catalogue.service";
import { getShopOrThrow, listInstalledShopIds } from "../modules/shops/shops.service";
import * as refs from "./refs";

/**
 * Issue 14: one shop's collection members (and, decision 0175, its products' type and tags), after a
 * rule naming collections or reading product types or tags is saved. A throttled
 * or failed platform call throws and pg-boss retries (a refresh replaces, so a retry is harmless).
 */
export const refreshCollectionProductsJob: JobDefinition<{ shopId: string }, Deps> = {
  ...refs.refreshCollectionProducts,
  async handle(deps, { shopId }) {
    await refreshCollectionProducts(deps, await getShopOrThrow(deps, shopId));
  },
};

/**
 * Daily (collections and products change on the platform): one job per shop whose rules name
 * collections or read product types or tags.
 */
export const refreshAllCollectionProductsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.refreshAllCollectionProducts,
  schedule: "41 3 * * *",
  async handle(deps) {
    for (const shopId of await listInstalledShopIds(deps)) {
      const needs = await catalogueNeedsOf(deps, shopId);
      if (!needs.collections && !needs.productFacts) continue;
      // The products/update webhook's slots: a refresh it already queued for this slot serves both.
      await deps.queue.send(
        refs.refreshCollectionProducts,
        { shopId },
        refs.COLLECTION_REFRESH_DEBOUNCE(shopId),
      );
    }
  },
};
