import { z } from "zod";
import {
  MAX_COUNT,
  MAX_MONEY_MINOR,
  MAX_POINTS_PER_ACTION,
  points,
  queryCount,
  TEXT_LIMITS,
  text,
} from "./bounds";

/**
 * The referral program (issue 18; E-01 … E-12): settings (`/apiSa/referral/settings`), the
 * whitelist (`/apiSa/referral/whitelist`), the referral list, and the storefront's link and claim
 * (`/proxy/referral…`). The domain keeps the same vocabularies (apps/api/test/referrals.test.ts
 * checks them).
 */
export const referralStatusValues = ["pending", "completed", "canceled"] as const;
export const referralEligibilityValues = ["all_customers", "members_only", "whitelist_only"] as const;
export const REFERRAL_DESCRIPTION_MAX = 500;

/** E-04: reward amounts above 0 (each kind within the app's bounds). */
const rewardSchema = (side: string) =>
  z.discriminatedUnion(
    "kind",
    [
      z.strictObject({
        kind: z.literal("percentage"),
        percentage: z
          .number({ error: `${side} reward amount must be greater than 0.` })
          .gt(0, `${side} reward amount must be greater than 0.`)
          .max(100, `${side} reward percentage must be 100 or less.`),
      }),
      z.strictObject({
        kind: z.literal("amount"),
        amount: z
          .number({ error: `${side} reward amount must be greater than 0.` })
          .int(`${side} reward amount must be a whole number of minor units.`)
          .gt(0, `${side} reward amount must be greater than 0.`)
          .max(MAX_MONEY_MINOR, `${side} reward amount is too large.`),
      }),
      z.strictObject({
        kind: z.literal("points"),
        points: z
          .number({ error: `${side} reward amount must be greater than 0.` })
          .int(`${side} reward points must be a whole number.`)
          .gt(0, `${side} reward amount must be greater than 0.`)
          .max(MAX_POINTS_PER_ACTION, `${side} reward points must be at most 1,000,000.`),
      }),
    ],
    { error: `${side} reward type must be percentage, amount or points.` },
  );

const tag = text("Tag", 100).trim().min(1, "Tags must not be empty.");

/** E-04: the redirect URL must be an http(s) address or a path on the store (no spaces). */
const redirectUrl = text("Redirect URL", 2_000).refine((s) => {
  if (s.startsWith("/")) return /^\/(?!\/)[^\s\\]*$/.test(s);
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s\\]*)?$/.test(s);
}, "Redirect URL is not valid.");

export const referralSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: "Enabled must be true or false." }),
  title: text("Title", TEXT_LIMITS.title, "Title is required.").trim().min(1, "Title is required."),
  description: text("Description", REFERRAL_DESCRIPTION_MAX).max(
    REFERRAL_DESCRIPTION_MAX,
    `Description must be at most ${REFERRAL_DESCRIPTION_MAX} characters.`,
  ),
  friendReward: rewardSchema("Friend"),
  referrerReward: rewardSchema("Referrer"),
  redirectUrl,
  linkPrefix: text("Link prefix", 12).regex(
    /^[A-Za-z0-9-]*$/,
    "Link prefix may contain only letters, digits and hyphens.",
  ),
  eligibility: z.enum(referralEligibilityValues, {
    error: "Eligibility must be all_customers, members_only or whitelist_only.",
  }),
  orderTags: z.array(tag).max(50, "At most 50 order tags."),
  customerTags: z.array(tag).max(50, "At most 50 customer tags."),
  perCustomerLimit: z.strictObject({
    limit: z.union([points("Per-customer limit", 1, MAX_COUNT), z.null()]),
    perTier: z
      .record(text("VIP tier id", TEXT_LIMITS.id), points("VIP tier limit", 1, MAX_COUNT))
      .refine((r) => Object.keys(r).length <= 50, "At most 50 VIP tier limits."),
  }),
  antiCheat: z.strictObject({
    similarEmail: z.boolean(),
    sameBrowser: z.boolean(),
    sameIp: z.boolean(),
    previousPurchases: z.boolean(),
    paidOrdersOnly: z.boolean(),
  }),
  cancelWindowDays: points("Cancellation window", 0, 365),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/** The settings screen's data: the settings, and the plan's cap and this cycle's use (E-06, E-07). */
