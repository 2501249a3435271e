/**
 * Earning kinds by date and by action (issue 15, part 1): birthday (G-01…G-09), member anniversary
 * (G-26), social (G-24), visit website (G-21, G-22) and streak (G-17…G-19). Their settings, defaults,
 * the spec's messages, and `validateEarnDatesProgram`, which `validateEarningProgram` hands these
 * events to. Kept apart from place order and sign up so other kinds can be added beside it.
 */
import { z } from "zod";
import { MAX_POINTS_PER_ACTION, MAX_TITLE_LENGTH } from "../bounds";
import { type PlanFeature, planAllows } from "../plans/features";
import type { PlanRank } from "../plans/plans";
import { limitUnits } from "../vocabulary";
import { type ProgramBase, programStatuses } from "./common";

export const earnDatesEvents = [
  "birthday",
  "member_anniversary",
  "social_activity",
  "interact_website",
  "streak_interact_website",
] as const;
export type EarnDatesEvent = (typeof earnDatesEvents)[number];
export const isEarnDatesEvent = (e: unknown): e is EarnDatesEvent =>
  typeof e === "string" && (earnDatesEvents as readonly string[]).includes(e);

/** G-01. */
export const birthdayRewardMethods = [
  "point",
  "discount_percentage",
  "discount_amount",
  "buy_x_get_y",
  "gift_product",
  "no_reward",
] as const;
/** G-02. */
export const birthdayDeliveries = ["automatic", "manual"] as const;
export const birthdayTimings = ["exact_date", "calendar_month", "around"] as const;
/** G-04. */
export const birthdayFrequencies = ["yearly", "lifetime"] as const;
/** G-03. */
export const birthdayDateFormats = [
  "MM/DD/YYYY",
  "DD/MM/YYYY",
  "YYYY/MM/DD",
  "MM/DD",
  "DD/MM",
  "YYYY-MM-DD",
] as const;
export type BirthdayDateFormat = (typeof birthdayDateFormats)[number];
export const birthdayInputMethods = ["calendar", "manual"] as const;
/** G-07 `characterSplitBirthday`: the separator the shop shows birthdays with (default '/'). */
export const birthdaySeparators = ["/", "-", "."] as const;

/** G-24: every social action of the spec, and the ledger activity each one earns (H-03). */
export const socialActions = [
  "like_facebook",
  "follow_instagram",
  "follow_twitter",
  "follow_pinterest",
  "share_facebook",
  "share_twitter",
  "follow_tiktok",
  "subscribe_youtube",
  "join_discord",
  "join_telegram",
  "join_whatsapp",
  "join_line",
] as const;
export type SocialAction = (typeof socialActions)[number];
/** the chat groups are Pro-plan (paid) only. */
export const proSocialActions: readonly SocialAction[] = [
  "join_discord",
  "join_telegram",
  "join_whatsapp",
  "join_line",
];
export function socialActivityType(action: SocialAction) {
  if (action.startsWith("join_")) return "earn_join_chat_group" as const;
  return action.startsWith("share_") ? ("earn_social_share" as const) : ("earn_social_follow" as const);
}

export const earnDatesMessages = {
  required: "This field is required",
  invalidOption: "Choose one of the options",
  number: "Must be a number",
  wholeNumber: "Must be a whole number",
  pointsAboveZero: "Points must be greater than 0",
  pointsAtMost: `Points must be at most ${MAX_POINTS_PER_ACTION.toLocaleString("en-US")}`,
  percentage: "Discount percentage must be between 1 and 100",
  amountAboveZero: "Amount must be greater than 0",
  daysRange: "Days must be between 0 and 30",
  limitAboveZero: "Limit must be greater than 0",
  dateFormat: "Date must be in YYYY-MM-DD format",
  endAfterStart: "End date must be after start date",
  socialUrl: "Please enter a valid URL",
  socialActionUsed: "A program for this social action already exists",
  activeStreak: "Only one streak can be active at a time",
  streakLocked: "A streak can't be edited once it is switched on",
  streakTooLong: "Streak length can't be longer than the program runs",
  milestoneDays: "Milestone days must be different",
  textTooLong: "Must be 255 characters or fewer",
  unknownField: "Unknown field",
  plan: "Upgrade your plan to use this program",
  birthdayInvalid: "Birthday is invalid",
  /** G-01: the gift product and buy X get Y rewards name the product the shopper gets. */
  giftProductRequired: "Choose the gift product",
  bxgyProductRequired: "Choose the product the shopper gets",
  quantityRange: "Quantity must be between 1 and 100",
  /** G-01: a birthday discount claimed by the shopper; the code follows in the widget and by e-mail. */
  couponOnItsWay: "Your birthday coupon is on its way",
  notEnoughDays: "Not enough days to restart streak",
} as const;
const M = earnDatesMessages;

