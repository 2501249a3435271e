import { z } from "zod";
import { MAX_COUNT, isoDate as strictIsoDate, TEXT_LIMITS, text } from "./bounds";
import { adminLanguageCodeSchema } from "./languages";

/** Plan ids (B-06). */
export const planIds = [
  "free",
  "pro",
  "pro_2",
  "pro_3",
  "pro_4",
  "pro_3_2024",
  "pro_4_2024",
  "pro_3_2025",
  "pro_4_2025",
  "advanced",
  "enterprise",
  "advanced_2025",
  "enterprise_2025",
] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

/**
 * B-07, X-03: the name of each plan's tier as merchants see it. The dated ids (`_2024`, `_2025`)
 * are newer pricing of the same tiers, so they carry the tier's name; plan names are product
 * names and are not translated. A copy of the domain's tiers and names, checked by
 * apps/api/test/vocabularies.test.ts.
 */
export const planTierNames: Record<PlanId, string> = {
  free: "Starter",
  pro: "Essential",
  pro_2: "Essential",
  pro_3: "Essential",
  pro_3_2024: "Essential",
  pro_3_2025: "Essential",
  pro_4: "Essential + POS",
  pro_4_2024: "Essential + POS",
  pro_4_2025: "Essential + POS",
  advanced: "Advanced",
  advanced_2025: "Advanced",
  enterprise: "Ultimate",
  enterprise_2025: "Ultimate",
};

const isoDate = z.string().datetime({ offset: true });

/** The active shop as the admin sees it (spec 000 §3, B-01). */
export const shopSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  shopifyDomain: z.string(),
  domain: z.string().nullable(),
  shopifyPlan: z.string().nullable(),
  plan: planIdSchema,
  promoType: z.string().nullable(),
  isTrialUsed: z.boolean(),
  planDiscountCode: z.string().nullable(),
  installedAt: isoDate,
  accessAppAt: isoDate.nullable(),
  subStartAt: isoDate.nullable(),
  isFirstLogin: z.boolean(),
  setupDone: z.boolean(),
  logoDefault: z.string().nullable(),
  isCrmLogin: z.boolean(),
  customCSS: z.string().nullable(),
  countCustomer: z.number().int(),
  countTransactions: z.number().int(),
  shouldLimitTransactions: z.boolean(),
  transactionLimit: z.number().int().nullable(),
  last30DayOrdersCount: z.number().int(),
  monthlyOrderCount: z.number().int(),
  disabledEmbedApp: z.boolean(),
  isDismissQuickSetup: z.boolean(),
  isNonDevShop: z.boolean(),
  isEnablePosPro3: z.boolean(),
  isBlockedStore: z.boolean(),
  speedAppInstalled: z.boolean().nullable(),
  enableAIAgent: z.boolean(),
  aiAssistantConsent: z.boolean(),
  aiAssistantConsentTimestamp: isoDate.nullable(),
  bannersDismiss: z.array(z.string()),
  tagFeedbackSubmit: z.array(z.string()),
  promoShowAt: isoDate.nullable(),
  promoHolidaySaleShowAt: isoDate.nullable(),
  customizeForShops: z.array(z.string()),
  customFeatures: z.array(z.string()),
  settings: z.object({
    primaryLanguageInApp: adminLanguageCodeSchema,
    isShowSettingLanguage: z.boolean(),
  }),
});
export type Shop = z.infer<typeof shopSchema>;

/** Shop info from the store platform (B-03). */
export const shopInfoSchema = z.object({
  shopOwner: z.string(),
  countryCode: z.string(),
  currency: z.string(),
  planName: z.string(),
  country: z.string(),
  address1: z.string().nullable(),
  phone: z.string().nullable(),
  ianaTimezone: z.string(),
  createdAt: isoDate,
  allOrdersCount: z.number().int(),
});
export type ShopInfo = z.infer<typeof shopInfoSchema>;

