import type { CreateProgramBody, ProgramSummary } from "@laurel/contracts";
import { earnDatesConfig, earnDatesFields, isEarnDatesEditor, validateEarnDates } from "./earn-dates-form";
import {
  eventConfigOf,
  eventEditorEvents,
  eventFormFields,
  isEventKind,
  validateEventForm,
} from "./event-program-form";
import { inputToMinor, minorToInput } from "./money";

/**
 * An editor's form: the common fields (C-01, C-09) and the kind's settings as the inputs hold them
 * (numbers as typed, money in major units). `toProgramBody` turns it into the API's shape, keeping
 * every stored setting the editor does not show.
 */
export interface ProgramForm {
  title: string;
  status: string;
  priority: string;
  startDate: string;
  endDate: string;
  fields: Record<string, FormValue>;
}
export type FormValue = string | boolean | ConditionRow[];

/** C-19: one rule-engine condition as the editor holds it. */
export interface ConditionRow {
  criteria: string;
  field: string;
  matcher: string;
  value: string;
}

/** Field → message key (`programs.validation.*`); fields are named as the API names them. */
export type FormErrors = Record<string, string>;

type Config = Record<string, unknown>;

const str = (v: unknown, fallback = ""): string =>
  typeof v === "number" ? String(v) : typeof v === "string" ? v : fallback;
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === "boolean" ? v : fallback);
const obj = (v: unknown): Config =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Config) : {};

/** The kinds that have an editor, and the API type that stores them (C-08, D-01). */
export const earningEditorEvents = ["place_order", "sign_up", "sign_up_newsletter"] as const;
export const rewardEditorEvents = [
  "amount_discount",
  "percentage_discount",
  "pos_amount_discount",
  "pos_percentage_discount",
  "free_shipping",
  "buy_x_get_y",
  "free_gift",
  "custom_voucher",
] as const;

export function hasEditor(event: string): boolean {
  if (isEarnDatesEditor(event)) return true;
  return (
    [...earningEditorEvents, ...rewardEditorEvents, ...eventEditorEvents] as readonly string[]
  ).includes(event);
}

export function programTypeOf(event: string): "earning" | "spending" {
  return (rewardEditorEvents as readonly string[]).includes(event) ? "spending" : "earning";
}

const isPlaceOrder = (event: string) => event === "place_order" || event === "place_order_subscription";
const isSignUp = (event: string) => event === "sign_up" || event === "sign_up_newsletter";

// ---------------------------------------------------------------------------------------------
// Stored settings → form

/** A stored id list as the pickers hold it (comma-separated). */
const joined = (v: unknown): string =>
  Array.isArray(v) ? v.filter((x) => typeof x === "string" || typeof x === "number").join(",") : "";

/** C-14, C-20: product scope, exclusions and the options the first editor left out. */
function placeOrderScopeFields(c: Config): Record<string, FormValue> {
  const include = obj(c.includeProducts);
  const exclude = obj(c.excludeProducts);
  const excludePos = obj(c.excludePOSOrderProducts);
  const excludeOs = obj(c.excludeOSOrderProducts);
  return {
    includeAppliesTo: str(include.appliesTo, "all"),
    includeProductIds: joined(include.productIds),
    includeCollectionIds: joined(include.collectionIds),
    excludeProductIds: joined(exclude.productIds),
    excludeCollectionIds: joined(exclude.collectionIds),
    excludePosProductIds: joined(excludePos.productIds),
    excludePosCollectionIds: joined(excludePos.collectionIds),
    excludeOsProductIds: joined(excludeOs.productIds),
    excludeOsCollectionIds: joined(excludeOs.collectionIds),
    keepOriginalStep: bool(c.keepOriginalStep, false),
    earnZeroPriceItems: bool(c.earnZeroPriceItems, false),
    earnPointFees: bool(c.earnPointFees, false),
    excludedTaxTypes: Array.isArray(c.excludedTaxTypes) ? c.excludedTaxTypes.join(", ") : "",
    vipTierIds: joined(c.vipTierIds),
    // C-18: saved with the rule engine, the rule keeps it (never sent: the server checks too).
    ruleEngineApplied: bool(c.statusUseCondition, false),
  };
}

