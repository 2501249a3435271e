/**
 * Redeeming ("spending") programs: every kind's settings (D-01…D-19), their validation in the
 * spec's words, plan gates, and the shop's exchange rate (H-16). Pure data and validation only;
 * pricing a redemption is `quoteRedemption` in `redemption/`.
 */
import { z } from "zod";
import { atMost, MAX_COUNT, MAX_MONEY_MINOR, MAX_POINTS_PER_ACTION } from "../bounds";
import { minimumPlanFor, type PlanFeature, planAllows } from "../plans/features";
import { type PlanRank, planTierDisplayName } from "../plans/plans";
import { cleanCodePrefix } from "../redemption/code";
import { isDurationCode } from "../redemption/expiry";
import { RATE_DECIMALS } from "../redemption/money";
import { type Instant, toEpochMs } from "../redemption/time";
import { expiryCodeSchema, type ProgramBase, type SpendingEvent, spendingEvents } from "./common";

/** D-03. */
export const redeemTypes = ["fixed", "dynamic"] as const;

/** D-04 (shared with birthday and milestone rewards; spending programs use a subset). */
export const discountKinds = ["percentage", "amount", "bxgy", "point", "free_gift", "no_reward"] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** D-05: `specific` = collections, `sf_product` = products (and variants). */
export const appliesToValues = ["all", "specific", "sf_product"] as const;

/** D-08. */
export const availabilities = ["everyone", "redeemer_only"] as const;
export type Availability = (typeof availabilities)[number];

/** D-10. */
export const applyChannels = ["applyPos", "applyOnlineStore", "applyAll"] as const;
export type ApplyChannel = (typeof applyChannels)[number];

/** D-11. */
export const purchaseTypes = ["one_time_purchase", "subscription_purchase", "both_purchase"] as const;
export type PurchaseType = (typeof purchaseTypes)[number];

/** D-05. */
export const MAX_SPECIFIC_PRODUCTS = 100;
/** D-09: long enough for a brand, short enough to leave room for the random part. */
export const MAX_CODE_PREFIX_LENGTH = 20;
/** Most points one redemption may cost (decision 0031). */
export const MAX_POINTS = MAX_POINTS_PER_ACTION;
/** Most ids in one list, and most partner voucher codes, one program may hold. */
export const MAX_SETTING_IDS = 250;
export const MAX_VOUCHER_CODES = 10_000;

/** What a redemption of each kind gives (D-01): the event fixes it. */
export const rewardKindByEvent = {
  amount_discount: "amount",
  percentage_discount: "percentage",
  pos_amount_discount: "amount",
  pos_percentage_discount: "percentage",
  free_shipping: "free_shipping",
  buy_x_get_y: "bxgy",
  free_gift: "free_gift",
  custom_voucher: "custom_voucher",
} as const satisfies Record<SpendingEvent, string>;
export type RewardKind = (typeof rewardKindByEvent)[SpendingEvent];

/** D-10: the POS kinds. */
export const posSpendingEvents = ["pos_amount_discount", "pos_percentage_discount"] as const;

export function isPosEvent(event: SpendingEvent): boolean {
  return (posSpendingEvents as readonly string[]).includes(event);
}

/** The D-04 discount kind a spending event stores; free shipping and vouchers have none. */
export function discountKindOf(event: SpendingEvent): DiscountKind | null {
  const kind = rewardKindByEvent[event];
  return kind === "free_shipping" || kind === "custom_voucher" ? null : kind;
}

/** D-10: POS kinds apply at the point of sale unless the merchant picks both channels. */
export function defaultChannelFor(event: SpendingEvent): ApplyChannel {
  return isPosEvent(event) ? "applyPos" : "applyOnlineStore";
}

