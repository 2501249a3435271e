import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usePropertySeed } from "../ledger/property-seed.test-support";
import { CYCLE_DAYS, cycleWindow } from "./cycle";
import { minimumPlanFor, type PlanFeature, planAllows, planFeatureMinimums } from "./features";
import {
  checkPlanLimit,
  checkTransactionLimit,
  decideOrderReward,
  orderPolicyOf,
  STARTER_MONTHLY_ORDER_LIMIT,
  TRANSACTION_LIMIT_MESSAGE,
} from "./limits";
import {
  isPaidPlan,
  type PlanRank,
  planDisplayName,
  planIds,
  planRankOf,
  planRanks,
  planTierOf,
  planTierOfRank,
} from "./plans";

usePropertySeed("plans");

describe("plan tiers (B-06, B-07, X-03, X-04, X-06)", () => {
  it.each([
    ["B-06/X-03", "free", "starter", "Starter"],
    ["B-07/X-03", "pro", "essential", "Professional"],
    ["B-07/X-03", "pro_2", "essential", "Professional"],
    ["B-07", "pro_3", "essential", "Essential"],
    ["B-07", "pro_3_2024", "essential", "Essential"],
    ["B-07", "pro_3_2025", "essential", "Essential"],
    ["B-07", "pro_4", "essential_pos", "Essential + POS"],
    ["B-07", "pro_4_2024", "essential_pos", "Essential + POS"],
    ["B-07", "pro_4_2025", "essential_pos", "Essential + POS"],
    ["B-07", "advanced", "advanced", "Advanced"],
    ["B-06", "advanced_2025", "advanced", "Advanced"],
    ["X-03", "enterprise", "ultimate", "Ultimate"],
    ["X-03", "enterprise_2025", "ultimate", "Ultimate"],
    ["safe default", "no_such_plan", "starter", "Starter"],
  ])("%s: %s is %s (%s)", (_id, planId, tier, name) => {
    expect(planTierOf(planId)).toBe(tier);
    expect(planDisplayName(planId)).toBe(name);
  });

  it("X-04: ranks follow price, Starter < Essential < Essential + POS < Advanced < Ultimate", () => {
    const order = ["free", "pro_3", "pro_4", "advanced", "enterprise"].map((p) => planRankOf(p));
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it("X-06: an Essential shop with the POS extension counts as Essential + POS", () => {
    expect(planTierOf("pro_3", { posExtension: true })).toBe("essential_pos");
    expect(planTierOf("advanced", { posExtension: true })).toBe("advanced");
    expect(planDisplayName("pro", { posExtension: true })).toBe("Essential + POS");
  });

  it("B-08: only Starter is unpaid", () => {
    expect(planIds.filter((p) => !isPaidPlan(p))).toEqual(["free"]);
  });

  it("maps a rank back to its tier", () => {
    for (const [tier, rank] of Object.entries(planRanks)) expect(planTierOfRank(rank)).toBe(tier);
  });
});

describe("plan gates (R-02…R-06, X-24, X-04)", () => {
  const { starter, essential, essential_pos, advanced, ultimate } = planRanks;
  it.each<[string, PlanFeature, PlanRank, boolean]>([
    ["R-02", "buy_x_get_y", starter, false],
    ["R-02", "buy_x_get_y", essential, true],
    ["R-02", "free_shipping", starter, false],
    ["R-02", "free_gift", essential, true],
    ["R-02", "custom_program", starter, false],
    ["R-02", "birthday_reward", essential, true],
    ["R-02", "write_review", starter, false],
    ["R-02", "social_chat_groups", starter, false],
    ["R-02", "google_maps_review", essential, true],
    ["R-02", "fill_survey", starter, false],
    ["R-03/D-10", "pos_programs", starter, false],
    ["R-03/D-10 (decision)", "pos_programs", essential, false],
    ["R-03/D-10", "pos_programs", essential_pos, true],
    ["R-03/D-10", "pos_programs", advanced, true],
    ["R-04", "vip_tiers", starter, false],
    ["R-04", "point_expiration", essential, true],
    ["X-04", "vip_tiers", essential_pos, true],
    ["X-04", "milestone_rewards", essential_pos, false],
    ["R-05", "rule_engine", advanced, true],
    ["R-05", "b2b_programs", essential, false],
    ["R-06", "dedicated_manager", advanced, false],
    ["R-06", "dedicated_manager", ultimate, true],
  ])("%s: %s on rank %i → %s", (_id, feature, rank, allowed) => {
    expect(planAllows(rank, feature)).toBe(allowed);
  });

  it("X-04: every gate is monotonic in the rank", () => {
    for (const feature of Object.keys(planFeatureMinimums) as PlanFeature[]) {
      const min = planRanks[minimumPlanFor(feature)];
      for (const rank of Object.values(planRanks)) expect(planAllows(rank, feature)).toBe(rank >= min);
    }
  });
});

describe("order limits (B-29, X-01, X-02, X-05, X-06, X-07, X-70)", () => {
  it("X-05: Starter's limit is one constant, 150", () => {
    expect(STARTER_MONTHLY_ORDER_LIMIT).toBe(150);
  });

  it.each([
    ["B-10/X-05", "free", 150],
    ["B-10", "pro_3", 500],
    ["B-10/X-06", "pro_4", 1_000],
    ["B-10", "advanced", 2_000],
    ["B-10", "enterprise_2025", 7_000],
  ])("%s: %s includes %i orders a cycle", (_id, plan, included) => {
    expect(orderPolicyOf({ plan }).includedOrders).toBe(included);
  });

  it.each([
    ["X-01", "free", 0, "ok"],
    ["X-01", "free", 119, "ok"],
    ["X-01 (0.8 × 150)", "free", 120, "warning"],
    ["X-01", "free", 149, "warning"],
    ["X-01 (exactly the limit)", "free", 150, "warning"],
    ["X-01 (critical above)", "free", 151, "reached"],
    ["X-01", "pro_3", 399, "ok"],
    ["X-01", "pro_3", 400, "warning"],
    ["X-01", "pro_3", 501, "reached"],
    ["X-01", "advanced", 1_600, "warning"],
  ])("%s: %s with %i orders → %s", (_id, plan, ordersThisCycle, status) => {
    expect(checkPlanLimit({ plan, ordersThisCycle })).toBe(status);
  });

  it("X-01: the warning bound is a parameter that must sit below the limit", () => {
    expect(checkPlanLimit({ plan: "free", ordersThisCycle: 100, warningFrom: 100 })).toBe("warning");
    expect(checkPlanLimit({ plan: "free", ordersThisCycle: 99, warningFrom: 100 })).toBe("ok");
    expect(() => checkPlanLimit({ plan: "free", ordersThisCycle: 1, warningFrom: 200 })).toThrow(RangeError);
  });

  it.each([
    ["X-01", { plan: "free", ordersThisCycle: 149 }, { action: "reward", billable: false }],
    [
      "X-01/X-70 (order 151 is logged)",
      { plan: "free", ordersThisCycle: 150 },
      { action: "log", reason: "order_limit_reached" },
    ],
    ["X-07", { plan: "pro_3", ordersThisCycle: 499 }, { action: "reward", billable: false }],
    ["X-07", { plan: "pro_3", ordersThisCycle: 500 }, { action: "reward", billable: true }],
    [
      "X-02",
      { plan: "pro_3", ordersThisCycle: 900, usageChargedCents: 47_386 },
      { action: "reward", billable: true },
    ],
    [
      "X-02 (cap 474.01)",
      { plan: "pro_3", ordersThisCycle: 900, usageChargedCents: 47_387 },
      { action: "log", reason: "usage_cap_reached" },
    ],
    [
      "X-02 (pro_3_2024 keeps 499)",
      { plan: "pro_3_2024", ordersThisCycle: 900, usageChargedCents: 47_387 },
      { action: "reward", billable: true },
    ],
    [
      "X-06",
      { plan: "pro_3", posExtension: true, ordersThisCycle: 999 },
      { action: "reward", billable: false },
    ],
  ])("%s: %j → %j", (_id, input, decision) => {
    expect(decideOrderReward(input)).toEqual(decision);
  });
});

describe("transaction limit (B-30, X-09)", () => {
  it.each([
    [
      "X-09: not limited",
      { shouldLimitTransactions: false, transactionLimit: 10, countTransactions: 50 },
      "ok",
    ],
    [
      "X-09: no cap set",
      { shouldLimitTransactions: true, transactionLimit: null, countTransactions: 50 },
      "ok",
    ],
    [
      "B-30: below the cap",
      { shouldLimitTransactions: true, transactionLimit: 10, countTransactions: 9 },
      "ok",
    ],
    [
      "B-30: at the cap",
      { shouldLimitTransactions: true, transactionLimit: 10, countTransactions: 10 },
      "reached",
    ],
    [
      "B-30: above the cap",
      { shouldLimitTransactions: true, transactionLimit: 10, countTransactions: 11 },
      "reached",
    ],
  ])("%s", (_id, input, status) => {
    const check = checkTransactionLimit(input);
    expect(check.status).toBe(status);
    if (check.status === "reached") expect(check.message).toBe(TRANSACTION_LIMIT_MESSAGE);
  });

  it("B-30: the message is the spec's", () => {
    expect(TRANSACTION_LIMIT_MESSAGE).toBe(
      "You've reached the transaction limit. Contact us now to verify account.",
    );
    const check = checkTransactionLimit({
      shouldLimitTransactions: true,
      transactionLimit: 5,
      countTransactions: 2,
    });
    expect(check).toEqual({ status: "ok", remaining: 3 });
  });
});

describe("cycle window (X-08, B-13)", () => {
  const anchor = "2025-01-10T08:00:00.000Z";
  it.each([
    ["X-08: at the anchor", anchor, 0, "2025-01-10T08:00:00.000Z", "2025-02-09T08:00:00.000Z"],
    ["X-08: last ms of cycle 0", "2025-02-09T07:59:59.999Z", 0, anchor, "2025-02-09T08:00:00.000Z"],
    [
      "X-08: first ms of cycle 1",
      "2025-02-09T08:00:00.000Z",
      1,
      "2025-02-09T08:00:00.000Z",
      "2025-03-11T08:00:00.000Z",
    ],
    [
      "X-08: before the anchor → first cycle",
      "2025-01-01T00:00:00.000Z",
      0,
      anchor,
      "2025-02-09T08:00:00.000Z",
    ],
  ])("%s", (_id, now, index, start, end) => {
    expect(cycleWindow(anchor, now)).toEqual({ index, start, end });
  });

  it("accepts epoch milliseconds", () => {
    expect(cycleWindow(Date.parse(anchor), Date.parse(anchor) + 1).start).toBe(anchor);
  });

  it("X-08: now is inside its 30-day window, which starts a whole number of cycles after the anchor", () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 3_000 * day }),
        (anchorMs, offset) => {
          const w = cycleWindow(anchorMs, anchorMs + offset);
          const start = Date.parse(w.start);
          const end = Date.parse(w.end);
          expect(end - start).toBe(CYCLE_DAYS * day);
          expect(start).toBeLessThanOrEqual(anchorMs + offset);
          expect(anchorMs + offset).toBeLessThan(end);
          expect((start - anchorMs) % (CYCLE_DAYS * day)).toBe(0);
        },
      ),
    );
  });
});