function placeOrderFields(c: Config, currency: string): Record<string, FormValue> {
  const conditions = Array.isArray(c.conditions) ? c.conditions : [];
  return {
    ...placeOrderScopeFields(c),
    earnBy: str(c.earnBy, "price"),
    earnPoint: str(c.earnPoint, "10"),
    rateMoney: typeof c.rateMoney === "number" ? minorToInput(c.rateMoney, currency) : "100",
    rateItem: str(c.rateItem, "1"),
    rounding: str(c.rounding, "roundingDown"),
    applyTo: str(c.applyTo, "member"),
    appliedPlaceOrderTo: str(c.appliedPlaceOrderTo, "online_store"),
    hasLimit: bool(c.hasLimit, false),
    limitUnit: str(c.limitUnit, "day"),
    limitInterval: str(c.limitInterval, "1"),
    enabledAntiCheat: bool(c.enabledAntiCheat, true),
    autoRemovePoints: bool(c.autoRemovePoints, true),
    excludeGiftCard: bool(c.excludeGiftCard, true),
    excludeStoreCredit: bool(c.excludeStoreCredit, true),
    excludeFreeGift: bool(c.excludeFreeGift, true),
    earnPointTax: bool(c.earnPointTax, false),
    earnPointShippingFee: bool(c.earnPointShippingFee, false),
    excludeOrderTags: Array.isArray(c.excludeOrderTags) ? c.excludeOrderTags.join(", ") : "",
    statusUseCondition: bool(c.statusUseCondition, false),
    typeCondition: str(c.typeCondition, "all"),
    stopProcessing: bool(c.stopProcessing, false),
    conditions: conditions.map((raw) => {
      const x = obj(raw);
      const value = Array.isArray(x.value) ? x.value.join(", ") : str(x.value);
      return { criteria: str(x.criteria, "order"), field: str(x.field), matcher: str(x.matcher), value };
    }),
  };
}

function signUpFields(c: Config): Record<string, FormValue> {
  return {
    earnPoint: str(c.earnPoint, "100"),
    hasLimit: bool(c.hasLimit, true),
    limitUnit: str(c.limitUnit, "lifetime"),
    limitInterval: str(c.limitInterval, "1"),
  };
}

function rewardFields(event: string, c: Config, currency: string): Record<string, FormValue> {
  const minimum = obj(c.minimumRequirement);
  const combines = obj(c.combinesWith);
  const usage = obj(c.usageLimit);
  const gift = obj(c.freeGift);
  const bxgy = obj(c.bxgy);
  const isAmount = event === "amount_discount" || event === "pos_amount_discount";
  const value = typeof c.rewardValue === "number" ? c.rewardValue : null;
  return {
    redeemType: str(c.redeemType, "fixed"),
    pointsCost: str(c.pointsCost, "500"),
    minPoints: str(c.minPoints),
    maxPoints: str(c.maxPoints),
    rewardValue: isAmount ? minorToInput(value ?? 500, currency) : str(value ?? 10),
    minimumKind: str(minimum.kind, "none"),
    minimumAmount: typeof minimum.amount === "number" ? minorToInput(minimum.amount, currency) : "",
    minimumQuantity: str(minimum.quantity),
    combineOrder: bool(combines.order, false),
    combineProduct: bool(combines.product, false),
    combineShipping: bool(combines.shipping, false),
    availability: str(c.availability, "redeemer_only"),
    codePrefix: str(c.codePrefix),
    channel: str(c.channel, event.startsWith("pos_") ? "applyPos" : "applyOnlineStore"),
    purchaseType: str(c.purchaseType, "one_time_purchase"),
    rewardExpiry: str(c.rewardExpiry, "permanent"),
    rewardExpiryDate: str(c.rewardExpiryDate).slice(0, 10),
    rewardExpiryDuration: str(c.rewardExpiryDuration),
    usageTotal: str(usage.total),
    usagePerCustomer: str(usage.perCustomer),
    usagePerOrder: str(usage.perOrder),
    maxShippingAmount:
      typeof c.maxShippingAmount === "number" ? minorToInput(c.maxShippingAmount, currency) : "",
    freeGiftProductId: str(gift.productId),
    freeGiftVariantId: str(gift.variantId),
    freeGiftQuantity: str(gift.quantity, "1"),
    bxgyBuyQuantity: str(bxgy.buyQuantity, "2"),
    bxgyGetQuantity: str(bxgy.getQuantity, "1"),
    voucherCodes: Array.isArray(c.voucherCodes) ? c.voucherCodes.join("\n") : "",
    // D-05, D-17: which items the discount covers, and a BXGY's two sides.
    appliesTo: str(c.appliesTo, "all"),
    productIds: joined(c.productIds),
    collectionIds: joined(c.collectionIds),
    variantIds: joined(c.variantIds),
    bxgyBuyProductIds: joined(obj(bxgy.buyItems).productIds),
    bxgyGetProductIds: joined(obj(bxgy.getItems).productIds),
  };
}