/** the plan feature a kind needs, if any. */
export function spendingEventFeature(event: SpendingEvent): PlanFeature | null {
  if (isPosEvent(event)) return "pos_programs";
  if (event === "buy_x_get_y" || event === "free_shipping" || event === "free_gift") return event;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Schema

const REQUIRED = "This field is required";

/** Points (a price, a spend): whole, above 0, at most one action's worth. */
const wholePositive = (label: string, max: number = MAX_POINTS) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .positive(`${label} must be greater than 0`)
    .max(max, atMost(label, max));
/** A count (uses, quantities, payments): whole, above 0, at most MAX_COUNT. */
const wholeCount = (label: string) => wholePositive(label, MAX_COUNT);

/** Money in minor units (D-14: amount above 0). */
const amountMinor = (label: string) =>
  z
    .number()
    .int(`${label} must be in minor units (a whole number)`)
    .positive(`${label} must be greater than 0`)
    .max(MAX_MONEY_MINOR, atMost(label, MAX_MONEY_MINOR));

/** D-14: 1 to 100. */
const percentage = z
  .number()
  .int("Discount percentage must be a whole number")
  .min(1, "Discount percentage must be from 1 to 100")
  .max(100, "Discount percentage must be from 1 to 100");

const idList = z
  .array(z.string().trim().min(1, REQUIRED).max(255, "Ids must be 255 characters or fewer"))
  .max(MAX_SETTING_IDS, `At most ${MAX_SETTING_IDS} entries`)
  .default([]);

/** D-05: which items a discount (or one side of a BXGY) covers. */
export const itemScopeSchema = z.object({
  appliesTo: z.enum(appliesToValues).default("all"),
  collectionIds: idList,
  productIds: idList,
  variantIds: idList,
});
export type ItemScope = z.output<typeof itemScopeSchema>;

/** D-06: "minimum purchase 0 applies to all orders", so 0 is allowed and means no minimum. */
export const minimumRequirementSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }),
  z.object({
    kind: z.literal("amount"),
    amount: z
      .number()
      .int("Minimum purchase must be in minor units")
      .min(0, "Minimum purchase must be 0 or more")
      .max(MAX_MONEY_MINOR, atMost("Minimum purchase", MAX_MONEY_MINOR)),
  }),
  z.object({
    kind: z.literal("quantity"),
    quantity: z
      .number()
      .int("Minimum quantity must be a whole number")
      .min(0, "Minimum quantity must be 0 or more")
      .max(MAX_COUNT, atMost("Minimum quantity", MAX_COUNT)),
  }),
]);
export type MinimumRequirement = z.output<typeof minimumRequirementSchema>;

/** D-07. */
export const combinesWithSchema = z.object({
  order: z.boolean().default(false),
  product: z.boolean().default(false),
  shipping: z.boolean().default(false),
});
export type CombinesWith = z.output<typeof combinesWithSchema>;

/** D-13: null = no limit. `perOrder` is the discount's maximum uses per order. */
export const usageLimitSchema = z.object({
  total: wholeCount("Total program limit").nullable().default(null),
  perCustomer: wholeCount("Limit per customer").nullable().default(null),
  perOrder: wholeCount("Max uses per order").nullable().default(null),
});

/** D-16. */
export const freeGiftSchema = z.object({
  productId: z.string().trim().min(1).nullable().default(null),
  variantId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED),
  quantity: wholeCount("Free item quantity").default(1),
});
export type FreeGift = z.output<typeof freeGiftSchema>;

/** D-17: what the "get" items receive. */
export const bxgyDiscountSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("free") }),
  z.object({ kind: z.literal("percentage"), value: percentage }),
  z.object({ kind: z.literal("amount"), value: amountMinor("Discount amount") }),
]);

/** D-17: 'Buy 2, get 50 off the third' = buy 2, get 1, amount 50. */
export const bxgySchema = z.object({
  buyQuantity: wholeCount("Buy quantity"),
  buyItems: itemScopeSchema.default({ appliesTo: "all", collectionIds: [], productIds: [], variantIds: [] }),
  getQuantity: wholeCount("Get quantity"),
  getItems: itemScopeSchema,
  getDiscount: bxgyDiscountSchema.default({ kind: "free" }),
});
export type Bxgy = z.output<typeof bxgySchema>;

/** `YYYY-MM-DD` or an ISO instant with an offset, years 1970 … 9999; nothing else Date.parse guesses at. */
const ISO_DATE_OR_INSTANT =
  /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const instantOrDate = z
  .string()
  .refine((s) => ISO_DATE_OR_INSTANT.test(s) && Number.isFinite(Date.parse(s)), "Invalid date");

/**
 * The kind-specific settings of a redeeming program (D-02). One flat shape for every kind; the
 * fields a kind does not use stay at their defaults. Cross-field rules are in
 * `validateSpendingProgram`.
 */