/** R-24, G-22: visit website defaults. */
export const VISIT_DEFAULTS = { earnPoint: 10, earnPointsLimit: 100 } as const;
/** R-24, G-18: streak defaults. */
export const STREAK_DEFAULTS = { earnPoint: 10, milestone: { day: 7, earnPoint: 100 } } as const;
/** G-06, R-22: a birthday rewards only when set at least this many days before it. */
export const BIRTHDAY_NOTICE_DAYS = 30;
/** Around the birthday: at most this many days before or after (proposal, decision 0095). */
export const MAX_BIRTHDAY_WINDOW_DAYS = 30;
/** C-35 (proposal, decision 0097): rewarded visits at least this far apart with anti-cheat on. */
export const VISIT_ANTI_CHEAT_MINUTES = 60;
/** Longest streak (days): a year. */
export const MAX_STREAK_DAYS = 366;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const coerce = (v: unknown) => {
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  if (typeof v === "string" && v.trim() === "") return undefined;
  return v;
};
const numberError = (iss: { input?: unknown }) => (isBlank(iss.input) ? M.required : M.number);
const optionError = (iss: { input?: unknown }) => (isBlank(iss.input) ? M.required : M.invalidOption);
const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: optionError });
const whole = (min: number, max: number, minMsg: string, maxMsg: string) =>
  z.preprocess(coerce, z.number({ error: numberError }).int(M.wholeNumber).min(min, minMsg).max(max, maxMsg));
const points = () => whole(1, MAX_POINTS_PER_ACTION, M.pointsAboveZero, M.pointsAtMost);
const shortText = z.string().max(255, M.textTooLong);

const limitFields = {
  hasLimit: z.boolean().default(false),
  limitUnit: option(limitUnits).default("year"),
  limitInterval: whole(1, 1_000, M.limitAboveZero, M.limitAboveZero).default(1),
};

/** G-01 … G-05, G-07. */
export const birthdayConfigSchema = z
  .object({
    rewardMethod: option(birthdayRewardMethods).default("point"),
    /** Points (point), percent (discount_percentage) or minor units (discount_amount). */
    rewardValue: z
      .preprocess(coerce, z.number({ error: numberError }).int(M.wholeNumber).nullable())
      .default(100),
    delivery: option(birthdayDeliveries).default("automatic"),
    timing: option(birthdayTimings).default("exact_date"),
    daysBefore: whole(0, MAX_BIRTHDAY_WINDOW_DAYS, M.daysRange, M.daysRange).default(0),
    daysAfter: whole(0, MAX_BIRTHDAY_WINDOW_DAYS, M.daysRange, M.daysRange).default(0),
    frequency: option(birthdayFrequencies).default("yearly"),
    dateFormat: option(birthdayDateFormats).default("MM/DD"),
    separator: option(birthdaySeparators).default("/"),
    inputMethod: option(birthdayInputMethods).default("calendar"),
    ...limitFields,
    discountPrefix: shortText.default("BIRTHDAY"),
    /** Days a birthday discount stays valid; null for no end. */
    discountExpiryDays: z
      .preprocess(coerce, z.number().int(M.wholeNumber).min(1).max(3_650).nullable())
      .default(30),
    minimumRequirement: option(["none", "amount", "quantity"] as const).default("none"),
    minimumValue: z
      .preprocess(coerce, z.number().int(M.wholeNumber).min(0).max(10_000_000_000).nullable())
      .default(null),
    combinesWith: z
      .object({ orderDiscounts: z.boolean(), productDiscounts: z.boolean(), shippingDiscounts: z.boolean() })
      .default({ orderDiscounts: false, productDiscounts: false, shippingDiscounts: false }),
    saleChannel: option(["online", "pos", "both"] as const).default("online"),
    purchaseType: option(["one_time", "subscription", "both"] as const).default("one_time"),
    /** G-05: the VIP tiers it applies to; empty for every member. */
    tierIds: z.array(z.string().min(1).max(100)).max(100).default([]),
    /** G-01 gift product: the product (platform id) given free, one of it. */
    giftProductId: z.string().trim().max(100, M.textTooLong).nullable().default(null),
    /** G-01 buy X get Y: buy this many of anything, get this many of `bxgyProductId` free. */
    bxgyBuyQuantity: whole(1, 100, M.quantityRange, M.quantityRange).default(1),
    bxgyGetQuantity: whole(1, 100, M.quantityRange, M.quantityRange).default(1),
    bxgyProductId: z.string().trim().max(100, M.textTooLong).nullable().default(null),
  })
  .superRefine((c, ctx) => {
    const v = c.rewardValue;
    const at = (message: string, path = "rewardValue") =>
      ctx.addIssue({ code: "custom", message, path: [path] });
    if (c.rewardMethod === "gift_product") {
      if (!c.giftProductId) at(M.giftProductRequired, "giftProductId");
      return;
    }
    if (c.rewardMethod === "buy_x_get_y") {
      if (!c.bxgyProductId) at(M.bxgyProductRequired, "bxgyProductId");
      return;
    }
    if (c.rewardMethod === "no_reward") return;
    if (v === null || v === undefined) return at(M.required);
    if (c.rewardMethod === "point" && (v < 1 || v > MAX_POINTS_PER_ACTION))
      at(v < 1 ? M.pointsAboveZero : M.pointsAtMost);
    if (c.rewardMethod === "discount_percentage" && (v < 1 || v > 100)) at(M.percentage);
    if (c.rewardMethod === "discount_amount" && (v < 1 || v > 10_000_000_000)) at(M.amountAboveZero);
  });
