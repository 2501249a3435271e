import { z } from "zod";
import { TEXT_LIMITS, text } from "./bounds";
import { backtestBody, backtestRunSchema } from "./programs";

/**
 * The store's catalogue as the admin's pickers read it (C-20, D-05, D-16; decision 0122): products
 * with their variants, and collections, searched by title through the platform port. Ids are the
 * platform's numeric ids (what order webhooks carry), not GIDs.
 */
export const catalogueQuery = z.object({
  q: text("q", TEXT_LIMITS.search).trim().optional(),
  /** The cursor of the previous page (`pageInfo.endCursor`). */
  after: text("after", 500).optional(),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

export const cataloguePageInfo = z.object({
  hasNextPage: z.boolean(),
  endCursor: z.string().nullable(),
});

export const catalogueProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  vendor: z.string(),
  imageUrl: z.string().nullable(),
  variants: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

export const catalogueCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  productsCount: z.number().int().nullable(),
});
export type CatalogueCollection = z.infer<typeof catalogueCollectionSchema>;

export const catalogueProductsResponse = z.object({
  items: z.array(catalogueProductSchema),
  pageInfo: cataloguePageInfo,
});
export type CatalogueProductsResponse = z.infer<typeof catalogueProductsResponse>;

export const catalogueCollectionsResponse = z.object({
  items: z.array(catalogueCollectionSchema),
  pageInfo: cataloguePageInfo,
});
export type CatalogueCollectionsResponse = z.infer<typeof catalogueCollectionsResponse>;

/**
 * D-20: what the platform's discount-function link (`/discount/{functionId}/{id}`) opens: the
 * Laurel reward behind a platform discount id, or null when the discount is not one of Laurel's.
 */
export const discountLinkSchema = z.object({
  functionId: z.string(),
  discountId: z.string(),
  reward: z
    .object({
      couponId: z.string(),
      code: z.string(),
      programId: z.string(),
      programTitle: z.string(),
      customerId: z.string(),
      customerEmail: z.string().nullable(),
      points: z.number().int(),
      status: z.string(),
      issuedAt: z.string(),
      expiresAt: z.string().nullable(),
      usedAt: z.string().nullable(),
      usedOrderId: z.string().nullable(),
    })
    .nullable(),
});
export type DiscountLink = z.infer<typeof discountLinkSchema>;

/**
 * The routes of issue 14's second part (pickers, backtest jobs), kept here so the shared table
 * grows by one line.
 */
export const catalogueRoutes = {
  "POST /apiSa/lp/programs/backtests": {
    summary: "Start a backtest as a job with progress (issue 14); answers the run, queued",
    guard: "admin",
    body: backtestBody,
    response: backtestRunSchema,
  },
  "GET /apiSa/lp/programs/backtests/:id": {
    summary: "A backtest run: its progress, then its result (issue 14)",
    guard: "admin",
    response: backtestRunSchema,
  },
  "GET /apiSa/lp/discounts/:functionId/:id": {
    summary: "The reward behind a platform discount, for the discount function page (D-20)",
    guard: "admin",
    response: discountLinkSchema,
  },
  "GET /apiSa/lp/catalogue/products": {
    summary: "Products of the store for the program editors' pickers, searched by title (C-20, D-05)",
    guard: "admin",
    query: catalogueQuery,
    response: catalogueProductsResponse,
  },
  "GET /apiSa/lp/catalogue/collections": {
    summary: "Collections of the store for the program editors' pickers, searched by title (C-20, D-05)",
    guard: "admin",
    query: catalogueQuery,
    response: catalogueCollectionsResponse,
  },
} as const;