/** The form of a stored program, or of a new one of `event` with the spec's defaults (C-15, C-25). */
export function formOf(
  event: string,
  program: Pick<ProgramSummary, "title" | "status" | "priority" | "startDate" | "endDate" | "config"> | null,
  currency: string,
  defaultTitle: string,
): ProgramForm {
  const c = program?.config ?? {};
  const fields = isEarnDatesEditor(event)
    ? earnDatesFields(event, c, currency)
    : isEventKind(event)
      ? eventFormFields(event, c)
      : isPlaceOrder(event)
        ? placeOrderFields(c, currency)
        : isSignUp(event)
          ? signUpFields(c)
          : rewardFields(event, c, currency);
  return {
    title: program?.title ?? defaultTitle,
    status: program
      ? program.status === "scheduled" || program.status === "expired"
        ? "active"
        : program.status
      : "inactive",
    priority: String(program?.priority ?? 99),
    startDate: program?.startDate ?? "",
    endDate: program?.endDate ?? "",
    fields,
  };
}

// ---------------------------------------------------------------------------------------------
// Form → API body

/** A typed number, kept as typed when it is not one so the API names the field. */
const numberOr = (text: FormValue): number | string | null => {
  const s = String(text).trim();
  if (s === "") return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
};
const moneyOr = (text: FormValue, currency: string): number | string | null => {
  const minor = inputToMinor(String(text), currency);
  return minor === null ? null : Number.isNaN(minor) ? String(text) : minor;
};
const list = (text: FormValue, separator: RegExp) =>
  String(text)
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== "");

const ids = (text: FormValue | undefined) => (typeof text === "string" ? list(text, /,/) : []);

/** C-14, C-20: the scope and exclusions as the API stores them. */
function placeOrderScopeConfig(f: Record<string, FormValue>): Config {
  const specific = f.includeAppliesTo === "specific";
  return {
    includeProducts: {
      appliesTo: specific ? "specific" : "all",
      productIds: specific ? ids(f.includeProductIds) : [],
      collectionIds: specific ? ids(f.includeCollectionIds) : [],
    },
    excludeProducts: { productIds: ids(f.excludeProductIds), collectionIds: ids(f.excludeCollectionIds) },
    excludePOSOrderProducts: {
      productIds: ids(f.excludePosProductIds),
      collectionIds: ids(f.excludePosCollectionIds),
    },
    excludeOSOrderProducts: {
      productIds: ids(f.excludeOsProductIds),
      collectionIds: ids(f.excludeOsCollectionIds),
    },
    keepOriginalStep: f.keepOriginalStep === true,
    earnZeroPriceItems: f.earnZeroPriceItems === true,
    earnPointFees: f.earnPointFees === true,
    excludedTaxTypes: list(f.excludedTaxTypes ?? "", /,/),
    // C-22: the tiers of "VIP tier only" (kept as they are for the other audiences).
    vipTierIds: ids(f.vipTierIds),
  };
}

