/**
 * Earning program settings (C-12…C-26, C-35): the zod schemas the API validates with and the
 * engine trusts, the vocabularies they use, and `validateEarningProgram`, which returns the parsed
 * program or every `{ field, message }` error at once, in the spec's words (C-24, C-09, C-16, C-20).
 */
import { z } from "zod";
import { atMost, MAX_COUNT, MAX_MONEY_MINOR, MAX_POINTS_PER_ACTION, MAX_TITLE_LENGTH } from "../bounds";
import { limitUnits } from "../vocabulary";
import { type NewProgram, type ProgramBase, programStatuses, roundingMethods } from "./common";
import { type EarnDatesContext, isEarnDatesEvent, validateEarnDatesProgram } from "./earn-dates";

// ---------------------------------------------------------------------------------------------
// Vocabularies
// ---------------------------------------------------------------------------------------------

/** The earning events this module validates and evaluates (C-12, C-23, C-25, C-26). */
export const placeOrderEvents = ["place_order", "place_order_subscription"] as const;
export type PlaceOrderEvent = (typeof placeOrderEvents)[number];
export const signUpEvents = ["sign_up", "sign_up_newsletter"] as const;

/** C-22 "who earns": all members, members and guests, VIP tier only, B2B partners. */
export const earningAudiences = ["member", "member_and_guest", "vip_tier", "b2b_partner"] as const;
export type EarningAudience = (typeof earningAudiences)[number];

/** C-13. */
export const earnByValues = ["price", "order", "item", "fixed_order"] as const;
export type EarnBy = (typeof earnByValues)[number];

/** the one internal set of order sources. */
export const earningOrderSources = ["web", "pos", "draft_order", "subscription_contract"] as const;
export type EarningOrderSource = (typeof earningOrderSources)[number];

/** C-21: the earning sale channels as the admin offers them. */
export const earningSaleChannels = [
  "online_store",
  "online_store_and_pos",
  "pos",
  "all",
  "draft_order",
] as const;
export type EarningSaleChannel = (typeof earningSaleChannels)[number];

/**
 * each sale channel is a subset of order sources. Subscription renewals belong to `all` only:
 * the `place_order_subscription` program is the one meant for them (C-23).
 */
export const saleChannelSources: Record<EarningSaleChannel, readonly EarningOrderSource[]> = {
  online_store: ["web"],
  online_store_and_pos: ["web", "pos"],
  pos: ["pos"],
  all: ["web", "pos", "draft_order", "subscription_contract"],
  draft_order: ["draft_order"],
};

/** C-19. */
export const conditionCriteria = ["product", "order", "customer", "collection"] as const;
export type ConditionCriterion = (typeof conditionCriteria)[number];

/** C-19: the 14 matchers. */
export const conditionMatchers = [
  "contains",
  "not_contains",
  "equal",
  "not_equal",
  "start",
  "end",
  "includes",
  "not_includes",
  "greater_than",
  "greater_than_or_equal_to",
  "less_than",
  "less_than_or_equal_to",
  "empty",
  "not_empty",
] as const;
export type ConditionMatcher = (typeof conditionMatchers)[number];

/** How a condition field's value is shaped; it decides which matchers make sense. */
export type ConditionFieldKind = "text" | "list" | "number";

/**
 * The fields a condition may test, per criterion (C-19: product title, type, vendor, tag,
 * collection). Money fields are integer minor units of the shop's currency.
 */
export const conditionFields = {
  product: { title: "text", type: "text", vendor: "text", tag: "list", sku: "text" },
  collection: { id: "list", title: "list" },
  order: {
    subtotal: "number",
    total: "number",
    item_count: "number",
    tag: "list",
    source: "text",
    discount_code: "list",
  },
  customer: {
    tag: "list",
    email: "text",
    orders_count: "number",
    total_spent: "number",
    vip_tier: "text",
  },
} as const satisfies Record<ConditionCriterion, Record<string, ConditionFieldKind>>;

const TEXT_MATCHERS: readonly ConditionMatcher[] = [
  "contains",
  "not_contains",
  "equal",
  "not_equal",
  "start",
  "end",
  "includes",
  "not_includes",
  "empty",
  "not_empty",
];
const NUMBER_MATCHERS: readonly ConditionMatcher[] = [
  "equal",
  "not_equal",
  "includes",
  "not_includes",
  "greater_than",
  "greater_than_or_equal_to",
  "less_than",
  "less_than_or_equal_to",
  "empty",
  "not_empty",
];

