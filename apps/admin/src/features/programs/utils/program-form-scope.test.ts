import { describe, expect, it } from "vitest";
import { formOf, toProgramBody, validateForm } from "./program-form";

const stored = (config: Record<string, unknown>) => ({
  title: "Stored",
  status: "active" as const,
  priority: 7,
  startDate: null,
  endDate: null,
  config,
});

describe("scope, exclusions and options of the place order editor (C-14, C-20, C-22)", () => {
  it("reads the stored scope into the pickers and sends it back as the API stores it", () => {
    const config = {
      earnBy: "order",
      earnPoint: 5,
      rateMoney: null,
      includeProducts: { appliesTo: "specific", productIds: ["8001", "8002"], collectionIds: ["101"] },
      excludeProducts: { productIds: ["9"], collectionIds: [] },
      excludePOSOrderProducts: { productIds: [], collectionIds: ["55"] },
      keepOriginalStep: true,
      earnPointFees: true,
      excludedTaxTypes: ["VAT", "GST"],
      applyTo: "vip_tier",
      vipTierIds: ["t1"],
    };
    const form = formOf("place_order", stored(config), "USD", "x");
    expect(form.fields).toMatchObject({
      includeAppliesTo: "specific",
      includeProductIds: "8001,8002",
      includeCollectionIds: "101",
      excludeProductIds: "9",
      excludePosCollectionIds: "55",
      keepOriginalStep: true,
      earnZeroPriceItems: false,
      earnPointFees: true,
      excludedTaxTypes: "VAT, GST",
      vipTierIds: "t1",
    });
    const body = toProgramBody("place_order", form, config, "USD");
    expect(body.config).toMatchObject({
      includeProducts: { appliesTo: "specific", productIds: ["8001", "8002"], collectionIds: ["101"] },
      excludeProducts: { productIds: ["9"], collectionIds: [] },
      excludePOSOrderProducts: { productIds: [], collectionIds: ["55"] },
      excludeOSOrderProducts: { productIds: [], collectionIds: [] },
      keepOriginalStep: true,
      earnPointFees: true,
      excludedTaxTypes: ["VAT", "GST"],
      vipTierIds: ["t1"],
    });
    // "All products" sends no specific ids, whatever the pickers held.
    const all = toProgramBody(
      "place_order",
      { ...form, fields: { ...form.fields, includeAppliesTo: "all" } },
      config,
      "USD",
    );
    expect(all.config.includeProducts).toEqual({ appliesTo: "all", productIds: [], collectionIds: [] });
  });

  it("refuses, in the spec's words, a specific scope with nothing picked, more than 100 products, no tier", () => {
    const form = formOf("place_order", null, "USD", "x");
    const specific = { ...form, fields: { ...form.fields, includeAppliesTo: "specific" } };
    expect(validateForm("place_order", specific)["config.includeProducts.productIds"]).toBe(
      "productRequired",
    );
    const many = Array.from({ length: 101 }, (_, i) => String(i)).join(",");
    const tooMany = { ...form, fields: { ...form.fields, excludeProductIds: many } };
    expect(validateForm("place_order", tooMany)["config.excludeProducts.productIds"]).toBe("tooManyProducts");
    const vip = { ...form, fields: { ...form.fields, applyTo: "vip_tier", vipTierIds: "" } };
    expect(validateForm("place_order", vip)["config.vipTierIds"]).toBe("required");
  });
});

describe("the items a reward covers (D-05, D-17)", () => {
  it("a collection-scoped amount reward needs a collection; a product-scoped one sends its products", () => {
    const form = formOf("amount_discount", null, "USD", "x");
    const collections = { ...form, fields: { ...form.fields, appliesTo: "specific" } };
    expect(validateForm("amount_discount", collections)["config.collectionIds"]).toBe("collectionRequired");
    const products = { ...form, fields: { ...form.fields, appliesTo: "sf_product", productIds: "8003" } };
    expect(validateForm("amount_discount", products)).toEqual({});
    expect(toProgramBody("amount_discount", products, {}, "USD").config).toMatchObject({
      appliesTo: "sf_product",
      productIds: ["8003"],
      collectionIds: [],
    });
  });

  it("a buy X get Y sends its two sides; the 'get' side needs a product", () => {
    const form = formOf("buy_x_get_y", null, "USD", "x");
    expect(validateForm("buy_x_get_y", form)["config.bxgy.getItems.appliesTo"]).toBe("productRequired");
    const picked = { ...form, fields: { ...form.fields, bxgyGetProductIds: "8004" } };
    expect(toProgramBody("buy_x_get_y", picked, {}, "USD").config.bxgy).toMatchObject({
      buyItems: { appliesTo: "all", productIds: [] },
      getItems: { appliesTo: "sf_product", productIds: ["8004"] },
    });
  });
});
