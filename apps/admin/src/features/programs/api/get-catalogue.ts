import type { CatalogueCollectionsResponse, CatalogueProductsResponse } from "@laurel/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { catalogueKeys } from "../../../lib/query-keys";

export type CatalogueKind = "products" | "collections";
type PageOf<K extends CatalogueKind> = K extends "products"
  ? CatalogueProductsResponse
  : CatalogueCollectionsResponse;

/** `GET /apiSa/lp/catalogue/products|collections?q=&after=` (C-20, D-05): one page of the store's catalogue. */
async function getCataloguePage<K extends CatalogueKind>(
  kind: K,
  q: string,
  after: string | null,
  signal?: AbortSignal,
): Promise<PageOf<K>> {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (after) params.set("after", after);
  const query = params.toString();
  return (await api.get<PageOf<K>>(`/lp/catalogue/${kind}${query ? `?${query}` : ""}`, signal)).data;
}

/** The pages of a search, loaded one more at a time ("Load more"). */
export function useCatalogueSearch<K extends CatalogueKind>(kind: K, q: string, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: catalogueKeys.search(kind, q),
      queryFn: ({ pageParam, signal }) => getCataloguePage(kind, q, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last: PageOf<K>) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : null),
      enabled,
    }),
  );
}