/** Which matchers apply to a kind of field: text and lists compare strings, numbers compare numbers. */
export const matchersByKind: Record<ConditionFieldKind, readonly ConditionMatcher[]> = {
  text: TEXT_MATCHERS,
  list: TEXT_MATCHERS,
  number: NUMBER_MATCHERS,
};

/** The kind of `criteria.field`, or null when the pair is not in the catalogue. */
export function conditionFieldKind(criteria: ConditionCriterion, field: string): ConditionFieldKind | null {
  const fields: Record<string, ConditionFieldKind> = conditionFields[criteria];
  return Object.hasOwn(fields, field) ? (fields[field] ?? null) : null;
}

/** H-09: the holding period of pending points. */
export const holdingUnits = ["day", "month"] as const;
export type HoldingUnit = (typeof holdingUnits)[number];

// ---------------------------------------------------------------------------------------------
// Messages (C-24 and neighbours; the spec's words where it gives them)
// ---------------------------------------------------------------------------------------------

export const earningMessages = {
  required: "This field is required",
  invalidOption: "Choose one of the options",
  number: "Must be a number",
  wholeNumber: "Must be a whole number",
  pointsAboveZero: "Points must be greater than 0",
  pointsZeroOrMore: "Points must be 0 or more",
  amountAboveZero: "Amount must be greater than 0",
  quantityAboveZero: "Quantity must be greater than 0",
  limitAboveZero: "Limit must be greater than 0",
  priorityAboveZero: "Priority must be greater than 0",
  priorityUnique: "Priority must be unique",
  dateFormat: "Date must be in YYYY-MM-DD format",
  endAfterStart: "End date must be after start date",
  tooManyPlaceOrder: "You can create at most 10 place order programs",
  productRequired: "At least one product or collection must be selected",
  tooManyProducts: "You can select at most 100 products",
  conditionField: "Choose a field from the list",
  conditionMatcher: "This condition cannot be used with this field",
  subscriptionApp: "You can't create a subscription program because no subscription app is installed",
  unsupportedEvent: "This program type is not supported",
  pointsAtMost: atMost("Points", MAX_POINTS_PER_ACTION),
  amountAtMost: atMost("Amount", MAX_MONEY_MINOR),
  numberAtMost: atMost("Number", MAX_COUNT),
  textTooLong: "Must be 255 characters or fewer",
  tooManyItems: "Too many entries",
  unknownField: "Unknown field",
} as const;

/** Most tags, ids or conditions one list of a program's settings may hold. */
export const MAX_LIST_ENTRIES = 250;
/** Longest id, tag or condition value in a program's settings. */
export const MAX_SETTING_TEXT = 255;

/** C-16. */
export const MAX_PLACE_ORDER_PROGRAMS = 10;
/** C-20. */
export const MAX_SCOPE_PRODUCTS = 100;
/** C-15, X-28. */
export const DEFAULT_PRIORITY = 99;

// ---------------------------------------------------------------------------------------------
// Schema building blocks
// ---------------------------------------------------------------------------------------------

const M = earningMessages;
/** Run a refinement even when a field already failed (zod skips it by default). */
const ALWAYS = { when: () => true };
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const numberError = (iss: { input?: unknown }) => (isBlank(iss.input) ? M.required : M.number);
const optionError = (iss: { input?: unknown }) => (isBlank(iss.input) ? M.required : M.invalidOption);

/** Admin inputs often send numbers as strings ("99", C-15); blank stays blank so it reads as required. */
function coerceNumeric(v: unknown): unknown {
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  if (typeof v === "string" && v.trim() === "") return undefined;
  return v;
}

const positiveWhole = (message: string) =>
  z.preprocess(
    coerceNumeric,
    z.number({ error: numberError }).int(M.wholeNumber).min(1, message).max(MAX_COUNT, M.numberAtMost),
  );
const settingText = z.string({ error: M.required }).max(MAX_SETTING_TEXT, M.textTooLong);
const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: optionError });

/** C-14: lists entered comma-separated arrive as one string; store them trimmed and de-duplicated. */
const tagList = z
  .preprocess(
    (v) => (typeof v === "string" ? v.split(",") : v),
    z
      .array(settingText)
      .max(MAX_LIST_ENTRIES, M.tooManyItems)
      .transform((xs) => [...new Set(xs.map((x) => x.trim()).filter((x) => x !== ""))]),
  )
  .default([]);