/**
 * `GET /apiSa/shops`. `session` tells the shell who is signed in and how; `platform` which
 * store the shop lives on (`demo`: the local demo store at /demo-store, no store admin of its own).
 */
export const getShopsResponse = z.object({
  shop: shopSchema,
  shopInfo: shopInfoSchema,
  blocked: z.boolean(),
  platform: z.enum(["demo", "shopify"]),
  session: z.object({
    mode: z.enum(["embedded", "standalone"]),
    userEmail: z.string().nullable(),
    isStaff: z.boolean(),
    impersonatedBy: z.string().nullable(),
  }),
});
export type GetShopsResponse = z.infer<typeof getShopsResponse>;

/** `GET /apiSa/shopify/checkSupportAppBlock`. */
export const checkSupportAppBlockResponse = z.object({ isThemeOS2: z.boolean() });

/**
 * `POST /apiSa/shop` (spec 000 §7): exactly one kind of bookkeeping update per call.
 * `bannersDismiss` ids are appended to the stored list (B-31), never replace it.
 */
export const postShopBodyShapes = [
  z.strictObject({
    bannersDismiss: z.array(text("Banner id", TEXT_LIMITS.id).min(1)).min(1).max(50),
    typeBannerDismiss: text("typeBannerDismiss", TEXT_LIMITS.id).optional(),
  }),
  z.strictObject({ promoShowAt: strictIsoDate("promoShowAt") }),
  z.strictObject({ promoHolidaySaleShowAt: strictIsoDate("promoHolidaySaleShowAt") }),
  z.strictObject({ accessAppAt: strictIsoDate("accessAppAt") }),
  z.strictObject({ isFirstLogin: z.boolean() }),
  z.strictObject({
    aiAssistantConsent: z.boolean(),
    aiAssistantConsentTimestamp: strictIsoDate("aiAssistantConsentTimestamp"),
  }),
] as const;
export const postShopBody = z.union(postShopBodyShapes);
export type PostShopBody = z.infer<typeof postShopBody>;

/** `PUT /apiSa/shop`: the merchant-editable shop fields. */
export const putShopBody = z
  .strictObject({
    isEnablePosPro3: z.boolean(),
    isDismissQuickSetup: z.boolean(),
    setupDone: z.boolean(),
    customCSS: text("customCSS", TEXT_LIMITS.css).nullable(),
    disabledEmbedApp: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to update." });
export type PutShopBody = z.infer<typeof putShopBody>;

/** `POST /apiSa/lp/settings`. */
export const postSettingsBody = z.strictObject({ primaryLanguageInApp: adminLanguageCodeSchema });
export type PostSettingsBody = z.infer<typeof postSettingsBody>;

/** `PUT /apiSa/dev_zone/shops/{shopId}`: staff-only shop flags (A-11 block, X-09 transaction cap). */
export const staffShopUpdateBody = z
  .strictObject({
    isBlockedStore: z.boolean(),
    shouldLimitTransactions: z.boolean(),
    transactionLimit: z
      .number({ error: "transactionLimit must be a whole number." })
      .int("transactionLimit must be a whole number.")
      .min(0, "transactionLimit must be 0 or more.")
      .max(100 * MAX_COUNT, "transactionLimit must be at most 100,000,000.")
      .nullable(),
    /** A plan granted by Laurel staff (a customer-success deal; audited): what the shop's gates see. */
    plan: planIdSchema,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to update." });
export type StaffShopUpdateBody = z.infer<typeof staffShopUpdateBody>;

/** `POST /apiSa/dev_zone/impersonate`. */
export const impersonateBody = z.strictObject({
  shopId: text("shopId", TEXT_LIMITS.id, "shopId is required.").min(1, "shopId is required."),
});

export const staffShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  shopifyDomain: z.string(),
  plan: planIdSchema,
  isBlockedStore: z.boolean(),
});
export type StaffShop = z.infer<typeof staffShopSchema>;
