import { describe, expect, it } from "vitest";
import type { ConditionMatcher, EarningCondition } from "../programs/earning";
import { earningConditionSchema } from "../programs/earning";
import {
  applyConditions,
  type ConditionFieldValue,
  checkConditions,
  matchesCondition,
  readLineField,
  readOrderField,
} from "./conditions";
import { customer, line, order } from "./fixtures.test-support";

const text = (value: string | null): ConditionFieldValue => ({ kind: "text", value });
const list = (...values: string[]): ConditionFieldValue => ({ kind: "list", values });
const num = (value: number | null): ConditionFieldValue => ({ kind: "number", value });

describe("C-19: the 14 matchers", () => {
  it.each<[string, ConditionFieldValue, ConditionMatcher, EarningCondition["value"], boolean]>([
    ["contains: text", text("Linen Shirt"), "contains", "linen", true],
    ["contains: text, no", text("Cotton Shirt"), "contains", "linen", false],
    ["contains: some list element", list("summer", "linen-blend"), "contains", "LINEN", true],
    ["not_contains: text", text("Cotton Shirt"), "not_contains", "linen", true],
    ["not_contains: list with a match", list("summer", "linen"), "not_contains", "lin", false],
    ["equal: case-insensitive, trimmed", text(" Acme "), "equal", "acme", true],
    ["equal: list has the tag", list("vip", "wholesale"), "equal", "VIP", true],
    ["equal: no", text("Acme"), "equal", "Acme Co", false],
    ["not_equal: text", text("Acme"), "not_equal", "Other", true],
    ["not_equal: list has the tag", list("vip"), "not_equal", "vip", false],
    ["start", text("SH-100"), "start", "sh-", true],
    ["start: no", text("TS-100"), "start", "sh-", false],
    ["end", text("gift-wrap"), "end", "WRAP", true],
    ["end: no", text("gift-wrap"), "end", "gift", false],
    ["includes: one of the values", text("Shirts"), "includes", ["pants", "shirts"], true],
    ["includes: list meets values", list("summer", "sale"), "includes", ["sale", "clearance"], true],
    ["includes: none", text("Hats"), "includes", ["pants", "shirts"], false],
    ["not_includes", text("Hats"), "not_includes", ["pants", "shirts"], true],
    ["not_includes: list meets values", list("sale"), "not_includes", ["sale"], false],
    ["greater_than", num(5_001), "greater_than", 5_000, true],
    ["greater_than: equal is not greater", num(5_000), "greater_than", 5_000, false],
    ["greater_than_or_equal_to", num(5_000), "greater_than_or_equal_to", "5000", true],
    ["less_than", num(4_999), "less_than", 5_000, true],
    ["less_than: no", num(5_000), "less_than", 5_000, false],
    ["less_than_or_equal_to", num(5_000), "less_than_or_equal_to", 5_000, true],
    ["equal: number", num(3), "equal", "3", true],
    ["not_equal: number", num(3), "not_equal", 4, true],
    ["includes: number among values", num(3), "includes", ["1", "3"], true],
    ["not_includes: number", num(2), "not_includes", ["1", "3"], true],
    ["empty: blank text", text("  "), "empty", null, true],
    ["empty: missing text", text(null), "empty", null, true],
    ["empty: empty list", list(), "empty", null, true],
    ["empty: unknown number", num(null), "empty", null, true],
    ["empty: no", text("x"), "empty", null, false],
    ["not_empty: text", text("x"), "not_empty", null, true],
    ["not_empty: list", list("a"), "not_empty", null, true],
    ["not_empty: number 0 is known", num(0), "not_empty", null, true],
    ["an unknown number compares false", num(null), "greater_than", 0, false],
    ["an unknown number is not equal", num(null), "not_equal", 0, true],
    ["a numeric matcher on text never matches", text("10"), "greater_than", 5, false],
  ])("%s", (_label, value, matcher, expected, result) => {
    expect(matchesCondition(value, matcher, expected)).toBe(result);
  });
});