export type BirthdayConfig = z.infer<typeof birthdayConfigSchema>;

/** G-26 (proposal: points on each yearly anniversary of joining). */
export const anniversaryConfigSchema = z.object({ earnPoint: points().default(100) });
export type AnniversaryConfig = z.infer<typeof anniversaryConfigSchema>;

/** A link a shopper can open: http(s) with a host that has a dot. */
export function isValidSocialUrl(value: string): boolean {
  const m = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)+)(:\d{1,5})?([/?#][^\s]*)?$/i.exec(value.trim());
  return m !== null && !(m[1] ?? "").split(".").some((label) => label === "" || label.startsWith("-"));
}

/** G-24. */
export const socialConfigSchema = z.object({
  action: option(socialActions),
  url: z.string({ error: M.socialUrl }).trim().max(2_000, M.socialUrl).refine(isValidSocialUrl, M.socialUrl),
  earnPoint: points().default(50),
});
export type SocialConfig = z.infer<typeof socialConfigSchema>;

/** G-21, G-22. */
export const visitConfigSchema = z.object({
  typeEarn: z.literal("point").default("point"),
  earnPoint: points().default(VISIT_DEFAULTS.earnPoint),
  enabledAntiCheat: z.boolean().default(true),
  enableEarnPointsLimit: z.boolean().default(true),
  earnPointsLimit: points().default(VISIT_DEFAULTS.earnPointsLimit),
  limitUnit: option(limitUnits).default("day"),
  limitInterval: whole(1, 1_000, M.limitAboveZero, M.limitAboveZero).default(1),
});
export type VisitConfig = z.infer<typeof visitConfigSchema>;

/** G-17, G-18. */
export const streakConfigSchema = z
  .object({
    earnPoint: points().default(STREAK_DEFAULTS.earnPoint),
    streakMilestones: z
      .array(z.object({ day: whole(1, MAX_STREAK_DAYS, M.required, M.streakTooLong), earnPoint: points() }))
      .min(1, M.required)
      .max(50)
      .default([{ ...STREAK_DEFAULTS.milestone }]),
  })
  .superRefine((c, ctx) => {
    const days = c.streakMilestones.map((m) => m.day);
    if (new Set(days).size !== days.length) {
      ctx.addIssue({ code: "custom", message: M.milestoneDays, path: ["streakMilestones"] });
    }
  });
export type StreakConfig = z.infer<typeof streakConfigSchema>;

/** The streak's length: its last milestone day (G-18: 7). */
export const streakLength = (c: StreakConfig) => Math.max(...c.streakMilestones.map((m) => m.day));

export type BirthdayProgram = ProgramBase<"earning", "birthday", BirthdayConfig>;
export type AnniversaryProgram = ProgramBase<"earning", "member_anniversary", AnniversaryConfig>;
export type SocialProgram = ProgramBase<"earning", "social_activity", SocialConfig>;
export type VisitProgram = ProgramBase<"earning", "interact_website", VisitConfig>;
export type StreakProgram = ProgramBase<"earning", "streak_interact_website", StreakConfig>;
export type EarnDatesProgram =
  | BirthdayProgram
  | AnniversaryProgram
  | SocialProgram
  | VisitProgram
  | StreakProgram;

export const earnDatesConfigSchemas = {
  birthday: birthdayConfigSchema,
  member_anniversary: anniversaryConfigSchema,
  social_activity: socialConfigSchema,
  interact_website: visitConfigSchema,
  streak_interact_website: streakConfigSchema,
} as const;

/** the plan feature a program needs (birthday; the chat-group social actions). */
export function earnDatesFeature(event: EarnDatesEvent, config: unknown): PlanFeature | null {
  if (event === "birthday") return "birthday_reward";
  if (event === "social_activity") {
    const action = (config as { action?: unknown } | null)?.action;
    if (typeof action === "string" && (proSocialActions as readonly string[]).includes(action)) {
      return "birthday_reward"; // the same Pro gate (R-02: "paid" plans)
    }
  }
  return null;
}

const isDate = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return t.toISOString().slice(0, 10) === v;
};
const date = z
  .preprocess((v) => (isBlank(v) ? null : v), z.string({ error: M.dateFormat }).nullable())
  .refine((v) => v === null || isDate(v), M.dateFormat)
  .default(null);

