/**
 * C-19: the rule engine's conditions. Product and collection conditions are read per line item;
 * order and customer conditions once per order. Text compares case-insensitively and trimmed;
 * money fields are minor units of the shop's currency.
 */
import type {
  ConditionCriterion,
  ConditionMatcher,
  EarningCondition,
  PlaceOrderConfig,
} from "../programs/earning";
import type { EarningCustomer, EarningOrder, EarningOrderLine } from "./types";

export type ConditionFieldValue =
  | { kind: "text"; value: string | null }
  | { kind: "list"; values: string[] }
  | { kind: "number"; value: number | null };

const text = (value: string | null | undefined): ConditionFieldValue => ({
  kind: "text",
  value: value ?? null,
});
const list = (values: readonly string[] | null | undefined): ConditionFieldValue => ({
  kind: "list",
  values: [...(values ?? [])],
});
const num = (value: number | null | undefined): ConditionFieldValue => ({
  kind: "number",
  value: value ?? null,
});
const UNKNOWN: ConditionFieldValue = { kind: "text", value: null };

/** Product and collection criteria describe a line item; the others the whole order. */
export function isLineCriterion(criteria: ConditionCriterion): boolean {
  return criteria === "product" || criteria === "collection";
}

export function readLineField(condition: EarningCondition, line: EarningOrderLine): ConditionFieldValue {
  if (condition.criteria === "collection") {
    return condition.field === "title" ? list(line.collectionTitles) : list(line.collectionIds);
  }
  switch (condition.field) {
    case "title":
      return text(line.title);
    case "type":
      return text(line.productType);
    case "vendor":
      return text(line.vendor);
    case "tag":
      return list(line.productTags);
    case "sku":
      return text(line.sku);
    default:
      return UNKNOWN;
  }
}

export function readOrderField(condition: EarningCondition, order: EarningOrder): ConditionFieldValue {
  if (condition.criteria === "customer") return readCustomerField(condition.field, order.customer);
  switch (condition.field) {
    case "subtotal":
      return num(order.subtotal);
    case "total":
      return num(order.total);
    case "item_count":
      return num(order.lines.reduce((sum, l) => sum + l.quantity, 0));
    case "tag":
      return list(order.tags);
    case "source":
      return text(order.source);
    case "discount_code":
      return list(order.discountCodes);
    default:
      return UNKNOWN;
  }
}

function readCustomerField(field: string, customer: EarningCustomer | null): ConditionFieldValue {
  switch (field) {
    case "tag":
      return list(customer?.tags);
    case "email":
      return text(customer?.email);
    case "orders_count":
      return num(customer?.ordersCount);
    case "total_spent":
      return num(customer?.totalSpent);
    case "vip_tier":
      return text(customer?.vipTierId);
    default:
      return UNKNOWN;
  }
}

const fold = (s: string) => s.trim().toLowerCase();

function expectedTexts(expected: EarningCondition["value"]): string[] {
  if (expected === null) return [];
  const values = Array.isArray(expected) ? expected : [expected];
  return values.map((v) => fold(String(v))).filter((v) => v !== "");
}

function expectedNumbers(expected: EarningCondition["value"]): number[] {
  return expectedTexts(expected)
    .map(Number)
    .filter((n) => Number.isFinite(n));
}

/** C-19: apply one of the 14 matchers. A matcher that does not fit the field's kind never matches. */
export function matchesCondition(
  value: ConditionFieldValue,
  matcher: ConditionMatcher,
  expected: EarningCondition["value"],
): boolean {
  if (value.kind === "number") return matchNumber(value.value, matcher, expectedNumbers(expected));
  const values = value.kind === "list" ? value.values.map(fold).filter((v) => v !== "") : [];
  if (value.kind === "text") {
    const single = value.value === null ? "" : fold(value.value);
    if (single !== "") values.push(single);
  }
  return matchTexts(values, matcher, expectedTexts(expected));
}

/** A text field is a list of at most one value; a list matches when some element does. */
function matchTexts(values: string[], matcher: ConditionMatcher, expected: string[]): boolean {
  const [want = ""] = expected;
  const some = (p: (v: string) => boolean) => values.some(p);
  switch (matcher) {
    case "contains":
      return some((v) => v.includes(want));
    case "not_contains":
      return !some((v) => v.includes(want));
    case "equal":
      return some((v) => v === want);
    case "not_equal":
      return !some((v) => v === want);
    case "start":
      return some((v) => v.startsWith(want));
    case "end":
      return some((v) => v.endsWith(want));
    case "includes":
      return some((v) => expected.includes(v));
    case "not_includes":
      return !some((v) => expected.includes(v));
    case "empty":
      return values.length === 0;
    case "not_empty":
      return values.length > 0;
    default:
      return false;
  }
}

