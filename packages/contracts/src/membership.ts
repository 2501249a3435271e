import { z } from "zod";
import { isoDate, MAX_MONEY_MINOR, text } from "./bounds";

/**
 * The rest of Membership (issue 10; 002 §2–§6, I-19 … I-27): the member exclusive deal (I-22,
 * I-23), the VIP Design tab (I-03, I-04, I-27), subscription membership (I-24) and B2B partner
 * tiers' requirements (I-21).
 */

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}.`);

const hexColor = (label: string) =>
  z
    .string({ error: `${label} must be a hex colour such as #1A2B3C.` })
    .max(7, `${label} must be a hex colour such as #1A2B3C.`)
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a hex colour such as #1A2B3C.`);

export const exclusiveDealDiscountTypes = ["percentage", "fixed_amount", "free_items"] as const;
export const exclusiveDealConditions = ["none", "minimum_subtotal", "minimum_quantity"] as const;
export const exclusiveDealChannels = ["online_store", "pos", "both"] as const;
export const exclusiveDealFonts = ["theme", "sans_serif", "serif", "monospace"] as const;
export const exclusiveDealIcons = ["gift", "star", "tag", "crown"] as const;

/** I-22: a data URL of a PNG, JPEG, GIF or WebP image (at most 200 KB decoded, checked by the rule). */
const MAX_IMAGE_DATA_URL = 280_000;
const imageDataUrl = z
  .string({ error: "The image must be a PNG, JPEG, GIF or WebP image." })
  .max(MAX_IMAGE_DATA_URL, "The image must be 200 KB or smaller")
  .regex(
    /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/,
    "The image must be a PNG, JPEG, GIF or WebP image.",
  );

/** I-22: the deal settings tab. */
export const exclusiveDealSettingsSchema = z.strictObject({
  name: text("Deal name", 100).refine((s) => s.trim().length > 0, "Deal name is required."),
  discountType: z.enum(exclusiveDealDiscountTypes, {
    error: "Discount type must be percentage, fixed_amount or free_items.",
  }),
  /** Percent (1–100), minor units of money, or (free items) the items' value cap in minor units. */
  discountValue: whole("Discount value", 1, MAX_MONEY_MINOR),
  condition: z.enum(exclusiveDealConditions, {
    error: "Condition must be none, minimum_subtotal or minimum_quantity.",
  }),
  /** Minor units (minimum subtotal) or items (minimum quantity); 0 without a condition. */
  conditionValue: whole("Condition value", 0, MAX_MONEY_MINOR),
  startsAt: isoDate("Start date"),
  endsAt: isoDate("End date").nullable(),
  eligibility: z.enum(["all", "tiers"], { error: "Eligibility must be all or tiers." }),
  tierIds: z
    .array(text("Tier", 100), { error: "Tiers must be a list of tier ids." })
    .max(50, "At most 50 tiers."),
  salesChannel: z.enum(exclusiveDealChannels, { error: "Sales channel must be online_store, pos or both." }),
  freeItems: whole("Number of free items", 0, 100),
});
export type ExclusiveDealSettings = z.infer<typeof exclusiveDealSettingsSchema>;

/** I-22: the design tab (how the storefront shows the deal). */
export const exclusiveDealDesignSchema = z.strictObject({
  actionText: text("Action text", 60),
  description: text("Description", 500),
  font: z.enum(exclusiveDealFonts, { error: "Font must be theme, sans_serif, serif or monospace." }),
  fontSize: whole("Font size", 10, 32),
  buttonIcon: z.enum(exclusiveDealIcons, { error: "Button icon must be gift, star, tag or crown." }),
  textColor: hexColor("Text colour"),
  buttonColor: hexColor("Button colour"),
  backgroundColor: hexColor("Background colour"),
});
export type ExclusiveDealDesign = z.infer<typeof exclusiveDealDesignSchema>;

export const exclusiveDealBody = z.strictObject({
  enabled: z.boolean({ error: "Enabled must be true or false." }),
  settings: exclusiveDealSettingsSchema,
  design: exclusiveDealDesignSchema,
  image: imageDataUrl.nullable(),
});
export type ExclusiveDealBody = z.infer<typeof exclusiveDealBody>;