export const spendingProgramConfigSchema = z.object({
  redeemType: z.enum(redeemTypes).default("fixed"),
  /** Fixed: the reward's price. Dynamic: the redeem point, the step every amount is a multiple of. */
  pointsCost: wholePositive("Points"),
  /** Dynamic only (D-03). `maxPoints` null = up to the balance. */
  minPoints: wholePositive("Minimum spend").nullable().default(null),
  maxPoints: wholePositive("Maximum spend").nullable().default(null),
  /** Derived from the event when omitted (`discountKindOf`). */
  discountKind: z.enum(discountKinds).nullable().default(null),
  /**
   * Amount: minor units (fixed: the reward; dynamic: the value of one step, null = the shop's
   * exchange rate). Percentage: 1–100. Unused by the other kinds.
   */
  rewardValue: z
    .number()
    .int("Reward value must be a whole number")
    .max(MAX_MONEY_MINOR, atMost("Reward value", MAX_MONEY_MINOR))
    .nullable()
    .default(null),
  appliesTo: z.enum(appliesToValues).default("all"),
  collectionIds: idList,
  productIds: idList,
  variantIds: idList,
  minimumRequirement: minimumRequirementSchema.default({ kind: "none" }),
  combinesWith: combinesWithSchema.default({ order: false, product: false, shipping: false }),
  availability: z.enum(availabilities).default("redeemer_only"),
  codePrefix: z
    .string()
    .default("")
    .transform(cleanCodePrefix)
    .pipe(
      z.string().max(MAX_CODE_PREFIX_LENGTH, `Prefix must be at most ${MAX_CODE_PREFIX_LENGTH} characters`),
    ),
  /** Derived from the event when omitted (`defaultChannelFor`). */
  channel: z.enum(applyChannels).nullable().default(null),
  purchaseType: z.enum(purchaseTypes).default("one_time_purchase"),
  /** D-02/D-11: recurring payments a subscription discount applies to; null = all. */
  recurringCycleLimit: wholeCount("Recurring payment limit").nullable().default(null),
  rewardExpiry: expiryCodeSchema.default("permanent"),
  /** With `specific` (H-07): an ISO instant, or `YYYY-MM-DD` for the end of that day in UTC. */
  rewardExpiryDate: instantOrDate.nullable().default(null),
  /** With `custom`: a duration code such as `45D`. */
  rewardExpiryDuration: z.string().max(10, "Invalid expiry").nullable().default(null),
  usageLimit: usageLimitSchema.default({ total: null, perCustomer: null, perOrder: null }),
  /** D-15: the most shipping a free-shipping reward covers, minor units; null = no cap. */
  maxShippingAmount: amountMinor("Maximum shipping amount").nullable().default(null),
  freeGift: freeGiftSchema.nullable().default(null),
  bxgy: bxgySchema.nullable().default(null),
  /** D-18 (proposal): partner codes handed out one per redemption. */
  voucherCodes: z
    .array(z.string().max(255, "Invalid coupon code"))
    .max(MAX_VOUCHER_CODES, `At most ${MAX_VOUCHER_CODES.toLocaleString("en-US")} codes`)
    .default([]),
});
type ParsedConfig = z.output<typeof spendingProgramConfigSchema>;

/** A validated config with the event-derived defaults filled in. */
export type SpendingProgramConfig = Omit<ParsedConfig, "channel" | "discountKind"> & {
  channel: ApplyChannel;
  discountKind: DiscountKind | null;
};

export type SpendingProgram = ProgramBase<"spending", SpendingEvent, SpendingProgramConfig>;

// ---------------------------------------------------------------------------------------------
// Validation

export interface SpendingFieldError {
  field: string;
  message: string;
}

export interface SpendingValidationContext {
  /** The shop's plan rank (`planRankOf`), for gates. */
  planRank: PlanRank;
  /** C-23, D-11: subscription purchase types need a subscription app. */
  hasSubscriptionApp: boolean;
  /** D-13: redemptions so far, when editing a live program. */
  currentRedemptions?: number;
  /** To refuse a specific expiry date in the past. */
  now?: Instant;
}

export type SpendingValidation =
  | { ok: true; value: { event: SpendingEvent; config: SpendingProgramConfig } }
  | { ok: false; errors: SpendingFieldError[] };

export const SUBSCRIPTION_APP_REQUIRED =
  "You can't create a subscription program because no subscription app is installed";

/**
 * Validates a redeeming program's event and settings for a shop. Answers the parsed settings
 * (defaults filled) or every problem at once as `{ field, message }`, fields dotted from the input
 * root (`config.usageLimit.perOrder`).
 */
