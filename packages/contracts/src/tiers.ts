import { z } from "zod";
import { MAX_MONEY_MINOR, MAX_POINTS_PER_ACTION, TEXT_LIMITS, text } from "./bounds";
import { pointLabelSchema } from "./widget";

/**
 * VIP tiers (issue 10; 002 §3–§5): the settings and tiers the merchant edits (the draft), the
 * lifecycle (launch, relaunch, deactivate, I-10 … I-14), its runs with progress, and the preview.
 * Wire copies of the domain's vocabularies (packages/domain/src/tiers), checked by the API tests.
 */
export const tierBases = ["points_earned", "amount_spent", "orders"] as const;
export type TierBasisName = (typeof tierBases)[number];
export const tierUnits = ["day", "week", "month", "year"] as const;
export const tierDemotionActions = ["downgrade_tier", "reset_tier"] as const;
export const tierProgramStatuses = ["inactive", "launched", "deactivated"] as const;
export const tierRunActions = ["launch_tier", "relaunch_tier", "deactivated_tier"] as const;
/** Decision 0174: VIP tiers and B2B partner tiers, one engine over two ladders. */
export const tierPrograms = ["vip", "b2b"] as const;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}.`);

const storeDate = z
  .string({ error: "Start date must be a date (YYYY-MM-DD)." })
  .max(10, "Start date must be a date (YYYY-MM-DD).")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Start date must be a date (YYYY-MM-DD).")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= "1970-01-01";
  }, "Start date must be a real calendar date.");

/** I-06, I-07: the window a milestone is counted over. */
export const tierPeriodSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("lifetime") }),
    z.strictObject({ kind: z.literal("half_year") }),
    z
      .strictObject({
        kind: z.literal("yearly"),
        month: whole("Reset month", 1, 12),
        day: whole("Reset day", 1, 31),
      })
      .refine((p) => p.day <= new Date(Date.UTC(2024, p.month, 0)).getUTCDate(), {
        message: "Reset day must exist in that month.",
        path: ["day"],
      }),
    z.strictObject({
      kind: z.literal("cycle"),
      startDate: storeDate,
      every: whole("Cycle length", 1, 120),
      unit: z.enum(tierUnits, { error: "Cycle unit must be day, week, month or year." }),
    }),
  ],
  { error: "Period must be lifetime, half_year, yearly or cycle." },
);

export const tierDemotionSchema = z.strictObject({
  action: z.enum(tierDemotionActions, { error: "Demotion must be downgrade_tier or reset_tier." }),
  after: whole("Inactivity period", 1, 120),
  unit: z.enum(tierUnits, { error: "Inactivity unit must be day, week, month or year." }),
  notifyBeforeDays: whole("Notify before", 0, 365),
});

export const tierSettingsSchema = z.strictObject({
  basis: z.enum(tierBases, { error: "Calculate tier by must be points_earned, amount_spent or orders." }),
  period: tierPeriodSchema,
  demotion: tierDemotionSchema.nullable(),
  tagPrefix: text("Tag prefix", 40),
  /** I-05; omitted, the saved prefix stays (VIP until one is set). */
  discountPrefix: text("Discount code prefix", 20)
    .min(1, "Discount code prefix is required.")
    .regex(/^[A-Za-z0-9]+$/, "Discount code prefix may contain only letters and digits.")
    .optional(),
  /** I-19, B2B partner tiers only (decision 0174): the base tier is not shown to partners. */
  hideDefaultTier: z.boolean({ error: "Hide default tier must be true or false." }).optional(),
});
export type TierSettingsBody = z.infer<typeof tierSettingsSchema>;

const hexColor = z
  .string({ error: "Colour must be a hex colour such as #1A2B3C." })
  .max(7, "Colour must be a hex colour such as #1A2B3C.")
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour such as #1A2B3C.");

/** I-04: a tier as the editor saves it. */
export const tierBody = z.strictObject({
  name: text("Tier name", 100).refine((s) => s.trim().length > 0, "Tier name is required."),
  /** Points, minor units of money or orders, by the basis; the base tier's is 0. */
  milestone: whole("Milestone", 0, MAX_MONEY_MINOR),
  exclusive: z.boolean({ error: "Exclusive must be true or false." }).default(false),
  /** Kept as it is when left out (the tier reward editor owns it). */
  entryPoints: whole("Entry reward points", 0, MAX_POINTS_PER_ACTION).optional(),
  icon: text("Icon", 500).nullable().default(null),
  cardColor: hexColor.nullable().default(null),
  backgroundColor: hexColor.nullable().default(null),
  perks: z
    .array(text("Perk", TEXT_LIMITS.title), { error: "Perks must be a list of text." })
    .max(20, "A tier has at most 20 perks.")
    .default([]),
});
export type TierBody = z.infer<typeof tierBody>;

export const tierCouponTypes = ["amount", "percentage", "free_shipping"] as const;

/** A tier reward's coupon (decision 0135): money in minor units, percent 1–100. */
export const tierCouponSchema = z
  .strictObject({
    discountType: z.enum(tierCouponTypes, {
      error: "Discount type must be amount, percentage or free_shipping.",
    }),
    value: whole("Discount value", 0, MAX_MONEY_MINOR),
    minimumSubtotal: whole("Minimum subtotal", 1, MAX_MONEY_MINOR).nullable().default(null),
    expiresInDays: whole("Days valid", 1, 3650).nullable().default(null),
  })
  .refine((c) => c.discountType === "free_shipping" || c.value >= 1, {
    message: "Discount value must be at least 1.",
    path: ["value"],
  })
  .refine((c) => c.discountType !== "percentage" || c.value <= 100, {
    message: "A percentage must be at most 100.",
    path: ["value"],
  });
export type TierCouponBody = z.infer<typeof tierCouponSchema>;

/** The pre-tier reward (I-04, I-19): paid once a member's measure reaches `threshold`. */
export const preTierSchema = z.strictObject({
  threshold: whole("Pre-tier points", 1, MAX_MONEY_MINOR),
  points: whole("Pre-tier reward points", 0, MAX_POINTS_PER_ACTION).default(0),
  coupon: tierCouponSchema.nullable().default(null),
});

/** `PUT /apiSa/tiers/:id/rewards`: the tier reward editor (I-25: entry and pre-tier rewards). */
export const tierRewardsBody = z.strictObject({
  entryPoints: whole("Entry reward points", 0, MAX_POINTS_PER_ACTION),
  entryCoupon: tierCouponSchema.nullable().default(null),
  preTier: preTierSchema.nullable().default(null),
});
export type TierRewardsBody = z.infer<typeof tierRewardsBody>;

export const tierSchema = z.object({
  id: z.string(),
  name: z.string(),
  milestone: z.number().int(),
  exclusive: z.boolean(),
  entryPoints: z.number().int(),
  icon: z.string().nullable(),
  cardColor: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  perks: z.array(z.string()),
  entryCoupon: tierCouponSchema.nullable(),
  preTier: preTierSchema.nullable(),
  /** Members holding the tier now (I-04 members count). */
  members: z.number().int(),
});
export type TierView = z.infer<typeof tierSchema>;

export const tierRunSchema = z.object({
  id: z.string(),
  action: z.enum(tierRunActions),
  status: z.enum(["running", "done", "failed"]),
  total: z.number().int(),
  done: z.number().int(),
  changeNotes: z.string().nullable(),
  grantEntryRewards: z.boolean(),
  actorEmail: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TierRunView = z.infer<typeof tierRunSchema>;

/** `GET /apiSa/tiers`: the VIP program as the membership screens show it. */
export const tierProgramSchema = z.object({
  status: z.enum(tierProgramStatuses),
  settings: tierSettingsSchema,
  tiers: z.array(tierSchema),
  /** The draft differs from what is in force: a relaunch applies it (I-10). */
  needsRelaunch: z.boolean(),
  launchedAt: z.string().nullable(),
  /** The latest run (running or finished). */
  run: tierRunSchema.nullable(),
  members: z.number().int(),
});
export type TierProgramView = z.infer<typeof tierProgramSchema>;

/** Launch or relaunch (I-11: change notes and the grant-entry-rewards flag are recorded). */
export const tierLaunchBody = z.strictObject({
  changeNotes: text("Change notes", TEXT_LIMITS.description).nullable().default(null),
  grantEntryRewards: z.boolean({ error: "Grant entry rewards must be true or false." }).default(true),
});
export type TierLaunchBody = z.infer<typeof tierLaunchBody>;

/** What a launch or relaunch of the draft would do, computed without writing anything. */
export const tierPreviewSchema = z.object({
  members: z.number().int(),
  tiers: z.array(
    z.object({ tierId: z.string(), name: z.string(), before: z.number().int(), after: z.number().int() }),
  ),
  movedUp: z.number().int(),
  movedDown: z.number().int(),
  entryRewardMembers: z.number().int(),
  entryRewardPoints: z.number().int(),
  /** Tier-up coupons the launch would issue (decision 0135). */
  entryRewardCoupons: z.number().int(),
});
export type TierPreview = z.infer<typeof tierPreviewSchema>;

/** The shopper's tier on the storefront (`GET /proxy/customer`): the widget's tier card. */
export const proxyTierSchema = z.object({
  name: z.string(),
  perks: z.array(z.string()),
  next: z
    .object({
      name: z.string(),
      /** In the basis' unit: points, minor units of money, or orders. */
      remaining: z.number().int(),
      progress: z.number().int(),
      unit: z.enum(["points", "money", "orders"]),
    })
    .nullable(),
});
export type ProxyTier = z.infer<typeof proxyTierSchema>;

/**
 * A company member's B2B partner tier on the storefront (`GET /proxy/partner-tier`, the loyalty
 * page; decision 0177): the tier card with its privileges, colours and progress to the next.
 */
export const proxyPartnerTierSchema = proxyTierSchema.extend({
  cardColor: z.string().nullable(),
  backgroundColor: z.string().nullable(),
});
export type ProxyPartnerTier = z.infer<typeof proxyPartnerTierSchema>;
/**
 * The partner card's words for the account-page block, in the shop's primary language: the
 * loyalty page's `page.partner*` texts (translation type `loyalty-page`), placeholders unfilled.
 */
export const partnerTierTextsSchema = z.object({
  title: z.string(),
  tier: z.string(),
  next: z.string(),
  top: z.string(),
  privileges: z.string(),
});
export type PartnerTierTexts = z.infer<typeof partnerTierTextsSchema>;
export const proxyPartnerTierResponse = z.object({
  tier: proxyPartnerTierSchema.nullable(),
  texts: partnerTierTextsSchema,
  pointLabel: pointLabelSchema,
});
export type ProxyPartnerTierResponse = z.infer<typeof proxyPartnerTierResponse>;

/**
 * A member's tier set by hand: an exclusive tier (I-17), `null` to unassign it (back to the tier
 * their tier points give), or a direct change (I-18: tier points reset to the tier's entry points).
 */
export const memberTierBody = z.strictObject({
  tierId: z.string({ error: "Tier must be a tier id or null." }).min(1).max(100).nullable(),
  grantEntryReward: z.boolean({ error: "Grant entry reward must be true or false." }).default(false),
});
export type MemberTierBody = z.infer<typeof memberTierBody>;

export const memberTierSchema = z.object({
  customerId: z.string(),
  tierId: z.string().nullable(),
  tierName: z.string().nullable(),
  exclusive: z.boolean(),
  metric: z.number().int(),
});
export type MemberTierView = z.infer<typeof memberTierSchema>;

/**
 * The customer page's tiers (I-17, I-18, decision 0177): per tier program the customer stands in
 * (VIP; B2B for a company member while the shop meets the B2B requirements), their tier in force
 * and the ladder they may be moved on by hand.
 */
export const memberProgramTierSchema = z.object({
  program: z.enum(["vip", "b2b"]),
  /** Launched and not recalculating: a tier can be set by hand now. */
  changeable: z.boolean(),
  status: z.enum(tierProgramStatuses),
  basis: z.enum(tierBases),
  /** I-18 resets tier points: only on the points-earned basis. */
  directChange: z.boolean(),
  tierId: z.string().nullable(),
  tierName: z.string().nullable(),
  exclusive: z.boolean(),
  metric: z.number().int(),
  tiers: z.array(
    z.object({ id: z.string(), name: z.string(), milestone: z.number().int(), exclusive: z.boolean() }),
  ),
});
export type MemberProgramTier = z.infer<typeof memberProgramTierSchema>;
export const memberTiersSchema = z.object({ programs: z.array(memberProgramTierSchema) });
export type MemberTiers = z.infer<typeof memberTiersSchema>;
