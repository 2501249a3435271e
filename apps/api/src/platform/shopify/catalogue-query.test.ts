import { describe, expect, it } from "vitest";
import { productFactsResponse, toProductFactsPage } from "./catalogue-query";

describe("products' type and tags through Admin GraphQL (C-19, decision 0175)", () => {
  it("reads a page by legacy id; Shopify's empty type is no type", () => {
    const data = productFactsResponse.parse({
      products: {
        nodes: [
          { legacyResourceId: "632910392", productType: "Shirts", tags: ["sale", "summer"] },
          { legacyResourceId: "632910393", productType: "", tags: [] },
        ],
        pageInfo: { hasNextPage: true, endCursor: "eyJsYXN0X2lkIjo2MzI5MTAzOTN9" },
      },
    });
    expect(toProductFactsPage(data)).toEqual({
      items: [
        { id: "632910392", productType: "Shirts", tags: ["sale", "summer"] },
        { id: "632910393", productType: null, tags: [] },
      ],
      pageInfo: { hasNextPage: true, endCursor: "eyJsYXN0X2lkIjo2MzI5MTAzOTN9" },
    });
  });

  it("refuses a response without the tags", () => {
    expect(
      productFactsResponse.safeParse({
        products: {
          nodes: [{ legacyResourceId: "1", productType: "Shirts" }],
          pageInfo: { hasNextPage: false, endCursor: null },
        },
      }).success,
    ).toBe(false);
  });
});
