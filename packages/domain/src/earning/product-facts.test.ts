import { describe, expect, it } from "vitest";
import type { EarningProgram } from "../programs/earning";
import { program } from "./fixtures.test-support";
import {
  parseProductTags,
  rulesReadCatalogue,
  rulesReadProductFacts,
  withLineProductFacts,
} from "./product-facts";

const placeOrder = (conditions: unknown[]): EarningProgram =>
  conditions.length > 0 ? program({ statusUseCondition: true, conditions }) : program();

describe("C-19: product type and tag conditions read the catalogue (issue 14)", () => {
  it.each([
    ["product type", [{ criteria: "product", field: "type", matcher: "equal", value: "Shirts" }], true],
    ["product tag", [{ criteria: "product", field: "tag", matcher: "contains", value: "sale" }], true],
    [
      "product title (on the line item)",
      [{ criteria: "product", field: "title", matcher: "contains", value: "a" }],
      false,
    ],
    ["order tag", [{ criteria: "order", field: "tag", matcher: "equal", value: "sale" }], false],
    ["no conditions", [], false],
  ])("%s", (_label, conditions, reads) => {
    expect(rulesReadProductFacts([placeOrder(conditions)])).toBe(reads);
    expect(rulesReadCatalogue([placeOrder(conditions)])).toBe(reads);
  });

  it("a sign-up program's config is never read for conditions", () => {
    const signUp = { id: "p", event: "sign_up", status: "active", config: {} } as unknown as EarningProgram;
    expect(rulesReadProductFacts([signUp])).toBe(false);
  });

  it("collections count as catalogue reads too", () => {
    const scoped = placeOrder([{ criteria: "collection", field: "id", matcher: "includes", value: ["c1"] }]);
    expect(rulesReadProductFacts([scoped])).toBe(false);
    expect(rulesReadCatalogue([scoped])).toBe(true);
  });

  it.each([
    ["a webhook's comma-separated string", "sale, summer ,,Sale", ["sale", "summer", "Sale"]],
    ["the Admin API's list", [" sale", "summer", "sale"], ["sale", "summer"]],
    ["nothing", null, []],
  ])("tags from %s", (_label, raw, tags) => {
    expect(parseProductTags(raw as string | string[] | null)).toEqual(tags);
  });

  it("fills each line from its product's kept facts; a line that tells its own keeps it", () => {
    const facts = new Map([
      ["p1", { productType: "Shirts", tags: ["sale"] }],
      ["p2", { productType: null, tags: [] }],
    ]);
    const lines = [
      { id: "a", productId: "p1" },
      { id: "b", productId: "p2" },
      { id: "c", productId: "p3" },
      { id: "d", productId: null },
      { id: "e", productId: "p1", productType: "Own", productTags: ["own"] },
    ];
    expect(withLineProductFacts(lines, facts)).toEqual([
      { id: "a", productId: "p1", productType: "Shirts", productTags: ["sale"] },
      { id: "b", productId: "p2", productTags: [] },
      { id: "c", productId: "p3" },
      { id: "d", productId: null },
      { id: "e", productId: "p1", productType: "Own", productTags: ["own"] },
    ]);
  });
});