function placeOrderConfig(f: Record<string, FormValue>, currency: string): Config {
  const needsMoney = f.earnBy === "price" || f.earnBy === "fixed_order";
  const conditions = Array.isArray(f.conditions) ? f.conditions : [];
  return {
    ...placeOrderScopeConfig(f),
    earnBy: f.earnBy,
    earnPoint: numberOr(f.earnPoint as string),
    rateMoney: needsMoney ? moneyOr(f.rateMoney as string, currency) : null,
    rateItem: f.earnBy === "item" ? numberOr(f.rateItem as string) : 1,
    rounding: f.rounding,
    applyTo: f.applyTo,
    appliedPlaceOrderTo: f.appliedPlaceOrderTo,
    hasLimit: f.hasLimit,
    limitUnit: f.limitUnit,
    limitInterval: numberOr(f.limitInterval as string),
    enabledAntiCheat: f.enabledAntiCheat,
    autoRemovePoints: f.autoRemovePoints,
    excludeGiftCard: f.excludeGiftCard,
    excludeStoreCredit: f.excludeStoreCredit,
    excludeFreeGift: f.excludeFreeGift,
    earnPointTax: f.earnPointTax,
    earnPointShippingFee: f.earnPointShippingFee,
    excludeOrderTags: list(f.excludeOrderTags as string, /,/),
    statusUseCondition: f.statusUseCondition,
    typeCondition: f.typeCondition,
    stopProcessing: f.stopProcessing,
    conditions: conditions.map((row) => ({
      criteria: row.criteria,
      field: row.field,
      matcher: row.matcher,
      value:
        row.matcher === "empty" || row.matcher === "not_empty"
          ? null
          : row.matcher === "includes" || row.matcher === "not_includes"
            ? list(row.value, /,/)
            : (numberOr(row.value) ?? ""),
    })),
  };
}

function signUpConfig(f: Record<string, FormValue>): Config {
  return {
    earnPoint: numberOr(f.earnPoint as string),
    hasLimit: f.hasLimit,
    limitUnit: f.limitUnit,
    limitInterval: numberOr(f.limitInterval as string),
  };
}

/** D-17: one side of a BXGY, products picked or all items. */
function productScope(text: FormValue | undefined) {
  const productIds = ids(text);
  return productIds.length > 0
    ? { appliesTo: "sf_product", productIds, collectionIds: [], variantIds: [] }
    : { appliesTo: "all", productIds: [], collectionIds: [], variantIds: [] };
}

/** D-05: the items an amount or percentage discount covers (other kinds keep all items). */
function rewardScope(event: string, f: Record<string, FormValue>): Config {
  if (!scopedRewards.includes(event)) return {};
  const appliesTo = typeof f.appliesTo === "string" ? f.appliesTo : "all";
  return {
    appliesTo,
    productIds: appliesTo === "sf_product" ? ids(f.productIds) : [],
    collectionIds: appliesTo === "specific" ? ids(f.collectionIds) : [],
    variantIds: appliesTo === "sf_product" ? ids(f.variantIds) : [],
  };
}

/** The redeeming kinds whose discount can be limited to products or collections (D-05). */
export const scopedRewards: readonly string[] = [
  "amount_discount",
  "percentage_discount",
  "pos_amount_discount",
  "pos_percentage_discount",
];

/** C-20, D-05. */
export const MAX_PICKED_PRODUCTS = 100;

function rewardConfig(event: string, f: Record<string, FormValue>, currency: string): Config {
  const isAmount = event === "amount_discount" || event === "pos_amount_discount";
  const isPercentage = event === "percentage_discount" || event === "pos_percentage_discount";
  const dynamic = isAmount && f.redeemType === "dynamic";
  const minimumRequirement =
    f.minimumKind === "amount"
      ? { kind: "amount", amount: moneyOr(f.minimumAmount as string, currency) }
      : f.minimumKind === "quantity"
        ? { kind: "quantity", quantity: numberOr(f.minimumQuantity as string) }
        : { kind: "none" };
  return {
    redeemType: isAmount ? f.redeemType : "fixed",
    pointsCost: numberOr(f.pointsCost as string),
    minPoints: dynamic ? numberOr(f.minPoints as string) : null,
    maxPoints: dynamic ? numberOr(f.maxPoints as string) : null,
    rewardValue: isAmount
      ? moneyOr(f.rewardValue as string, currency)
      : isPercentage
        ? numberOr(f.rewardValue as string)
        : null,
    minimumRequirement,
    combinesWith: { order: f.combineOrder, product: f.combineProduct, shipping: f.combineShipping },
    availability: f.availability,
    codePrefix: f.codePrefix,
    channel: f.channel,
    purchaseType: f.purchaseType,
    rewardExpiry: f.rewardExpiry,
    rewardExpiryDate: f.rewardExpiry === "specific" ? (f.rewardExpiryDate as string) || null : null,
    rewardExpiryDuration: f.rewardExpiry === "custom" ? (f.rewardExpiryDuration as string) || null : null,
    usageLimit: {
      total: numberOr(f.usageTotal as string),
      perCustomer: numberOr(f.usagePerCustomer as string),
      perOrder: numberOr(f.usagePerOrder as string),
    },
    maxShippingAmount: event === "free_shipping" ? moneyOr(f.maxShippingAmount as string, currency) : null,
    freeGift:
      event === "free_gift"
        ? {
            productId: (f.freeGiftProductId as string).trim() || null,
            variantId: (f.freeGiftVariantId as string).trim(),
            quantity: numberOr(f.freeGiftQuantity as string),
          }
        : null,
    bxgy:
      event === "buy_x_get_y"
        ? {
            buyQuantity: numberOr(f.bxgyBuyQuantity as string),
            getQuantity: numberOr(f.bxgyGetQuantity as string),
            buyItems: productScope(f.bxgyBuyProductIds),
            getItems: productScope(f.bxgyGetProductIds),
          }
        : null,
    ...rewardScope(event, f),
    voucherCodes: event === "custom_voucher" ? list(f.voucherCodes as string, /\r?\n/) : [],
  };
}