/** C-09: a store-local calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const calendarDate = z
  .preprocess((v) => (isBlank(v) ? null : v), z.string({ error: M.dateFormat }).nullable())
  .refine((v) => v === null || isCalendarDate(v), M.dateFormat)
  .default(null);

const idList = z
  .array(z.preprocess((v) => (typeof v === "number" ? String(v) : v), settingText.min(1, M.required)))
  .max(MAX_LIST_ENTRIES, M.tooManyItems);

/** C-20: the products a program earns on. `specific` needs at least one product or collection. */
export const includeProductsSchema = z
  .object({
    appliesTo: option(["all", "specific"] as const).default("all"),
    productIds: idList.max(MAX_SCOPE_PRODUCTS, M.tooManyProducts).default([]),
    collectionIds: idList.default([]),
  })
  .superRefine((scope, ctx) => {
    if (scope.appliesTo === "specific" && scope.productIds.length + scope.collectionIds.length === 0) {
      ctx.addIssue({ code: "custom", message: M.productRequired, path: ["productIds"] });
    }
  });
export type IncludeProducts = z.infer<typeof includeProductsSchema>;

/** Products or collections that never earn (C-12 `excludeProducts`, `excludePOSOrderProducts` …). */
export const productListSchema = z.object({
  productIds: idList.max(MAX_SCOPE_PRODUCTS, M.tooManyProducts).default([]),
  collectionIds: idList.default([]),
});
export type ProductList = z.infer<typeof productListSchema>;
const emptyProductList = (): ProductList => ({ productIds: [], collectionIds: [] });

/** A condition value: text, a number (money in minor units), or a list for `includes`. */
const conditionScalar = z.union([
  settingText,
  z.number().min(-MAX_MONEY_MINOR, M.amountAtMost).max(MAX_MONEY_MINOR, M.amountAtMost),
]);
const conditionValue = z
  .union([conditionScalar, z.array(conditionScalar).max(MAX_LIST_ENTRIES, M.tooManyItems)])
  .nullable()
  .default(null);

/** C-19: one condition of a place order rule. */
export const earningConditionSchema = z
  .object({
    criteria: option(conditionCriteria),
    field: settingText.trim().min(1, M.required),
    matcher: option(conditionMatchers),
    value: conditionValue,
  })
  .superRefine((c, ctx) => {
    const kind = conditionFieldKind(c.criteria, c.field);
    if (kind === null) {
      ctx.addIssue({ code: "custom", message: M.conditionField, path: ["field"] });
      return;
    }
    if (!matchersByKind[kind].includes(c.matcher)) {
      ctx.addIssue({ code: "custom", message: M.conditionMatcher, path: ["matcher"] });
      return;
    }
    const message = conditionValueProblem(kind, c.matcher, c.value);
    if (message) ctx.addIssue({ code: "custom", message, path: ["value"] });
  })
  .transform((c) => ({ ...c, value: normaliseConditionValue(c.matcher, c.value) }));
export type EarningCondition = z.infer<typeof earningConditionSchema>;

const valueless = (m: ConditionMatcher) => m === "empty" || m === "not_empty";
const isListMatcher = (m: ConditionMatcher) => m === "includes" || m === "not_includes";

function splitValues(value: unknown): (string | number)[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return value.split(",");
  return value === null || value === undefined ? [] : [value as number];
}

function conditionValueProblem(kind: ConditionFieldKind, matcher: ConditionMatcher, value: unknown) {
  if (valueless(matcher)) return null;
  const values = splitValues(value)
    .map((v) => (typeof v === "string" ? v.trim() : v))
    .filter((v) => v !== "");
  if (values.length === 0) return M.required;
  if (!isListMatcher(matcher) && values.length > 1 && Array.isArray(value)) return M.invalidOption;
  if (kind === "number" && values.some((v) => !Number.isFinite(Number(v)))) return M.number;
  return null;
}

/** Store `includes` values as a list, single values as themselves, valueless matchers as null. */
function normaliseConditionValue(
  matcher: ConditionMatcher,
  value: unknown,
): string | number | string[] | null {
  if (valueless(matcher)) return null;
  if (isListMatcher(matcher)) {
    return splitValues(value)
      .map((v) => String(v).trim())
      .filter((v) => v !== "");
  }
  const single = Array.isArray(value) ? value[0] : value;
  return typeof single === "string" ? single.trim() : (single as number);
}