describe("C-19: reading fields", () => {
  const cond = (criteria: EarningCondition["criteria"], field: string): EarningCondition =>
    earningConditionSchema.parse({ criteria, field, matcher: "not_empty" });
  const o = order({
    lines: [line({ quantity: 2 }), line({ id: "l2", quantity: 3 })],
    tags: ["gift"],
    discountCodes: ["WELCOME10"],
    total: 52_000,
    customer: customer({ vipTierId: "tier_gold" }),
  });
  it.each([
    ["order subtotal", cond("order", "subtotal"), { kind: "number", value: 50_000 }],
    ["order total", cond("order", "total"), { kind: "number", value: 52_000 }],
    ["order item_count", cond("order", "item_count"), { kind: "number", value: 5 }],
    ["order tag", cond("order", "tag"), { kind: "list", values: ["gift"] }],
    ["order source", cond("order", "source"), { kind: "text", value: "web" }],
    ["order discount_code", cond("order", "discount_code"), { kind: "list", values: ["WELCOME10"] }],
    ["customer tag", cond("customer", "tag"), { kind: "list", values: ["newsletter"] }],
    ["customer email", cond("customer", "email"), { kind: "text", value: "ada@example.com" }],
    ["customer orders_count", cond("customer", "orders_count"), { kind: "number", value: 3 }],
    ["customer total_spent", cond("customer", "total_spent"), { kind: "number", value: 45_000 }],
    ["customer vip_tier", cond("customer", "vip_tier"), { kind: "text", value: "tier_gold" }],
  ])("%s", (_label, c, expected) => {
    expect(readOrderField(c, o)).toEqual(expected);
  });

  it.each([
    ["product title", cond("product", "title"), { kind: "text", value: "Linen shirt" }],
    ["product type", cond("product", "type"), { kind: "text", value: "Shirts" }],
    ["product vendor", cond("product", "vendor"), { kind: "text", value: "Acme" }],
    ["product tag", cond("product", "tag"), { kind: "list", values: ["summer", "linen"] }],
    ["product sku", cond("product", "sku"), { kind: "text", value: "SH-1" }],
    ["collection id", cond("collection", "id"), { kind: "list", values: ["c1"] }],
    ["collection title", cond("collection", "title"), { kind: "list", values: ["Summer"] }],
  ])("%s", (_label, c, expected) => {
    expect(readLineField(c, line())).toEqual(expected);
  });

  it("a guest order without a customer record reads customer fields as empty", () => {
    expect(readOrderField(cond("customer", "tag"), order({ customer: null }))).toEqual({
      kind: "list",
      values: [],
    });
  });
});