/**
 * The body of `POST /lp/programs/:type` or `PUT /lp/programs/:id`: the form's settings over the
 * stored ones, so settings this editor does not show are kept as they are.
 */
export function toProgramBody(
  event: string,
  form: ProgramForm,
  stored: Config,
  currency: string,
): CreateProgramBody {
  const edited = isEarnDatesEditor(event)
    ? earnDatesConfig(event, form.fields, currency)
    : isEventKind(event)
      ? eventConfigOf(event, form.fields)
      : isPlaceOrder(event)
        ? placeOrderConfig(form.fields, currency)
        : isSignUp(event)
          ? signUpConfig(form.fields)
          : rewardConfig(event, form.fields, currency);
  const priority = numberOr(form.priority);
  return {
    event,
    title: form.title,
    status: form.status,
    ...(priority === null ? {} : { priority }),
    startDate: form.startDate || null,
    endDate: form.endDate || null,
    config: { ...stored, ...edited },
  };
}

// ---------------------------------------------------------------------------------------------
// Validation before saving (C-24, C-09, D-03, D-14), with the spec's words; the API checks again.

const blank = (v: FormValue | undefined) => typeof v !== "string" || v.trim() === "";
const asNumber = (v: FormValue | undefined) => (typeof v === "string" ? Number(v.trim()) : Number.NaN);

