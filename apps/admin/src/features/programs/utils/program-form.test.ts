import { describe, expect, it } from "vitest";
import { formOf, toProgramBody, validateForm } from "./program-form";

const stored = (event: string, config: Record<string, unknown>) => ({
  title: "Stored",
  status: "scheduled" as const,
  priority: 7,
  startDate: "2026-12-01",
  endDate: null,
  config,
  event,
});

describe("editor forms (C-12, C-25, D-02)", () => {
  it("a new place order starts from the spec's defaults (C-15) and sends money in minor units", () => {
    const form = formOf("place_order", null, "USD", "Place an order");
    expect(form).toMatchObject({ title: "Place an order", status: "inactive", priority: "99" });
    expect(form.fields).toMatchObject({
      earnBy: "price",
      earnPoint: "10",
      rateMoney: "100",
      rounding: "roundingDown",
    });
    const body = toProgramBody("place_order", form, {}, "USD");
    expect(body).toMatchObject({
      event: "place_order",
      priority: 99,
      startDate: null,
      config: { earnBy: "price", earnPoint: 10, rateMoney: 10_000, enabledAntiCheat: true, conditions: [] },
    });
  });

  it("keeps stored settings the editor does not show, and shows a scheduled program as switched on", () => {
    const program = stored("place_order", {
      earnBy: "order",
      earnPoint: 5,
      vipTierIds: ["t1"],
      rateMoney: null,
    });
    const form = formOf("place_order", program, "USD", "x");
    expect(form.status).toBe("active");
    const body = toProgramBody("place_order", form, program.config, "USD");
    expect(body.config).toMatchObject({ earnBy: "order", earnPoint: 5, vipTierIds: ["t1"], rateMoney: null });
    expect(body.startDate).toBe("2026-12-01");
  });

  it("sends rule-engine conditions in the engine's shape: lists for 'is one of', none for 'is empty'", () => {
    const form = formOf("place_order", null, "USD", "x");
    form.fields.statusUseCondition = true;
    form.fields.conditions = [
      { criteria: "order", field: "tag", matcher: "includes", value: "vip, gold" },
      { criteria: "order", field: "subtotal", matcher: "greater_than", value: "5000" },
      { criteria: "customer", field: "email", matcher: "empty", value: "ignored" },
    ];
    expect(toProgramBody("place_order", form, {}, "USD").config.conditions).toEqual([
      { criteria: "order", field: "tag", matcher: "includes", value: ["vip", "gold"] },
      { criteria: "order", field: "subtotal", matcher: "greater_than", value: 5000 },
      { criteria: "customer", field: "email", matcher: "empty", value: null },
    ]);
  });

  it("builds each reward kind's settings, and nothing of the other kinds", () => {
    const gift = formOf("free_gift", null, "EUR", "Free product");
    gift.fields.freeGiftVariantId = "gid://shopify/ProductVariant/1";
    expect(toProgramBody("free_gift", gift, {}, "EUR").config).toMatchObject({
      pointsCost: 500,
      rewardValue: null,
      freeGift: { variantId: "gid://shopify/ProductVariant/1", productId: null, quantity: 1 },
      bxgy: null,
      maxShippingAmount: null,
    });
    const amount = formOf("amount_discount", null, "USD", "x");
    amount.fields.minimumKind = "amount";
    amount.fields.minimumAmount = "25";
    expect(toProgramBody("amount_discount", amount, {}, "USD").config).toMatchObject({
      rewardValue: 500,
      minimumRequirement: { kind: "amount", amount: 2500 },
      freeGift: null,
    });
  });

  it("validates in the spec's words before saving (C-24, C-09, D-03, D-14)", () => {
    const signUp = formOf("sign_up", null, "USD", "");
    signUp.fields.earnPoint = "0";
    signUp.endDate = "2026-01-01";
    signUp.startDate = "2026-01-01";
    expect(validateForm("sign_up", signUp)).toEqual({
      title: "required",
      "config.earnPoint": "pointsAboveZero",
      endDate: "endAfterStart",
    });
    const order = formOf("place_order", null, "USD", "x");
    order.fields.earnPoint = "-1";
    order.fields.rateMoney = "";
    order.priority = "0";
    order.fields.statusUseCondition = true;
    expect(validateForm("place_order", order)).toEqual({
      "config.earnPoint": "pointsZeroOrMore",
      "config.rateMoney": "required",
      priority: "priorityAboveZero",
      "config.conditions": "required",
    });
    const pct = formOf("percentage_discount", null, "USD", "x");
    pct.fields.rewardValue = "150";
    expect(validateForm("percentage_discount", pct)).toEqual({ "config.rewardValue": "percentageRange" });
    const dynamic = formOf("amount_discount", null, "USD", "x");
    Object.assign(dynamic.fields, {
      redeemType: "dynamic",
      pointsCost: "100",
      minPoints: "300",
      maxPoints: "250",
    });
    expect(validateForm("amount_discount", dynamic)).toEqual({
      "config.minPoints": "minAboveMax",
      "config.maxPoints": "maxMultiple",
    });
    dynamic.fields.minPoints = "150";
    dynamic.fields.maxPoints = "1000";
    expect(validateForm("amount_discount", dynamic)).toEqual({ "config.minPoints": "minMultiple" });
  });
});