describe("C-19: applying a rule's conditions", () => {
  const shirt = line({ id: "shirt", productTags: ["summer"] });
  const hat = line({ id: "hat", productId: "p2", productTags: ["winter"], collectionIds: ["c2"] });
  const o = order({ lines: [shirt, hat], tags: ["vip-order"] });
  const summerTag = { criteria: "product", field: "tag", matcher: "equal", value: "summer" };
  const vipOrder = { criteria: "order", field: "tag", matcher: "equal", value: "vip-order" };
  const noSuchTag = { criteria: "order", field: "tag", matcher: "equal", value: "nope" };
  const rule = (conditions: unknown[], over: Record<string, unknown> = {}) => ({
    statusUseCondition: true,
    typeCondition: "all" as const,
    typeProductMatch: "any" as const,
    conditions: conditions.map((c) => earningConditionSchema.parse(c)),
    ...over,
  });
  const ids = (r: { lines: { id: string }[] }) => r.lines.map((l) => l.id);

  it("conditions off: everything matches", () => {
    const r = applyConditions(rule([noSuchTag], { statusUseCondition: false }), o, o.lines);
    expect(r.matched).toBe(true);
    expect(ids(r)).toEqual(["shirt", "hat"]);
  });

  it("product condition, any line (typeProductMatch any): only matching lines earn", () => {
    const r = applyConditions(rule([summerTag]), o, o.lines);
    expect(r.matched).toBe(true);
    expect(ids(r)).toEqual(["shirt"]);
  });

  it("product condition, all lines (typeProductMatch all): one miss fails the rule", () => {
    const r = applyConditions(rule([summerTag], { typeProductMatch: "all" }), o, o.lines);
    expect(r).toEqual({ matched: false, lines: [] });
  });

  it("typeCondition all: product and order conditions must both hold", () => {
    expect(ids(applyConditions(rule([summerTag, vipOrder]), o, o.lines))).toEqual(["shirt"]);
    expect(applyConditions(rule([summerTag, noSuchTag]), o, o.lines).matched).toBe(false);
  });

  it("typeCondition any: an order condition that holds accepts every line", () => {
    const r = applyConditions(rule([summerTag, vipOrder], { typeCondition: "any" }), o, o.lines);
    expect(ids(r)).toEqual(["shirt", "hat"]);
  });

  it("typeCondition any: otherwise the lines matching a product condition", () => {
    const r = applyConditions(rule([summerTag, noSuchTag], { typeCondition: "any" }), o, o.lines);
    expect(ids(r)).toEqual(["shirt"]);
  });

  it("collection condition", () => {
    const r = applyConditions(
      rule([{ criteria: "collection", field: "id", matcher: "includes", value: ["c2"] }]),
      o,
      o.lines,
    );
    expect(ids(r)).toEqual(["hat"]);
  });

  it("customer condition", () => {
    const r = applyConditions(
      rule([{ criteria: "customer", field: "orders_count", matcher: "greater_than_or_equal_to", value: 3 }]),
      o,
      o.lines,
    );
    expect(r.matched).toBe(true);
  });

  it("no lines: only order and customer conditions can match", () => {
    expect(applyConditions(rule([vipOrder]), o, []).matched).toBe(true);
    expect(applyConditions(rule([summerTag]), o, []).matched).toBe(false);
  });
});

describe("issue 14: each condition as the order met it (for the explanation)", () => {
  const shirt = line({ id: "shirt", productType: "Shirts", productTags: ["summer"] });
  const hat = line({ id: "hat", productId: "p2", productType: "Hats", productTags: ["sale"] });
  const o = order({ lines: [shirt, hat], tags: ["vip-order"] });
  const rule = (conditions: unknown[], over: Record<string, unknown> = {}) => ({
    statusUseCondition: true,
    typeProductMatch: "any" as const,
    conditions: conditions.map((c) => earningConditionSchema.parse(c)),
    ...over,
  });
  const saleTag = { criteria: "product", field: "tag", matcher: "contains", value: "sale" };
  const shirtType = { criteria: "product", field: "type", matcher: "equal", value: "Shirts" };
  const wholesale = { criteria: "order", field: "tag", matcher: "equal", value: "wholesale" };

  it("names every condition with whether the order met it, in the rule's order", () => {
    expect(checkConditions(rule([saleTag, shirtType, wholesale]), o, o.lines)).toEqual([
      { criteria: "product", field: "tag", matcher: "contains", value: "sale", met: true },
      { criteria: "product", field: "type", matcher: "equal", value: "Shirts", met: true },
      { criteria: "order", field: "tag", matcher: "equal", value: "wholesale", met: false },
    ]);
  });

  it("a product condition is met by some line, or by every line when the rule asks for all", () => {
    expect(checkConditions(rule([saleTag], { typeProductMatch: "all" }), o, o.lines)[0]?.met).toBe(false);
    expect(checkConditions(rule([saleTag]), o, [shirt])[0]?.met).toBe(false);
    expect(checkConditions(rule([saleTag]), o, [])[0]?.met).toBe(false);
  });

  it("a rule that does not use its conditions has nothing to explain", () => {
    expect(checkConditions(rule([saleTag], { statusUseCondition: false }), o, o.lines)).toEqual([]);
  });
});