/** Messages are translation keys under `programs.validation`. */
export function validateForm(event: string, form: ProgramForm): FormErrors {
  const errors: FormErrors = {};
  const f = form.fields;
  const need = (field: string, value: FormValue | undefined) => {
    if (blank(value)) errors[field] = "required";
    return !blank(value);
  };
  const positive = (field: string, value: FormValue | undefined, key: string, min = 1) => {
    if (!need(field, value)) return;
    const n = asNumber(value);
    if (!Number.isFinite(n)) errors[field] = "number";
    else if (n < min) errors[field] = key;
  };
  need("title", form.title);
  if (form.priority.trim() !== "") {
    const p = asNumber(form.priority);
    if (!Number.isInteger(p) || p < 1) errors.priority = "priorityAboveZero";
  }
  if (form.startDate && form.endDate && form.endDate <= form.startDate) errors.endDate = "endAfterStart";
  if (isEarnDatesEditor(event)) {
    Object.assign(errors, validateEarnDates(event, f, form));
  } else if (isEventKind(event)) {
    validateEventForm(event, f, errors);
  } else if (isPlaceOrder(event)) {
    positive("config.earnPoint", f.earnPoint, "pointsZeroOrMore", 0);
    if (f.earnBy === "price" || f.earnBy === "fixed_order") {
      positive("config.rateMoney", f.rateMoney, "amountAboveZero", 0.000001);
    }
    if (f.earnBy === "item") positive("config.rateItem", f.rateItem, "quantityAboveZero");
    if (f.hasLimit === true) positive("config.limitInterval", f.limitInterval, "limitAboveZero");
    if (f.applyTo === "vip_tier" && ids(f.vipTierIds).length === 0) errors["config.vipTierIds"] = "required";
    if (f.includeAppliesTo === "specific") {
      if (ids(f.includeProductIds).length + ids(f.includeCollectionIds).length === 0) {
        errors["config.includeProducts.productIds"] = "productRequired";
      }
    }
    for (const [field, key] of [
      ["config.includeProducts.productIds", "includeProductIds"],
      ["config.excludeProducts.productIds", "excludeProductIds"],
      ["config.excludePOSOrderProducts.productIds", "excludePosProductIds"],
      ["config.excludeOSOrderProducts.productIds", "excludeOsProductIds"],
    ] as const) {
      if (ids(f[key]).length > MAX_PICKED_PRODUCTS) errors[field] = "tooManyProducts";
    }
    if (f.statusUseCondition === true) {
      const rows = Array.isArray(f.conditions) ? f.conditions : [];
      if (rows.length === 0) errors["config.conditions"] = "required";
      rows.forEach((row, i) => {
        if (row.field === "") errors[`config.conditions.${i}.field`] = "required";
        if (row.matcher === "") errors[`config.conditions.${i}.matcher`] = "required";
        const valueless = row.matcher === "empty" || row.matcher === "not_empty";
        if (!valueless && row.value.trim() === "") errors[`config.conditions.${i}.value`] = "required";
      });
    }
  } else if (isSignUp(event)) {
    positive("config.earnPoint", f.earnPoint, "pointsAboveZero");
    if (f.hasLimit === true) positive("config.limitInterval", f.limitInterval, "limitAboveZero");
  } else {
    positive("config.pointsCost", f.pointsCost, "pointsAboveZero");
    const isAmount = event === "amount_discount" || event === "pos_amount_discount";
    const isPercentage = event === "percentage_discount" || event === "pos_percentage_discount";
    if (isAmount && !(f.redeemType === "dynamic" && blank(f.rewardValue))) {
      positive("config.rewardValue", f.rewardValue, "amountAboveZero", 0.000001);
    }
    if (isPercentage && need("config.rewardValue", f.rewardValue)) {
      const n = asNumber(f.rewardValue);
      if (!Number.isInteger(n) || n < 1 || n > 100) errors["config.rewardValue"] = "percentageRange";
    }
    if (isAmount && f.redeemType === "dynamic") {
      positive("config.minPoints", f.minPoints, "pointsAboveZero");
      const step = asNumber(f.pointsCost);
      const min = asNumber(f.minPoints);
      const max = blank(f.maxPoints) ? null : asNumber(f.maxPoints);
      if (!errors["config.minPoints"] && max !== null && min > max)
        errors["config.minPoints"] = "minAboveMax";
      else if (!errors["config.minPoints"] && step > 0 && min % step !== 0) {
        errors["config.minPoints"] = "minMultiple";
      }
      if (max !== null && step > 0 && max % step !== 0) errors["config.maxPoints"] = "maxMultiple";
    }
    if (event === "free_gift") need("config.freeGift.variantId", f.freeGiftVariantId);
    if (event === "buy_x_get_y") {
      positive("config.bxgy.buyQuantity", f.bxgyBuyQuantity, "quantityAboveZero");
      positive("config.bxgy.getQuantity", f.bxgyGetQuantity, "quantityAboveZero");
    }
    if (event === "custom_voucher" && blank(f.voucherCodes)) errors["config.voucherCodes"] = "required";
    if (scopedRewards.includes(event)) {
      if (f.appliesTo === "specific" && ids(f.collectionIds).length === 0) {
        errors["config.collectionIds"] = "collectionRequired";
      }
      if (f.appliesTo === "sf_product" && ids(f.productIds).length === 0) {
        errors["config.productIds"] = "productRequiredOne";
      }
      if (ids(f.productIds).length > MAX_PICKED_PRODUCTS) errors["config.productIds"] = "tooManyProducts";
    }
    if (event === "buy_x_get_y" && ids(f.bxgyGetProductIds).length === 0) {
      errors["config.bxgy.getItems.appliesTo"] = "productRequired";
    }
    if (!blank(f.usagePerOrder) && !(asNumber(f.usagePerOrder) >= 1)) {
      errors["config.usageLimit.perOrder"] = "perOrderAboveZero";
    }
    if (f.rewardExpiry === "specific") need("config.rewardExpiryDate", f.rewardExpiryDate);
    if (f.rewardExpiry === "custom") need("config.rewardExpiryDuration", f.rewardExpiryDuration);
  }
  return errors;
}