/** C-11, X-29: at most `limitInterval` awards per calendar `limitUnit` window in store time. */
const limitFields = {
  hasLimit: z.boolean().default(false),
  limitUnit: option(limitUnits).default("day"),
  limitInterval: positiveWhole(M.limitAboveZero).default(1),
};

// ---------------------------------------------------------------------------------------------
// Kind-specific settings
// ---------------------------------------------------------------------------------------------

const placeOrderFields = z.object({
  applyTo: option(earningAudiences).default("member"),
  /** The tiers of `applyTo: vip_tier` (C-22, C-31). */
  vipTierIds: idList.default([]),
  ...limitFields,
  enabledAntiCheat: z.boolean().default(true),
  earnBy: option(earnByValues),
  earnPoint: z.preprocess(
    coerceNumeric,
    z
      .number({ error: numberError })
      .int(M.wholeNumber)
      .min(0, M.pointsZeroOrMore)
      .max(MAX_POINTS_PER_ACTION, M.pointsAtMost),
  ),
  /** Money step in minor units of the shop's currency (100.00 → 10000). Needed by price, fixed_order. */
  rateMoney: z.preprocess(
    (v) => (isBlank(v) ? null : coerceNumeric(v)),
    z
      .number({ error: numberError })
      .int(M.wholeNumber)
      .min(1, M.amountAboveZero)
      .max(MAX_MONEY_MINOR, M.amountAtMost)
      .nullable(),
  ),
  /** Item step for earnBy item. */
  rateItem: positiveWhole(M.quantityAboveZero).default(1),
  autoRemovePoints: z.boolean().default(true),
  statusUseCondition: z.boolean().default(false),
  typeCondition: option(["all", "any"] as const).default("all"),
  conditions: z.array(earningConditionSchema).max(MAX_LIST_ENTRIES, M.tooManyItems).default([]),
  /** C-19: product conditions must hold for any line of the order, or for all of them. */
  typeProductMatch: option(["any", "all"] as const).default("any"),
  stopProcessing: z.boolean().default(false),
  rounding: option(roundingMethods).default("roundingDown"),
  keepOriginalStep: z.boolean().default(false),
  earnZeroPriceItems: z.boolean().default(false),
  earnPointTax: z.boolean().default(false),
  earnPointShippingFee: z.boolean().default(false),
  earnPointFees: z.boolean().default(false),
  excludedTaxTypes: tagList,
  excludeOrderTags: tagList,
  includeProducts: includeProductsSchema.default({ appliesTo: "all", productIds: [], collectionIds: [] }),
  excludeProducts: productListSchema.default(emptyProductList),
  excludePOSOrderProducts: productListSchema.default(emptyProductList),
  excludeOSOrderProducts: productListSchema.default(emptyProductList),
  excludeGiftCard: z.boolean().default(true),
  excludeStoreCredit: z.boolean().default(true),
  excludeFreeGift: z.boolean().default(true),
  appliedPlaceOrderTo: option(earningSaleChannels).default("online_store"),
});

/** C-12 … C-24, C-35: place order (and subscription order) settings. */
export const placeOrderConfigSchema = z.preprocess(
  acceptSpecAliases,
  placeOrderFields.superRefine(checkPlaceOrderFields, ALWAYS),
);
export type PlaceOrderConfig = z.infer<typeof placeOrderConfigSchema>;

/**
 * Cross-field rules of place order. They run even when other fields failed (`ALWAYS`), so the
 * merchant sees every error at once; hence the defensive reads.
 */
function checkPlaceOrderFields(c: Partial<z.output<typeof placeOrderFields>>, ctx: z.RefinementCtx) {
  const needsMoney = c.earnBy === "price" || c.earnBy === "fixed_order";
  if (needsMoney && c.rateMoney === null) {
    ctx.addIssue({ code: "custom", message: M.required, path: ["rateMoney"] });
  }
  if (c.applyTo === "vip_tier" && Array.isArray(c.vipTierIds) && c.vipTierIds.length === 0) {
    ctx.addIssue({ code: "custom", message: M.required, path: ["vipTierIds"] });
  }
  if (c.statusUseCondition === true && Array.isArray(c.conditions) && c.conditions.length === 0) {
    ctx.addIssue({ code: "custom", message: M.required, path: ["conditions"] });
  }
}

/** The spec names the rounding field `roundingMethod` (C-12); Laurel stores `rounding`. */
function acceptSpecAliases(v: unknown): unknown {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
  const raw = v as Record<string, unknown>;
  if (raw.rounding === undefined && raw.roundingMethod !== undefined) {
    const { roundingMethod, ...rest } = raw;
    return { ...rest, rounding: roundingMethod };
  }
  return raw;
}