export const referralSettingsResponse = z.object({
  settings: referralSettingsSchema,
  usage: z.object({
    cap: z.number().int().nullable(),
    used: z.number().int(),
    warningFrom: z.number().int().nullable(),
    status: z.enum(["ok", "warning", "reached"]),
    unlockUnlimited: z.boolean(),
  }),
});
export type ReferralSettingsResponse = z.infer<typeof referralSettingsResponse>;

export const referralListQuery = z.object({
  status: z.enum(referralStatusValues, { error: "status must be pending, completed or canceled" }).optional(),
  page: queryCount("page", 1, MAX_COUNT).default(1),
  pageSize: queryCount("pageSize", 1, 100).default(25),
  /** One referrer's referrals (the customer profile's referral tab, E-12). */
  referrerId: text("referrerId", TEXT_LIMITS.id).optional(),
});
export type ReferralListQuery = z.infer<typeof referralListQuery>;

export const referralSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  referrer: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  friend: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  status: z.enum(referralStatusValues),
  reason: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
});

export const referralListResponse = z.object({
  referrals: z.array(referralSummarySchema),
  total: z.number().int(),
  counts: z.object({ pending: z.number().int(), completed: z.number().int(), canceled: z.number().int() }),
});
export type ReferralListResponse = z.infer<typeof referralListResponse>;

/** E-10: add customers to the whitelist by id or e-mail (a pasted CSV column), at most 500 a call. */
export const referralWhitelistBody = z.strictObject({
  customers: z
    .array(text("Customer", 255).trim().min(1, "Customer must not be empty."))
    .min(1, "Add at least one customer.")
    .max(500, "At most 500 customers at a time."),
});
export type ReferralWhitelistBody = z.infer<typeof referralWhitelistBody>;

export const referralWhitelistQuery = z.object({
  search: text("search", TEXT_LIMITS.search).optional(),
});

export const whitelistedCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});

export const referralWhitelistResponse = z.object({
  customers: z.array(whitelistedCustomerSchema),
  /** Entries of the request that matched no customer of the shop. */
  notFound: z.array(z.string()),
});
export type ReferralWhitelistResponse = z.infer<typeof referralWhitelistResponse>;

/** A first-party device id the widget keeps in the shop's cookie (random, 16–64 URL-safe characters). */
const deviceId = z
  .string({ error: "deviceId must be text." })
  .max(64, "deviceId must be 16 to 64 letters, digits, _ or -.")
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "deviceId must be 16 to 64 letters, digits, _ or -.");

export const proxyReferralQuery = z.object({ deviceId: deviceId.optional() });

/** `POST /proxy/referral/claim`: the friend opened a link (signed in, or with their e-mail). */
export const proxyReferralClaimBody = z.strictObject({
  code: z
    .string({ error: "code is required." })
    .max(24, "code must be 4 to 24 capital letters or digits.")
    .regex(/^[A-Z0-9]{4,24}$/, "code must be 4 to 24 capital letters or digits."),
  deviceId: deviceId.optional(),
  email: text("E-mail", 254).trim().email("E-mail is invalid.").optional(),
});
export type ProxyReferralClaimBody = z.infer<typeof proxyReferralClaimBody>;

export const proxyReferralView = z.object({
  enabled: z.boolean(),
  title: z.string(),
  description: z.string(),
  /** Null when the shopper may not refer (not eligible, not on the whitelist). */
  code: z.string().nullable(),
  link: z.string().nullable(),
  friendReward: z.unknown(),
  referrerReward: z.unknown(),
  completed: z.number().int(),
  pending: z.number().int(),
  /** E-13: the invite card's design (`/storefront/branding/customer-invite`), texts filled. */
  invite: z.object({
    heading: z.string(),
    body: z.string(),
    shareChannels: z.array(z.string()),
    showStats: z.boolean(),
  }),
});
export type ProxyReferralView = z.infer<typeof proxyReferralView>;

export const proxyReferralClaimResult = z.object({
  referralId: z.string(),
  status: z.enum(referralStatusValues),
  /** The friend's reward: a discount code, or points credited. */
  reward: z.union([
    z.object({ kind: z.literal("discount"), code: z.string() }),
    z.object({ kind: z.literal("points"), points: z.number().int() }),
    z.object({ kind: z.literal("none") }),
  ]),
});
export type ProxyReferralClaimResult = z.infer<typeof proxyReferralClaimResult>;
