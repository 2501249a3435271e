import { describe, expect, it } from "vitest";
import {
  findTierImportColumn,
  guessMigrationMapping,
  migrationTierRuleSchema,
  tierImportColumnMessage,
  validateMigrationTierRule,
} from "./customer-imports";

describe("tier import columns (J-11)", () => {
  it.each([
    [["Email", "Amount spent"], "amount_spent", { index: 1 }],
    [["email", "total_spent"], "amount_spent", { index: 1 }],
    [["Email", "Points"], "amount_spent", { wrong: "Points" }],
    [["Email", " Number of orders "], "points_earned", { wrong: "Number of orders" }],
    [["Email", "Points earned"], "points_earned", { index: 1 }],
    [["Customer ID", "orders_count"], "orders", { index: 1 }],
    [["Email", "Note"], "orders", { missing: true }],
  ] as const)("%j on %s → %j", (headers, basis, found) => {
    expect(findTierImportColumn(headers, basis)).toEqual(found);
  });

  it("says which column replaces the wrong one, or which is missing", () => {
    expect(tierImportColumnMessage("amount_spent", "Points")).toBe(
      "Your VIP tiers are calculated by amount spent: replace the column 'Points' with 'Amount spent'.",
    );
    expect(tierImportColumnMessage("orders", null)).toBe(
      "Your file is missing the Number of orders header: your VIP tiers are calculated by number of orders.",
    );
  });
});

describe("the migration's tier rule (J-14)", () => {
  const rule = (...requirements: number[]) => requirements.map((r, i) => ({ name: `T${i}`, requirement: r }));
  it.each([
    [rule(0, 100, 500), []],
    [
      rule(100, 500),
      [
        {
          field: "tierRule[0].requirement",
          message: "Exactly one base tier with entry requirement 0 is required",
        },
      ],
    ],
    [
      rule(0, 0),
      [
        {
          field: "tierRule[1].requirement",
          message: "Exactly one base tier with entry requirement 0 is required",
        },
      ],
    ],
    [rule(0, 500, 500), [{ field: "tierRule[2].requirement", message: "Duplicate entry requirement" }]],
    [
      [
        { name: "Gold", requirement: 0 },
        { name: "gold", requirement: 10 },
      ],
      [{ field: "tierRule[1].name", message: "Duplicate tier name" }],
    ],
  ])("%j → %j", (r, issues) => {
    expect(validateMigrationTierRule(r)).toEqual(issues);
  });

  it("is bounded", () => {
    expect(migrationTierRuleSchema.safeParse([]).success).toBe(false);
    expect(migrationTierRuleSchema.safeParse(rule(...Array.from({ length: 51 }, (_, i) => i))).success).toBe(
      false,
    );
    expect(migrationTierRuleSchema.safeParse([{ name: "A", requirement: 1.5 }]).success).toBe(false);
    expect(migrationTierRuleSchema.safeParse([{ name: "A", requirement: 0, extra: 1 }]).success).toBe(false);
  });
});

describe("the migration's order history columns (C-30, decision 0178)", () => {
  it.each([
    [
      ["email", "points_approved", "orders_count", "total_spent"],
      { orders: "orders_count", spent: "total_spent" },
    ],
    [
      ["Email", "Points balance", "Number of orders", "Amount spent"],
      { orders: "Number of orders", spent: "Amount spent" },
    ],
    [
      ["email", "point_balance", "Total Orders", "Lifetime Spend"],
      { orders: "Total Orders", spent: "Lifetime Spend" },
    ],
    [["email", "points_balance"], {}],
  ] as const)("%j → %j", (headers, expected) => {
    const mapping = guessMigrationMapping(headers);
    expect({ orders: mapping.orders, spent: mapping.spent }).toEqual({
      orders: "orders" in expected ? expected.orders : undefined,
      spent: "spent" in expected ? expected.spent : undefined,
    });
  });
});
