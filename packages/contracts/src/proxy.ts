import { z } from "zod";

/** Storefront (app proxy) API shapes used by the widget. */
export const customerTypeSchema = z.enum(["member", "guest", "left"]);

export const proxyActivitiesQuery = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const proxyActivitySchema = z.object({
  id: z.string(),
  activityType: z.string(),
  points: z.number().int(),
  pendingPoints: z.number().int(),
  createdAt: z.string(),
});
export type ProxyActivity = z.infer<typeof proxyActivitySchema>;

export const pageInfoSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  hasNextPage: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export const proxyJoinResponse = z.object({
  type: customerTypeSchema,
  joinedAt: z.string().nullable(),
  availablePoints: z.number().int(),
  pendingPoints: z.number().int(),
});
export type ProxyJoinResponse = z.infer<typeof proxyJoinResponse>;

/** How old an app-proxy `timestamp` may be before a request is refused (replay window). */
export const PROXY_MAX_AGE_SECONDS = 300;