export function validateSpendingProgram(
  input: { event?: unknown; config?: unknown },
  context: SpendingValidationContext,
): SpendingValidation {
  const eventErrors = checkEvent(input.event);
  const parsed = spendingProgramConfigSchema.safeParse(input.config ?? {}, { error: requiredWhenMissing });
  const schemaErrors = parsed.success ? [] : parsed.error.issues.map((i) => issueToError(i, "config"));
  schemaErrors.push(...unknownSpendingSettings(input.config));
  if (eventErrors.length > 0 || schemaErrors.length > 0 || !parsed.success)
    return { ok: false, errors: [...eventErrors, ...schemaErrors] };
  const event = input.event as SpendingEvent;
  const config = resolveConfig(event, parsed.data);
  const errors = [
    ...checkPlanGate(event, config, context.planRank),
    ...checkKind(event, config),
    ...checkPoints(event, config),
    ...checkRewardValue(event, config),
    ...checkScopes(event, config),
    ...checkChannel(event, config),
    ...checkPurchaseType(config, context.hasSubscriptionApp),
    ...checkExpiry(config, context.now),
    ...checkUsageLimit(config, context.currentRedemptions),
    ...checkVoucherCodes(event, config),
  ];
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { event, config } };
}

const spendingKeys = new Set(Object.keys(spendingProgramConfigSchema.shape));

/** Settings keys no redeeming program has, each named: a misspelt setting is refused, not dropped. */
function unknownSpendingSettings(config: unknown): SpendingFieldError[] {
  if (typeof config !== "object" || config === null || Array.isArray(config)) return [];
  return Object.keys(config)
    .filter((k) => !spendingKeys.has(k))
    .map((k) => err(`config.${k}`, `Unknown field: ${k}.`));
}

/** Reads stored settings back (already validated when saved); throws when they are not valid. */
export function parseSpendingProgramConfig(event: SpendingEvent, raw: unknown): SpendingProgramConfig {
  return resolveConfig(event, spendingProgramConfigSchema.parse(raw));
}

function resolveConfig(event: SpendingEvent, config: ParsedConfig): SpendingProgramConfig {
  return {
    ...config,
    channel: config.channel ?? defaultChannelFor(event),
    discountKind: config.discountKind ?? discountKindOf(event),
  };
}

function requiredWhenMissing(issue: { code: string; input?: unknown }): string | undefined {
  return issue.code === "invalid_type" && issue.input === undefined ? REQUIRED : undefined;
}

function issueToError(issue: z.core.$ZodIssue, root: string): SpendingFieldError {
  const field = [root, ...issue.path.map(String)].join(".");
  return { field, message: issue.message };
}

const err = (field: string, message: string): SpendingFieldError => ({ field, message });

function checkEvent(event: unknown): SpendingFieldError[] {
  if (event === undefined || event === null || event === "") return [err("event", REQUIRED)];
  if (!(spendingEvents as readonly unknown[]).includes(event)) return [err("event", "Unknown reward type")];
  return [];
}

/** : Pro-only kinds need Essential; POS (kind or channel) needs Essential + POS. */
function checkPlanGate(event: SpendingEvent, config: SpendingProgramConfig, planRank: PlanRank) {
  const errors: SpendingFieldError[] = [];
  const feature = spendingEventFeature(event);
  if (feature && !planAllows(planRank, feature)) errors.push(err("event", planGateMessage(feature)));
  const usesPos = config.channel !== "applyOnlineStore";
  if (!isPosEvent(event) && usesPos && !planAllows(planRank, "pos_programs")) {
    errors.push(err("config.channel", planGateMessage("pos_programs")));
  }
  return errors;
}

export function planGateMessage(feature: PlanFeature): string {
  return `This reward is available on the ${planTierDisplayName(minimumPlanFor(feature))} plan and above`;
}

/** D-04: a stored discount kind must be the one the event gives. */
function checkKind(event: SpendingEvent, config: SpendingProgramConfig) {
  const expected = discountKindOf(event);
  if (config.discountKind === expected) return [];
  return [err("config.discountKind", "Discount kind does not match the reward type")];
}