/** An unknown number (null) equals nothing and compares false; it is `empty`. */
function matchNumber(value: number | null, matcher: ConditionMatcher, expected: number[]): boolean {
  if (matcher === "empty") return value === null;
  if (matcher === "not_empty") return value !== null;
  if (matcher === "not_equal") return value === null || expected[0] === undefined || value !== expected[0];
  if (matcher === "not_includes") return value === null || !expected.includes(value);
  const [want] = expected;
  if (value === null || want === undefined) return false;
  switch (matcher) {
    case "equal":
      return value === want;
    case "includes":
      return expected.includes(value);
    case "greater_than":
      return value > want;
    case "greater_than_or_equal_to":
      return value >= want;
    case "less_than":
      return value < want;
    case "less_than_or_equal_to":
      return value <= want;
    default:
      return false;
  }
}

/**
 * The lines a rule's conditions accept, and whether the rule matches at all.
 *
 * Each line is judged by all the rule's conditions together (`typeCondition` all/any): product and
 * collection conditions read the line, order and customer conditions the order. The accepted lines
 * are the ones that earn ("product eligibility by conditions", C-19). `typeProductMatch` says
 * whether the rule needs any accepted line or every line accepted.
 */
export function applyConditions(
  config: Pick<PlaceOrderConfig, "statusUseCondition" | "conditions" | "typeCondition" | "typeProductMatch">,
  order: EarningOrder,
  lines: readonly EarningOrderLine[],
): { matched: boolean; lines: EarningOrderLine[] } {
  if (!config.statusUseCondition || config.conditions.length === 0)
    return { matched: true, lines: [...lines] };
  const orderLevel = config.conditions.map((c) =>
    isLineCriterion(c.criteria) ? null : matchesCondition(readOrderField(c, order), c.matcher, c.value),
  );
  const accepts = (line: EarningOrderLine) => {
    const results = config.conditions.map(
      (c, i) => orderLevel[i] ?? matchesCondition(readLineField(c, line), c.matcher, c.value),
    );
    return config.typeCondition === "all" ? results.every(Boolean) : results.some(Boolean);
  };
  // An order without lines can still match on order and customer conditions alone.
  if (lines.length === 0) {
    const results = orderLevel.filter((r): r is boolean => r !== null);
    const matched =
      results.length === config.conditions.length &&
      (config.typeCondition === "all" ? results.every(Boolean) : results.some(Boolean));
    return { matched, lines: [] };
  }
  const accepted = lines.filter(accepts);
  const matched = config.typeProductMatch === "all" ? accepted.length === lines.length : accepted.length > 0;
  return { matched, lines: matched ? accepted : [] };
}

/**
 * One condition of a rule as the order met it, for "why did (or didn't) this order earn?"
 * (issue 14): the condition as the merchant wrote it, and whether the order met it. An order or
 * customer condition is met by the order; a product or collection condition by some line of the
 * order in the program's scope (by every line when the rule's `typeProductMatch` is `all`).
 */
export interface ConditionCheck {
  criteria: EarningCondition["criteria"];
  field: string;
  matcher: ConditionMatcher;
  value: EarningCondition["value"];
  met: boolean;
}

/** Each condition of a rule that uses conditions, checked on its own against the order. */
export function checkConditions(
  config: Pick<PlaceOrderConfig, "statusUseCondition" | "conditions" | "typeProductMatch">,
  order: EarningOrder,
  lines: readonly EarningOrderLine[],
): ConditionCheck[] {
  if (!config.statusUseCondition) return [];
  return config.conditions.map((c) => {
    let met: boolean;
    if (!isLineCriterion(c.criteria)) met = matchesCondition(readOrderField(c, order), c.matcher, c.value);
    else {
      const meets = (line: EarningOrderLine) => matchesCondition(readLineField(c, line), c.matcher, c.value);
      met = lines.length > 0 && (config.typeProductMatch === "all" ? lines.every(meets) : lines.some(meets));
    }
    return { criteria: c.criteria, field: c.field, matcher: c.matcher, value: c.value, met };
  });
}