export const exclusiveDealSchema = z.object({
  enabled: z.boolean(),
  settings: z.object(exclusiveDealSettingsSchema.shape),
  design: z.object(exclusiveDealDesignSchema.shape),
  image: z.string().nullable(),
  /** Switched on and within its dates now. */
  running: z.boolean(),
  /** I-23: Advanced plan or higher to switch it on. */
  planAllowed: z.boolean(),
  requiredPlan: z.string(),
  /** I-23, D-19: the shop's active automatic discounts (this deal included) and the platform's cap. */
  automaticDiscounts: z.object({ used: z.number().int(), limit: z.number().int() }),
  /** False until the merchant first saves the deal (the defaults are shown). */
  saved: z.boolean(),
});
export type ExclusiveDealView = z.infer<typeof exclusiveDealSchema>;

/** I-03, I-04, I-27: the VIP Design tab. */
export const tierDesignBody = z.strictObject({
  hideDefaultTier: z.boolean({ error: "Hide default tier must be true or false." }),
  showProgress: z.boolean({ error: "Show progress must be true or false." }),
  showPerks: z.boolean({ error: "Show perks must be true or false." }),
  accentColor: hexColor("Accent colour"),
});
export type TierDesignBody = z.infer<typeof tierDesignBody>;
export const tierDesignSchema = z.object(tierDesignBody.shape);
export type TierDesignView = z.infer<typeof tierDesignSchema>;

/** I-24 (proposal), I-21: what a membership needs and whether the shop has it. */
export const membershipRequirementSchema = z.object({
  key: z.enum(["app_plan", "store_plan", "scopes"]),
  met: z.boolean(),
  /** The plan or scopes needed, in the spec's words. */
  needs: z.string(),
});
export const membershipOverviewSchema = z.object({
  exclusiveDeal: z.object({ enabled: z.boolean(), running: z.boolean(), planAllowed: z.boolean() }),
  vip: z.object({ status: z.enum(["inactive", "launched", "deactivated"]), tiers: z.number().int() }),
  b2b: z.object({
    available: z.boolean(),
    requirements: z.array(membershipRequirementSchema),
    /** Decision 0174: the B2B partner tier program's state and how many tiers it has. */
    status: z.enum(["inactive", "launched", "deactivated"]),
    tiers: z.number().int(),
  }),
  subscription: z.object({ planAllowed: z.boolean(), requiredPlan: z.string() }),
});
export type MembershipOverview = z.infer<typeof membershipOverviewSchema>;

/** A tier reward's coupon as the shopper sees it (decision 0135). */
export const proxyTierCouponSchema = z.object({
  code: z.string(),
  tierName: z.string(),
  kind: z.enum(["entry", "pre_tier"]),
  discountType: z.enum(["amount", "percentage", "free_shipping"]),
  /** Minor units (amount) or percent; 0 for free shipping. */
  value: z.number().int(),
  minimumSubtotal: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
});
export type ProxyTierCoupon = z.infer<typeof proxyTierCouponSchema>;

/** The member exclusive deal as a member of an eligible tier sees it (I-22, N-23; decision 0136). */
export const proxyExclusiveDealSchema = z.object({
  name: z.string(),
  description: z.string(),
  actionText: z.string(),
  discountType: z.enum(exclusiveDealDiscountTypes),
  discountValue: z.number().int(),
  condition: z.enum(exclusiveDealConditions),
  conditionValue: z.number().int(),
  endsAt: z.string().nullable(),
  design: z.object({
    textColor: z.string(),
    buttonColor: z.string(),
    backgroundColor: z.string(),
    font: z.enum(exclusiveDealFonts),
    fontSize: z.number().int(),
  }),
  image: z.string().nullable(),
  /** The member's own code, once they asked for it. */
  code: z.string().nullable(),
});
export type ProxyExclusiveDeal = z.infer<typeof proxyExclusiveDealSchema>;

/** `GET /proxy/membership`: the member's exclusive deal and tier reward coupons (the widget's VIP chunk). */
export const proxyMembershipSchema = z.object({
  deal: proxyExclusiveDealSchema.nullable(),
  coupons: z.array(proxyTierCouponSchema),
});
export type ProxyMembershipView = z.infer<typeof proxyMembershipSchema>;
