import { z } from "zod";
import { MAX_COUNT, queryCount, text } from "./bounds";
import { pageInfoSchema } from "./proxy";

/**
 * Stuck tier coupons (issue 10, decision 0173): tier-up and pre-tier coupons granted to members that
 * the platform has not made yet — refused at least once, or waiting longer than the job ever takes —
 * and the merchant's retry.
 */
export const stuckTierCouponsQuery = z.strictObject({
  page: queryCount("page", 1, MAX_COUNT).default(1),
  pageSize: queryCount("pageSize", 1, 100).default(20),
});
export type StuckTierCouponsQuery = z.infer<typeof stuckTierCouponsQuery>;

export const stuckTierCouponSchema = z.object({
  /** The coupon's code, fixed at the grant: the grant's id in this list and in the retry. */
  id: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  tierId: z.string(),
  /** The tier's name in the ladder in force, null if it left the ladder since. */
  tierName: z.string().nullable(),
  kind: z.enum(["entry", "pre_tier"]),
  /** When the reward was granted, ISO 8601 at the store's UTC offset. */
  grantedAt: z.string(),
  /** Platform calls made for it so far. */
  attempts: z.number().int(),
  /** The platform's last refusal, null when it was never asked (the job has not run). */
  lastError: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  /** Seconds since the grant. */
  ageSeconds: z.number().int(),
});
export type StuckTierCoupon = z.infer<typeof stuckTierCouponSchema>;

export const stuckTierCouponsResponse = z.object({
  coupons: z.array(stuckTierCouponSchema),
  pageInfo: pageInfoSchema,
});
export type StuckTierCouponsResponse = z.infer<typeof stuckTierCouponsResponse>;

/** At most this many coupons retried by id in one request ("Retry all" has no limit). */
export const MAX_TIER_COUPON_RETRY = 500;

/** `{ ids: [...] }` (codes from the list) or `{ all: true }`: exactly one of the two. */
export const retryStuckTierCouponsBody = z
  .strictObject({
    ids: z
      .array(text("Each id", 100).trim().min(1, "Each id must be a coupon code."), {
        error: "ids must be a list of coupon codes.",
      })
      .min(1, "Choose at least one coupon to retry.")
      .max(MAX_TIER_COUPON_RETRY, `Retry at most ${MAX_TIER_COUPON_RETRY} coupons at a time.`)
      .optional(),
    all: z.literal(true, { error: "all must be true." }).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.all === undefined))
      ctx.addIssue({ code: "custom", path: ["ids"], message: "Give either ids or all: true." });
  });
export type RetryStuckTierCouponsBody = z.infer<typeof retryStuckTierCouponsBody>;

export const retryStuckTierCouponsResponse = z.object({
  /** Coupons queued to be made again (those of the request still stuck). */
  queued: z.number().int(),
});
export type RetryStuckTierCouponsResponse = z.infer<typeof retryStuckTierCouponsResponse>;