/** D-03: dynamic amounts are multiples of the redeem point between the minimum and maximum. */
function checkPoints(event: SpendingEvent, config: SpendingProgramConfig) {
  if (config.redeemType === "fixed") return [];
  if (rewardKindByEvent[event] !== "amount") {
    return [err("config.redeemType", "Dynamic redemption is only available for amount discounts")];
  }
  const { minPoints, maxPoints, pointsCost } = config;
  const errors: SpendingFieldError[] = [];
  if (minPoints === null) errors.push(err("config.minPoints", REQUIRED));
  if (minPoints !== null && maxPoints !== null && minPoints > maxPoints) {
    errors.push(err("config.minPoints", "Minimum spend must not exceed maximum"));
  }
  if (minPoints !== null && minPoints % pointsCost !== 0) {
    errors.push(err("config.minPoints", "Minimum spend must be a multiple of the redeem point"));
  }
  if (maxPoints !== null && maxPoints % pointsCost !== 0) {
    errors.push(err("config.maxPoints", "Maximum spend must be a multiple of the redeem point"));
  }
  return errors;
}

/** D-14: amount above 0 (minor units), percentage from 1 to 100. */
function checkRewardValue(event: SpendingEvent, config: SpendingProgramConfig) {
  const kind = rewardKindByEvent[event];
  const value = config.rewardValue;
  const field = "config.rewardValue";
  if (kind === "amount") {
    if (value === null) return config.redeemType === "dynamic" ? [] : [err(field, REQUIRED)];
    return value > 0 ? [] : [err(field, "Discount amount must be greater than 0")];
  }
  if (kind === "percentage") {
    if (value === null) return [err(field, REQUIRED)];
    return value >= 1 && value <= 100 ? [] : [err(field, "Discount percentage must be from 1 to 100")];
  }
  if (kind === "free_gift" && config.freeGift === null) return [err("config.freeGift.variantId", REQUIRED)];
  if (kind === "bxgy" && config.bxgy === null) return [err("config.bxgy", REQUIRED)];
  return [];
}

/** D-05 for the discount's items and, for BXGY (D-17), both sides. */
function checkScopes(event: SpendingEvent, config: SpendingProgramConfig) {
  const errors = checkScope("config", config, false);
  if (rewardKindByEvent[event] === "bxgy" && config.bxgy) {
    errors.push(...checkScope("config.bxgy.buyItems", config.bxgy.buyItems, false));
    errors.push(...checkScope("config.bxgy.getItems", config.bxgy.getItems, true));
  }
  return errors;
}

/** At least one collection or product when scoped; at most 100 specific products (D-05). */
function checkScope(prefix: string, scope: ItemScope, itemsRequired: boolean): SpendingFieldError[] {
  const errors: SpendingFieldError[] = [];
  if (scope.appliesTo === "all" && itemsRequired) {
    errors.push(err(`${prefix}.appliesTo`, "At least one product or collection must be selected"));
  }
  if (scope.appliesTo === "specific" && scope.collectionIds.length === 0) {
    errors.push(err(`${prefix}.collectionIds`, "At least one collection must be selected"));
  }
  if (scope.appliesTo === "sf_product" && scope.productIds.length + scope.variantIds.length === 0) {
    errors.push(err(`${prefix}.productIds`, "At least one product must be selected"));
  }
  if (scope.productIds.length > MAX_SPECIFIC_PRODUCTS) {
    errors.push(err(`${prefix}.productIds`, `Specific products must be at most ${MAX_SPECIFIC_PRODUCTS}`));
  }
  return errors;
}

/** D-10: a POS kind must apply at the point of sale. */
function checkChannel(event: SpendingEvent, config: SpendingProgramConfig) {
  if (isPosEvent(event) && config.channel === "applyOnlineStore") {
    return [err("config.channel", "A POS reward must apply at the point of sale")];
  }
  return [];
}

/** D-11, C-23: subscription purchases need a subscription app; recurring limits need subscriptions. */
function checkPurchaseType(config: SpendingProgramConfig, hasSubscriptionApp: boolean) {
  const subscription = config.purchaseType !== "one_time_purchase";
  if (subscription && !hasSubscriptionApp) return [err("config.purchaseType", SUBSCRIPTION_APP_REQUIRED)];
  if (!subscription && config.recurringCycleLimit !== null) {
    return [
      err("config.recurringCycleLimit", "Recurring payment limits apply to subscription purchases only"),
    ];
  }
  return [];
}