const commonSchema = z.object({
  id: z.string().min(1).optional(),
  type: z.literal("earning").default("earning"),
  title: z.string({ error: M.required }).trim().min(1, M.required).max(MAX_TITLE_LENGTH, M.textTooLong),
  translateTitle: z.record(z.string(), z.string()).default({}),
  description: z.string().max(2_000).nullable().default(null),
  status: option(programStatuses).default("inactive"),
  priority: whole(1, 1_000_000, M.required, M.required).default(99),
  startDate: date,
  endDate: date,
});

export interface EarnDatesContext {
  existingPrograms: ReadonlyArray<{
    id: string;
    event: string;
    status: string;
    expired?: boolean;
    config?: unknown;
  }>;
  programId?: string | null;
  /** when given, the plan gates apply. */
  planRank?: PlanRank;
}

export type EarnDatesValidation =
  | { ok: true; program: Omit<EarnDatesProgram, "id"> & { id?: string } }
  | { ok: false; errors: { field: string; message: string }[] };

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * Every error of a birthday, anniversary, social, visit or streak program at once, dotted from the
 * input's root as `validateEarningProgram` reports them; C-07 and G-19's rules against the shop.
 */
export function validateEarnDatesProgram(
  input: Record<string, unknown>,
  ctx: EarnDatesContext,
): EarnDatesValidation {
  const event = input.event as EarnDatesEvent;
  const errors: { field: string; message: string }[] = [];
  const common = commonSchema.safeParse(input);
  if (!common.success) {
    for (const i of common.error.issues)
      errors.push({ field: i.path.map(String).join(".") || "program", message: i.message });
  }
  const schema = earnDatesConfigSchemas[event];
  const config = schema.safeParse(input.config ?? {});
  if (!config.success) {
    for (const i of config.error.issues)
      errors.push({ field: ["config", ...i.path.map(String)].join("."), message: i.message });
  }
  const rawConfig = input.config;
  if (typeof rawConfig === "object" && rawConfig !== null && !Array.isArray(rawConfig)) {
    const known = new Set(Object.keys(schema.shape));
    for (const k of Object.keys(rawConfig)) {
      if (!known.has(k)) errors.push({ field: `config.${k}`, message: `${M.unknownField}: ${k}.` });
    }
  }
  const start = typeof input.startDate === "string" && isDate(input.startDate) ? input.startDate : null;
  const end = typeof input.endDate === "string" && isDate(input.endDate) ? input.endDate : null;
  if (start && end && end <= start) errors.push({ field: "endDate", message: M.endAfterStart });

  const others = ctx.existingPrograms.filter((p) => p.id !== ctx.programId && p.event === event);
  const editing = ctx.programId ? ctx.existingPrograms.find((p) => p.id === ctx.programId) : undefined;
  const status = common.success ? common.data.status : "inactive";
  if (ctx.planRank !== undefined) {
    const feature = earnDatesFeature(event, rawConfig);
    if (feature && !planAllows(ctx.planRank, feature)) errors.push({ field: "event", message: M.plan });
  }
  if (event === "social_activity" && config.success) {
    const action = (config.data as SocialConfig).action;
    if (others.some((p) => (p.config as { action?: string } | undefined)?.action === action)) {
      errors.push({ field: "config.action", message: M.socialActionUsed });
    }
  }
  if (event === "streak_interact_website") {
    const live = (s: string, expired?: boolean) => !expired && (s === "active" || s === "scheduled");
    if (editing && live(editing.status, editing.expired) && status === "active") {
      // G-19: locked once on — only switching it off is allowed.
      const before = JSON.stringify(editing.config ?? {});
      if (config.success && before !== JSON.stringify(config.data))
        errors.push({ field: "config", message: M.streakLocked });
    }
    if (status === "active" && others.some((p) => live(p.status, p.expired))) {
      errors.push({ field: "status", message: M.activeStreak });
    }
    if (config.success && start && end) {
      const runtime = dayNumber(end) - dayNumber(start) + 1;
      if (streakLength(config.data as StreakConfig) > runtime) {
        errors.push({ field: "config.streakMilestones", message: M.streakTooLong });
      }
    }
  }
  const seen = new Set<string>();
  const unique = errors.filter((e) => {
    if (seen.has(e.field)) return false;
    seen.add(e.field);
    return true;
  });
  if (unique.length > 0 || !common.success || !config.success) return { ok: false, errors: unique };
  return {
    ok: true,
    program: { ...common.data, event, config: config.data } as Omit<EarnDatesProgram, "id"> & { id?: string },
  };
}
