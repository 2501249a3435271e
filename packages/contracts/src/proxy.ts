import { z } from "zod";
import { MAX_POINTS_BALANCE, queryCount, TEXT_LIMITS, text } from "./bounds";
import { proxyTierSchema } from "./tiers";
import { customerStates } from "./vocabulary";

/** Storefront (app proxy) API shapes used by the widget. */
export const customerTypeSchema = z.enum(customerStates);

export const proxyActivitiesQuery = z.object({
  page: queryCount("page", 1, 10_000).default(1),
  pageSize: queryCount("pageSize", 1, 100).default(20),
});

export const proxyActivitySchema = z.object({
  id: z.string(),
  activityType: z.string(),
  points: z.number().int(),
  pendingPoints: z.number().int(),
  createdAt: z.string(),
  /** The order the entry came from, as the shop names it ("#1004"); null for other sources. */
  orderName: z.string().nullable(),
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

/**
 * How far an app-proxy `timestamp` may be from now, either way, before a request is refused
 * (replay window): 90 s, as Shopify's own validator (decision 0037).
 */
export const PROXY_MAX_AGE_SECONDS = 90;

/** `POST /proxy/redeem` (D-21): a program, the points for a dynamic one, and an optional retry key. */
export const proxyRedeemBody = z.strictObject({
  programId: text("Reward program", TEXT_LIMITS.id, "Reward program is blank")
    .trim()
    .min(1, "Reward program is blank"),
  points: z
    .number({ error: "Redeem amount must be greater than 0" })
    .int("Redeem amount must be greater than 0")
    .positive("Redeem amount must be greater than 0")
    .max(MAX_POINTS_BALANCE, `Redeem amount must be at most ${MAX_POINTS_BALANCE.toLocaleString("en-US")}`)
    .optional(),
  /** The same requestId twice answers the first coupon (a double click never spends twice). */
  requestId: text("requestId", TEXT_LIMITS.id)
    .trim()
    .min(8, "requestId must be 8 characters or more.")
    .optional(),
});
export type ProxyRedeemBody = z.infer<typeof proxyRedeemBody>;

export const couponStatusSchema = z.enum(["available", "redeemed", "revoked", "expired"]);

/** A coupon in the shopper's history (H-11). */
export const proxyCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  programId: z.string(),
  title: z.string(),
  points: z.number().int(),
  reward: z.object({
    kind: z.string(),
    value: z.number().nullable(),
    currency: z.string(),
    minimumRequirement: z.unknown(),
  }),
  status: couponStatusSchema,
  tab: z.enum(["available", "unavailable"]),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ProxyCoupon = z.infer<typeof proxyCouponSchema>;

export const proxyRedeemResponse = z.object({
  coupon: proxyCouponSchema,
  availablePoints: z.number().int(),
  replayed: z.boolean(),
});

/** Most amounts one estimate asks for: a cart page's blocks, not a catalogue. */
export const POINTS_ESTIMATE_AMOUNTS_MAX = 20;

/**
 * `GET /proxy/points-estimate?amounts=2500,4999` (N-11): what orders of these amounts (minor
 * units) earn by the shop's order programs, as the loyalty page's calculator counts (N-20) — the
 * storefront blocks show the engine's figure, never their own arithmetic.
 */
export const proxyPointsEstimateQuery = z.object({
  amounts: z
    .string({ error: "amounts is required." })
    .max(POINTS_ESTIMATE_AMOUNTS_MAX * 13, "amounts must be at most 20 amounts.")
    .regex(
      /^\d{1,12}(,\d{1,12})*$/,
      "amounts must be amounts in minor units separated by commas, such as 2500,4999.",
    )
    .transform((v) => v.split(",").map(Number))
    .refine((list) => list.length <= POINTS_ESTIMATE_AMOUNTS_MAX, "amounts must be at most 20 amounts."),
});
export const proxyPointsEstimateResponse = z.object({
  estimates: z.array(z.object({ amount: z.number().int(), points: z.number().int() })),
});
export type ProxyPointsEstimateResponse = z.infer<typeof proxyPointsEstimateResponse>;

export const proxyCouponsResponse = z.object({ coupons: z.array(proxyCouponSchema) });

export const proxyRevokeResponse = z.object({ coupon: proxyCouponSchema, availablePoints: z.number().int() });

export const wayToEarnSchema = z.object({
  programId: z.string(),
  event: z.string(),
  title: z.string(),
  /** Points for fixed rules; for rates, the points per `perAmount` (minor units) or per `perItems`. */
  points: z.number().int(),
  perAmount: z.number().int().nullable(),
  perItems: z.number().int().nullable(),
  completed: z.boolean(),
});

export const wayToRedeemSchema = z.object({
  programId: z.string(),
  event: z.string(),
  title: z.string(),
  redeemType: z.enum(["fixed", "dynamic"]),
  points: z.number().int(),
  minPoints: z.number().int().nullable(),
  maxPoints: z.number().int().nullable(),
  rewardKind: z.string(),
  rewardValue: z.number().nullable(),
  currency: z.string(),
  available: z.boolean(),
  /** Why not, in the storefront's words, when not available. */
  unavailableReason: z.string().nullable(),
});

/** `GET /proxy/customer`: everything the widget shows on open. */
export const proxyCustomerResponse = z.object({
  signedIn: z.boolean(),
  customer: z
    .object({
      type: customerTypeSchema,
      joinedAt: z.string().nullable(),
      availablePoints: z.number().int(),
      pendingPoints: z.number().int(),
      tierPoints: z.number().int(),
    })
    .nullable(),
  tier: proxyTierSchema.nullable(),
  pointLabel: z.object({ singular: z.string(), plural: z.string() }),
  waysToEarn: z.array(wayToEarnSchema),
  waysToRedeem: z.array(wayToRedeemSchema),
});
export type ProxyCustomerResponse = z.infer<typeof proxyCustomerResponse>;
