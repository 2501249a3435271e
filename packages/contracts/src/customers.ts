import { z } from "zod";
import { MAX_COUNT, queryCount, TEXT_LIMITS, text } from "./bounds";
import { customerTypeSchema, pageInfoSchema, proxyCouponSchema } from "./proxy";

/** Paging of the admin lists: `page` from 1, `pageSize` up to 100. */
const pagingQuery = z.object({
  page: queryCount("page", 1, MAX_COUNT).default(1),
  pageSize: queryCount("pageSize", 1, 100).default(20),
});

/** Admin customers API (`/apiSa/customers…`, J-area, H-14, H-21). */
export const customersListQuery = pagingQuery.extend({
  /** Matches e-mail, first or last name (case-insensitive), or the platform customer id. */
  search: text("search", TEXT_LIMITS.search).trim().optional(),
  type: customerTypeSchema.optional(),
});
export type CustomersListQuery = z.infer<typeof customersListQuery>;

export const customerSummarySchema = z.object({
  id: z.string(),
  platformCustomerId: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  type: customerTypeSchema,
  joinedAt: z.string().nullable(),
  availablePoints: z.number().int(),
  pendingPoints: z.number().int(),
  tierPoints: z.number().int(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customersListResponse = z.object({
  customers: z.array(customerSummarySchema),
  pageInfo: pageInfoSchema,
});

export const adminActivitySchema = z.object({
  id: z.string(),
  activityType: z.string(),
  points: z.number().int(),
  pendingPoints: z.number().int(),
  tierPoints: z.number().int(),
  programId: z.string().nullable(),
  source: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;

export const customerActivitiesQuery = pagingQuery;

export const customerActivitiesResponse = z.object({
  activities: z.array(adminActivitySchema),
  pageInfo: pageInfoSchema,
});

/** H-14: a manual adjustment; a negative number subtracts and may take the balance below zero. */
export const MAX_MANUAL_ADJUSTMENT = 10_000_000;
export const adjustPointsBody = z.strictObject({
  points: z
    .number({ error: "Points must be a whole number." })
    .int("Points must be a whole number.")
    .min(
      -MAX_MANUAL_ADJUSTMENT,
      `Points must be between -${MAX_MANUAL_ADJUSTMENT} and ${MAX_MANUAL_ADJUSTMENT}.`,
    )
    .max(
      MAX_MANUAL_ADJUSTMENT,
      `Points must be between -${MAX_MANUAL_ADJUSTMENT} and ${MAX_MANUAL_ADJUSTMENT}.`,
    )
    .refine((n) => n !== 0, "Points can't be 0."),
  note: text("Note", TEXT_LIMITS.note).trim().optional(),
});
export type AdjustPointsBody = z.infer<typeof adjustPointsBody>;

export const adjustPointsResponse = z.object({
  customer: customerSummarySchema,
  activity: adminActivitySchema,
  replayed: z.boolean(),
});

/** H-11: a coupon in the customer's history as the merchant sees it, with its order and revoke reason. */
export const adminCouponSchema = proxyCouponSchema.extend({
  usedOrderId: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const customerCouponsResponse = z.object({ coupons: z.array(adminCouponSchema) });

/** H-13: a merchant revoking a coupon must enter an admin note; it is the coupon's revoke reason. */
export const revokeCouponBody = z.strictObject({
  note: text("Note", TEXT_LIMITS.note, "Please enter an admin note")
    .trim()
    .min(1, "Please enter an admin note"),
});
export type RevokeCouponBody = z.infer<typeof revokeCouponBody>;

export const revokeCouponResponse = z.object({
  coupon: adminCouponSchema,
  customer: customerSummarySchema,
  /** The `refund_coupon` entry, with the merchant as actor and the note. */
  activity: adminActivitySchema,
});
