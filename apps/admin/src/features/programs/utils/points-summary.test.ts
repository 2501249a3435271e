import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en-US/programs.json";
import { pointsSummary } from "./points-summary";

/** en-US lookup with {{placeholders}}, as i18next renders them (no escaping needed for these). */
const t = ((key: string, values: Record<string, unknown> = {}) => {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}) as unknown as TFunction;

const summary = (event: string, config: Record<string, unknown>, currency = "USD") =>
  pointsSummary({ event, config }, t, currency, "en-US");

describe("points in words (C-05)", () => {
  it("says place order rates in the shop's currency, money read as minor units", () => {
    expect(summary("place_order", { earnBy: "price", earnPoint: 10, rateMoney: 10_000 })).toBe(
      "10 points for every $100.00 spent",
    );
    expect(summary("place_order", { earnBy: "price", earnPoint: 5, rateMoney: 1_000 }, "JPY")).toBe(
      "5 points for every ¥1,000 spent",
    );
    expect(summary("place_order", { earnBy: "order", earnPoint: 50 })).toBe("50 points for every order");
    expect(summary("place_order", { earnBy: "item", earnPoint: 3, rateItem: 2 })).toBe(
      "3 points for every 2 items bought",
    );
    expect(summary("place_order", { earnBy: "fixed_order", earnPoint: 20, rateMoney: 5_000 })).toBe(
      "20 points for every full $50.00 of an order",
    );
  });

  it("says sign up, newsletter and every reward kind", () => {
    expect(summary("sign_up", { earnPoint: 100 })).toBe("100 points for creating an account");
    expect(summary("sign_up_newsletter", { earnPoint: 25 })).toBe(
      "25 points for subscribing to the newsletter",
    );
    expect(summary("amount_discount", { pointsCost: 500, rewardValue: 500 })).toBe(
      "$5.00 off for 500 points",
    );
    expect(summary("amount_discount", { redeemType: "dynamic", pointsCost: 100, rewardValue: 100 })).toBe(
      "$1.00 off for every 100 points",
    );
    expect(summary("percentage_discount", { pointsCost: 800, rewardValue: 10 })).toBe(
      "10% off for 800 points",
    );
    expect(summary("free_shipping", { pointsCost: 300 })).toBe("Free shipping for 300 points");
    expect(summary("free_gift", { pointsCost: 900 })).toBe("A free product for 900 points");
    expect(summary("buy_x_get_y", { pointsCost: 400, bxgy: { buyQuantity: 2, getQuantity: 1 } })).toBe(
      "Buy 2, get 1 free for 400 points",
    );
    expect(summary("custom_voucher", { pointsCost: 1_000 })).toBe("A partner voucher for 1000 points");
  });

  it("answers null for settings it cannot read, so the list shows the problem instead", () => {
    expect(summary("place_order", { earnBy: "price" })).toBeNull();
    expect(summary("amount_discount", {})).toBeNull();
    expect(summary("birthday", { earnPoint: 10 })).toBeNull();
  });
});
