import { z } from "zod";
import type {
  CataloguePage,
  CatalogueSearch,
  PlatformCollection,
  PlatformProduct,
  PlatformProductFacts,
} from "../port";

/**
 * The store's catalogue through Admin GraphQL (decision 0122): `products` and `collections`
 * connections, searched with Shopify's search syntax on `title`, sorted by title, a page at a time.
 * Needs the `read_products` scope. Ids go back as `legacyResourceId` (the numeric ids order
 * webhooks carry), so a picked product matches the lines of an order as the engine reads them.
 */
export const PRODUCTS_QUERY = `query LaurelProducts($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query, sortKey: TITLE) {
    nodes {
      legacyResourceId title vendor
      featuredMedia { preview { image { url } } }
      variants(first: 20) { nodes { legacyResourceId title } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const COLLECTIONS_QUERY = `query LaurelCollections($first: Int!, $after: String, $query: String) {
  collections(first: $first, after: $after, query: $query, sortKey: TITLE) {
    nodes { legacyResourceId title productsCount { count } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** Every product's type and tags, by id (issue 14: product type and tag conditions, decision 0175). */
export const PRODUCT_FACTS_QUERY = `query LaurelProductFacts($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: ID) {
    nodes { legacyResourceId productType tags }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The products of one collection (issue 14: collection scoping at order time). */
export const COLLECTION_PRODUCTS_QUERY = `query LaurelCollectionProducts($id: ID!, $after: String) {
  collection(id: $id) {
    products(first: 250, after: $after) {
      nodes { legacyResourceId }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

export const productsResponse = z.object({
  products: z.object({
    nodes: z.array(
      z.object({
        legacyResourceId: z.string(),
        title: z.string(),
        vendor: z.string(),
        featuredMedia: z
          .object({
            preview: z.object({ image: z.object({ url: z.string() }).nullable() }).nullable(),
          })
          .nullable()
          .optional(),
        variants: z.object({
          nodes: z.array(z.object({ legacyResourceId: z.string(), title: z.string() })),
        }),
      }),
    ),
    pageInfo,
  }),
});

export const collectionsResponse = z.object({
  collections: z.object({
    nodes: z.array(
      z.object({
        legacyResourceId: z.string(),
        title: z.string(),
        productsCount: z.object({ count: z.number() }).nullable().optional(),
      }),
    ),
    pageInfo,
  }),
});

export const productFactsResponse = z.object({
  products: z.object({
    nodes: z.array(
      z.object({
        legacyResourceId: z.string(),
        productType: z.string().nullable(),
        tags: z.array(z.string()),
      }),
    ),
    pageInfo,
  }),
});

/** Shopify says "no type" with an empty string. */
export function toProductFactsPage(
  data: z.infer<typeof productFactsResponse>,
): CataloguePage<PlatformProductFacts> {
  return {
    items: data.products.nodes.map((n) => ({
      id: n.legacyResourceId,
      productType: n.productType?.trim() ? n.productType : null,
      tags: n.tags,
    })),
    pageInfo: data.products.pageInfo,
  };
}

export const collectionProductsResponse = z.object({
  collection: z
    .object({
      products: z.object({ nodes: z.array(z.object({ legacyResourceId: z.string() })), pageInfo }),
    })
    .nullable(),
});

/** Shopify's search syntax: a title term with its special characters escaped; blank = everything. */
export function titleQuery(q: string): string | null {
  const term = q.trim();
  if (term === "") return null;
  return `title:*${term.replace(/([\\:"'()*])/g, "\\$1")}*`;
}

export function catalogueVariables(search: CatalogueSearch) {
  return { first: search.first, after: search.after, query: titleQuery(search.query) };
}

export function toProductsPage(data: z.infer<typeof productsResponse>): CataloguePage<PlatformProduct> {
  return {
    items: data.products.nodes.map((p) => ({
      id: p.legacyResourceId,
      title: p.title,
      vendor: p.vendor,
      imageUrl: p.featuredMedia?.preview?.image?.url ?? null,
      variants: p.variants.nodes.map((v) => ({ id: v.legacyResourceId, title: v.title })),
    })),
    pageInfo: data.products.pageInfo,
  };
}

export function toCollectionsPage(
  data: z.infer<typeof collectionsResponse>,
): CataloguePage<PlatformCollection> {
  return {
    items: data.collections.nodes.map((c) => ({
      id: c.legacyResourceId,
      title: c.title,
      productsCount: c.productsCount?.count ?? null,
    })),
    pageInfo: data.collections.pageInfo,
  };
}
