import { describe, expect, it } from "vitest";
import { defaultPrograms } from "./defaults";
import { earningProgramSchema, validateEarningProgram } from "./earning";
import { spendingProgramConfigSchema } from "./spending";

describe("default programs of a new shop", () => {
  const [placeOrder, signUp, discount] = defaultPrograms();

  it("C-15: place order, 10 points per 100.00, rounding down, anti-cheat on, limit interval 1, priority 99", () => {
    expect(placeOrder).toMatchObject({
      type: "earning",
      event: "place_order",
      title: "Place an order",
      status: "active",
      priority: 99,
      translateTitle: {},
      config: {
        earnBy: "price",
        earnPoint: 10,
        rateMoney: 10_000,
        rounding: "roundingDown",
        enabledAntiCheat: true,
        limitInterval: 1,
      },
    });
  });

  it("C-25: sign up, 100 points once in a lifetime", () => {
    expect(signUp).toMatchObject({
      type: "earning",
      event: "sign_up",
      title: "Sign up",
      status: "active",
      config: { earnPoint: 100, hasLimit: true, limitUnit: "lifetime", limitInterval: 1 },
    });
  });

  it("D-01: a fixed 500-point amount discount worth 5.00 (500 minor units)", () => {
    expect(discount).toMatchObject({
      type: "spending",
      event: "amount_discount",
      status: "active",
      config: { redeemType: "fixed", pointsCost: 500, discountKind: "amount", rewardValue: 500 },
    });
    expect(discount?.title).toMatch(/\$5/);
  });

  it("the earning defaults pass their own validation (C-24)", () => {
    for (const program of [placeOrder, signUp]) {
      expect(validateEarningProgram(program, { existingPrograms: [] })).toMatchObject({ ok: true });
      expect(earningProgramSchema.parse(program)).toEqual(program);
    }
  });

  it("the spending default passes the spending schema", () => {
    expect(() => spendingProgramConfigSchema.parse(discount?.config)).not.toThrow();
  });

  it("is deterministic and fresh on every call", () => {
    expect(defaultPrograms()).toEqual(defaultPrograms());
    expect(defaultPrograms()[0]).not.toBe(defaultPrograms()[0]);
  });
});
