import { describe, expect, it } from "vitest";
import { collectionIdsNamedBy, withLineCollections } from "./collection-scope";
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
    const filled = withLineCollections(lines, new Map([["p-in", ["300"]]]));
    expect(filled.map((l) => l.collectionIds)).toEqual([["300"], []]);
    const scoped = program({
      includeProducts: { appliesTo: "specific", productIds: [], collectionIds: ["300"] },
    });
    const before = evaluateOrderEarning(input({ order: order({ lines }), programs: [scoped] }));
    const after = evaluateOrderEarning(input({ order: order({ lines: filled }), programs: [scoped] }));
    expect(before.kind).toBe("log_only");
    expect(after).toMatchObject({ kind: "reward", total: 10 });
  });
});