/** H-07, X-31: `specific` needs a (future) date; `custom` needs a duration code. */
function checkExpiry(config: SpendingProgramConfig, now: Instant | undefined) {
  if (config.rewardExpiry === "specific") {
    if (config.rewardExpiryDate === null) return [err("config.rewardExpiryDate", REQUIRED)];
    if (now !== undefined && Date.parse(config.rewardExpiryDate) <= toEpochMs(now)) {
      return [err("config.rewardExpiryDate", "Expiry date must be in the future")];
    }
  }
  if (config.rewardExpiry === "custom") {
    if (config.rewardExpiryDuration === null) return [err("config.rewardExpiryDuration", REQUIRED)];
    if (!isDurationCode(config.rewardExpiryDuration)) {
      return [err("config.rewardExpiryDuration", "Expiry must be a number followed by D, W, M or Y")];
    }
  }
  return [];
}

/** D-13: "total program limit must exceed current redemptions". */
function checkUsageLimit(config: SpendingProgramConfig, currentRedemptions: number | undefined) {
  const total = config.usageLimit.total;
  if (total === null || currentRedemptions === undefined || total > currentRedemptions) return [];
  return [
    err(
      "config.usageLimit.total",
      `Total program limit must exceed current redemptions (${currentRedemptions})`,
    ),
  ];
}

/** D-18: one non-blank code per line, no spaces, unique (codes are case-insensitive on the platform). */
function checkVoucherCodes(event: SpendingEvent, config: SpendingProgramConfig) {
  if (event !== "custom_voucher") return [];
  if (config.voucherCodes.length === 0) return [err("config.voucherCodes", REQUIRED)];
  const seen = new Set<string>();
  const errors: SpendingFieldError[] = [];
  config.voucherCodes.forEach((code, i) => {
    const key = code.trim().toUpperCase();
    if (!/^\S{1,255}$/.test(code.trim()) || seen.has(key)) {
      errors.push(err(`config.voucherCodes.${i}`, "Invalid coupon code"));
    }
    seen.add(key);
  });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Exchange rate (H-16, X-46)

/** Points per one currency unit: 100 makes a point worth one cent (the default $5-for-500 reward). */
export const DEFAULT_EXCHANGE_RATE = 100;
export const EXCHANGE_RATE_SAVE_ERROR = "Error saving exchange rate";
export const EXCHANGE_RATE_INVALID = "Exchange rate must be a number above 0";

function hasAtMostRateDecimals(n: number): boolean {
  const scaled = n * 10 ** RATE_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) <= 1e-6 * Math.max(1, scaled);
}

/** H-16: a number above 0, with at most 4 decimals so money stays exact (`pointsToMinorUnits`). */
export const exchangeRateSchema = z
  .number({ error: EXCHANGE_RATE_INVALID })
  .positive(EXCHANGE_RATE_INVALID)
  .max(1_000_000_000, "Exchange rate is too large")
  .refine(hasAtMostRateDecimals, `Exchange rate can have at most ${RATE_DECIMALS} decimal places`);

export type ExchangeRateValidation =
  | { ok: true; value: number }
  | { ok: false; error: typeof EXCHANGE_RATE_SAVE_ERROR; errors: SpendingFieldError[] };

/** H-16: accepts a number or a numeric form string; the toast is 'Error saving exchange rate'. */
export function validateExchangeRate(value: unknown): ExchangeRateValidation {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  const parsed = exchangeRateSchema.safeParse(n);
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = parsed.error.issues[0]?.message ?? EXCHANGE_RATE_INVALID;
  return { ok: false, error: EXCHANGE_RATE_SAVE_ERROR, errors: [err("exchangeRate", message)] };
}

// ---------------------------------------------------------------------------------------------
// Automatic discounts (D-19)

/** D-19: the platform allows 25 active automatic discounts per shop and 5 per discount function. */
export const AUTOMATIC_DISCOUNT_LIMITS = { shop: 25, perFunction: 5 } as const;
export const AUTOMATIC_DISCOUNT_LIMIT_MESSAGE = "Automatic Discount Limit Reached";

export function checkAutomaticDiscountLimit(
  activeCount: number,
  limit: number = AUTOMATIC_DISCOUNT_LIMITS.shop,
): { ok: true } | { ok: false; message: typeof AUTOMATIC_DISCOUNT_LIMIT_MESSAGE } {
  return activeCount < limit ? { ok: true } : { ok: false, message: AUTOMATIC_DISCOUNT_LIMIT_MESSAGE };
}