/** C-25, C-26: sign up and newsletter sign up. Default 100 points, once in a lifetime. */
export const signUpConfigSchema = z.object({
  earnPoint: z.preprocess(
    coerceNumeric,
    z
      .number({ error: numberError })
      .int(M.wholeNumber)
      .min(1, M.pointsAboveZero)
      .max(MAX_POINTS_PER_ACTION, M.pointsAtMost),
  ),
  hasLimit: z.boolean().default(true),
  limitUnit: option(limitUnits).default("lifetime"),
  limitInterval: positiveWhole(M.limitAboveZero).default(1),
});
export type SignUpConfig = z.infer<typeof signUpConfigSchema>;
/** C-26 (proposal: the same fields as sign up). */
const newsletterConfigSchema = signUpConfigSchema;
export type NewsletterConfig = SignUpConfig;

// ---------------------------------------------------------------------------------------------
// Programs
// ---------------------------------------------------------------------------------------------

export type PlaceOrderProgram = ProgramBase<"earning", PlaceOrderEvent, PlaceOrderConfig>;
export type SignUpProgram = ProgramBase<"earning", "sign_up", SignUpConfig>;
export type NewsletterProgram = ProgramBase<"earning", "sign_up_newsletter", NewsletterConfig>;
export type EarningProgram = PlaceOrderProgram | SignUpProgram | NewsletterProgram;

const programFields = {
  id: z.string().min(1).optional(),
  type: z.literal("earning").default("earning"),
  title: z.string({ error: M.required }).trim().min(1, M.required).max(MAX_TITLE_LENGTH, M.textTooLong),
  translateTitle: z.record(z.string(), z.string()).default({}),
  description: z.string().max(2_000).nullable().default(null),
  status: option(programStatuses).default("inactive"),
  /** an integer above 0; the string '99' of the spec's default is coerced. */
  priority: positiveWhole(M.priorityAboveZero).default(DEFAULT_PRIORITY),
  startDate: calendarDate,
  endDate: calendarDate,
};

/** C-09: the end date comes after the start date. */
function checkDates(p: { startDate?: unknown; endDate?: unknown }, ctx: z.RefinementCtx) {
  const { startDate: start, endDate: end } = p;
  if (typeof start !== "string" || typeof end !== "string") return;
  if (isCalendarDate(start) && isCalendarDate(end) && end <= start) {
    ctx.addIssue({ code: "custom", message: M.endAfterStart, path: ["endDate"] });
  }
}

export const placeOrderProgramSchema = z
  .object({ ...programFields, event: z.enum(placeOrderEvents), config: placeOrderConfigSchema })
  .superRefine(checkDates, ALWAYS);
export const signUpProgramSchema = z
  .object({ ...programFields, event: z.literal("sign_up"), config: signUpConfigSchema })
  .superRefine(checkDates, ALWAYS);
export const newsletterProgramSchema = z
  .object({ ...programFields, event: z.literal("sign_up_newsletter"), config: newsletterConfigSchema })
  .superRefine(checkDates, ALWAYS);

/** Any earning program this module knows, told apart by `event`. */
export const earningProgramSchema = z.discriminatedUnion("event", [
  placeOrderProgramSchema,
  signUpProgramSchema,
  newsletterProgramSchema,
]);

// ---------------------------------------------------------------------------------------------
// Validation against the shop
// ---------------------------------------------------------------------------------------------

export interface EarningFieldError {
  /** Dotted from the input's root, like the spending programs': `title`, `config.earnPoint` … */
  field: string;
  message: string;
}

export interface EarningValidationContext {
  /** The shop's earning programs as stored (the one being edited is recognised by `programId`). */
  existingPrograms: ReadonlyArray<{
    id: string;
    event: string;
    priority: number;
    status?: string;
    expired?: boolean;
    config?: unknown;
  }>;
  /** The program being edited; null or absent when creating one. */
  programId?: string | null;
  /** C-23: subscription order programs need a subscription app. */
  subscriptionAppInstalled?: boolean;
  /** the shop's plan rank, for the kinds gated by plan (issue 15). */
  planRank?: EarnDatesContext["planRank"];
}

export type ValidatedEarningProgram = NewProgram<EarningProgram> & { id?: string };

export type EarningValidationResult =
  | { ok: true; program: ValidatedEarningProgram }
  | { ok: false; errors: EarningFieldError[] };

