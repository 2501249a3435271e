import { describe, expect, it } from "vitest";
import {
  collectionIdsNamedBy,
  collectionTitleConditionsOf,
  collectionTitleMatters,
  rulesReadCollections,
  withLineCollections,
} from "./collection-scope";
import { input, line, order, program } from "./fixtures.test-support";
import { evaluateOrderEarning } from "./order-earning";

describe("collection scoping (issue 14)", () => {
  it("lists the collections named by place order scopes, exclusions and collection-id conditions, once each", () => {
    const scoped = program({
      includeProducts: { appliesTo: "specific", productIds: [], collectionIds: ["300", "100"] },
      excludeProducts: { productIds: [], collectionIds: ["100"] },
      statusUseCondition: true,
      conditions: [
        { criteria: "collection", field: "id", matcher: "includes", value: ["200", "300"] },
        { criteria: "collection", field: "title", matcher: "contains", value: "Sale" },
      ],
    });
    expect(collectionIdsNamedBy([scoped, program({}, { id: "prg_all" })])).toEqual(["100", "200", "300"]);
  });

  it("fills each line's collections from the membership, so a collection-scoped rule earns on them only", () => {
    const lines = [
      line({ id: "l1", productId: "p-in", collectionIds: [], unitPrice: 10_000 }),
      line({ id: "l2", productId: "p-out", collectionIds: [], unitPrice: 10_000 }),
    ];
    const filled = withLineCollections(lines, new Map([["p-in", { ids: ["300"], titles: [] }]]));
    expect(filled.map((l) => l.collectionIds)).toEqual([["300"], []]);
    const scoped = program({
      includeProducts: { appliesTo: "specific", productIds: [], collectionIds: ["300"] },
    });
    const before = evaluateOrderEarning(input({ order: order({ lines }), programs: [scoped] }));
    const after = evaluateOrderEarning(input({ order: order({ lines: filled }), programs: [scoped] }));
    expect(before.kind).toBe("log_only");
    expect(after).toMatchObject({ kind: "reward", total: 10 });
  });

  it("keeps only the collections a title condition can be decided by; negations by their positive form", () => {
    const sale = (matcher: string, value: string | string[] | null = "sale") => [
      { matcher, value } as Parameters<typeof collectionTitleMatters>[1][number],
    ];
    const table: [string, string | string[] | null, string, boolean][] = [
      ["contains", "sale", "Summer Sale", true],
      ["contains", "sale", "Home", false],
      ["not_contains", "sale", "Summer Sale", true],
      ["not_contains", "sale", "Home", false],
      ["equal", "home", " HOME ", true],
      ["not_equal", "home", "Home decor", false],
      ["start", "summer", "Summer Sale", true],
      ["end", "sale", "Sale items", false],
      ["includes", ["home", "garden"], "Garden", true],
      ["not_includes", ["home", "garden"], "Kitchen", false],
      ["empty", null, "Anything", true],
      ["not_empty", null, "Anything", true],
    ];
    for (const [matcher, value, title, kept] of table)
      expect([matcher, title, collectionTitleMatters(title, sale(matcher, value))]).toEqual([
        matcher,
        title,
        kept,
      ]);
    expect(collectionTitleMatters("Home", [])).toBe(false);
  });

  it("fills lines' collection titles, so 'collection title contains / does not contain' decide per line", () => {
    const lines = [
      line({ id: "l1", productId: "p-sale", collectionIds: [], collectionTitles: [], unitPrice: 10_000 }),
      line({ id: "l2", productId: "p-home", collectionIds: [], collectionTitles: [], unitPrice: 10_000 }),
    ];
    const onSale = program({
      statusUseCondition: true,
      typeCondition: "all",
      typeProductMatch: "any",
      conditions: [{ criteria: "collection", field: "title", matcher: "contains", value: "Sale" }],
    });
    const notOnSale = program({
      statusUseCondition: true,
      typeCondition: "all",
      typeProductMatch: "any",
      conditions: [{ criteria: "collection", field: "title", matcher: "not_contains", value: "Sale" }],
    });
    expect(collectionTitleConditionsOf([onSale, notOnSale]).map((c) => c.matcher)).toEqual([
      "contains",
      "not_contains",
    ]);
    expect(rulesReadCollections([onSale])).toBe(true);
    expect(rulesReadCollections([program({})])).toBe(false);
    // Before: no line knows its collections — a title rule never matches, its negation always.
    expect(evaluateOrderEarning(input({ order: order({ lines }), programs: [onSale] })).kind).toBe(
      "log_only",
    );
    const filled = withLineCollections(
      lines,
      new Map([["p-sale", { ids: ["900"], titles: ["Summer Sale"] }]]),
    );
    expect(filled.map((l) => l.collectionTitles ?? [])).toEqual([["Summer Sale"], []]);
    expect(
      evaluateOrderEarning(input({ order: order({ lines: filled }), programs: [onSale] })),
    ).toMatchObject({
      kind: "reward",
      total: 10,
    });
    expect(
      evaluateOrderEarning(input({ order: order({ lines: filled }), programs: [notOnSale] })),
    ).toMatchObject({
      kind: "reward",
      total: 10,
    });
  });
});