const allEvents: readonly string[] = [...placeOrderEvents, ...signUpEvents];

/**
 * Validate an earning program from the admin form (or the API) against the shop's other programs.
 * Input is the stored shape (common fields + `config`); the place order priority may also come as
 * `config.priorityPlaceOrder` (C-12) and is then reported as `priority`. Errors name fields dotted
 * from the input's root (`config.conditions.0.value`), as `validateSpendingProgram` does.
 */
export function validateEarningProgram(
  input: unknown,
  context: EarningValidationContext,
): EarningValidationResult {
  const raw = liftPriority(input);
  const event = raw.event;
  // Issue 15: birthday, anniversary, social, visit website and streak validate in their own module.
  if (isEarnDatesEvent(event))
    return validateEarnDatesProgram(raw, {
      ...context,
      existingPrograms: context.existingPrograms.map((p) => ({ status: "inactive", ...p })),
    }) as EarningValidationResult;
  if (typeof event !== "string" || !allEvents.includes(event)) {
    return {
      ok: false,
      errors: [{ field: "event", message: isBlank(event) ? M.required : M.unsupportedEvent }],
    };
  }
  const isPlaceOrder = (placeOrderEvents as readonly string[]).includes(event);
  const parsed = earningProgramSchema.safeParse(raw);
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => toFieldError(i.path, i.message));
  errors.push(...unknownSettings(raw.config, isPlaceOrder ? placeOrderKeys : signUpKeys));
  if (isPlaceOrder) errors.push(...checkPlaceOrderAgainstShop(event, raw.priority, context));
  const unique = firstErrorPerField(errors);
  if (unique.length > 0 || !parsed.success) return { ok: false, errors: unique };
  return { ok: true, program: parsed.data as ValidatedEarningProgram };
}

const placeOrderKeys = new Set([...Object.keys(placeOrderFields.shape), "roundingMethod"]);
const signUpKeys = new Set(Object.keys(signUpConfigSchema.shape));

/**
 * Settings keys the kind does not have, each named (`config.earnPionts`): a misspelt setting is
 * refused at save rather than silently dropped. Stored programs are read leniently.
 */
export function unknownSettings(config: unknown, known: ReadonlySet<string>): EarningFieldError[] {
  if (typeof config !== "object" || config === null || Array.isArray(config)) return [];
  return Object.keys(config)
    .filter((k) => !known.has(k))
    .map((k) => ({ field: `config.${k}`, message: `${M.unknownField}: ${k}.` }));
}

/** Accept `config.priorityPlaceOrder` as the program priority when `priority` is absent. */
function liftPriority(input: unknown): Record<string, unknown> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return {};
  const raw = { ...(input as Record<string, unknown>) };
  const config = raw.config;
  if (typeof config === "object" && config !== null && "priorityPlaceOrder" in config) {
    const { priorityPlaceOrder, ...rest } = config as Record<string, unknown>;
    raw.config = rest;
    if (raw.priority === undefined) raw.priority = priorityPlaceOrder;
  }
  return raw;
}

function toFieldError(path: readonly PropertyKey[], message: string): EarningFieldError {
  return { field: path.map(String).join(".") || "program", message };
}

/** C-16 (at most 10), C-18/C-24 (priority unique among place order rules), C-23 (subscription app). */
function checkPlaceOrderAgainstShop(
  event: string,
  rawPriority: unknown,
  context: EarningValidationContext,
): EarningFieldError[] {
  const errors: EarningFieldError[] = [];
  const others = context.existingPrograms.filter(
    (p) => p.id !== context.programId && (placeOrderEvents as readonly string[]).includes(p.event),
  );
  const creating = !context.programId;
  if (creating && others.length >= MAX_PLACE_ORDER_PROGRAMS) {
    errors.push({ field: "event", message: M.tooManyPlaceOrder });
  }
  const priority = coerceNumeric(rawPriority ?? DEFAULT_PRIORITY);
  if (typeof priority === "number" && others.some((p) => p.priority === priority)) {
    errors.push({ field: "priority", message: M.priorityUnique });
  }
  if (event === "place_order_subscription" && context.subscriptionAppInstalled !== true) {
    errors.push({ field: "event", message: M.subscriptionApp });
  }
  return errors;
}

function firstErrorPerField(errors: EarningFieldError[]): EarningFieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (seen.has(e.field)) return false;
    seen.add(e.field);
    return true;
  });
}
