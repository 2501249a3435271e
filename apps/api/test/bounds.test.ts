import {
  MAX_COUNT as CONTRACTS_MAX_COUNT,
  MAX_MONEY_MINOR as CONTRACTS_MAX_MONEY_MINOR,
  MAX_POINTS_BALANCE as CONTRACTS_MAX_POINTS_BALANCE,
  MAX_POINTS_PER_ACTION as CONTRACTS_MAX_POINTS_PER_ACTION,
  MAX_MANUAL_ADJUSTMENT,
} from "@laurel/contracts";
import { MAX_COUNT, MAX_MONEY_MINOR, MAX_POINTS_BALANCE, MAX_POINTS_PER_ACTION } from "@laurel/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { postEntry } from "../src/modules/ledger/ledger.service";
import { adminGet, adminSend, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
let token: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  customerId = await t.deps.db.transaction().execute(async (trx) => {
    const c = await ensureCustomer(
      t.deps,
      trx,
      "shop_demo",
      { platformCustomerId: "bounds-1", email: "bounds@example.com", firstName: "B", lastName: "O" },
      "member",
    );
    return c.id;
  });
});
afterAll(async () => {
  await t.close();
});

describe("the bounds are one set of numbers (decision 0031)", () => {
  it("contracts and domain agree", () => {
    expect([
      CONTRACTS_MAX_POINTS_PER_ACTION,
      CONTRACTS_MAX_POINTS_BALANCE,
      CONTRACTS_MAX_MONEY_MINOR,
      CONTRACTS_MAX_COUNT,
    ]).toEqual([MAX_POINTS_PER_ACTION, MAX_POINTS_BALANCE, MAX_MONEY_MINOR, MAX_COUNT]);
    // The balance bound leaves room in the 32-bit columns for one more action either way.
    expect(MAX_POINTS_BALANCE + MAX_MANUAL_ADJUSTMENT).toBeLessThan(2 ** 31);
  });
});

describe("balances cannot overflow (issue 17)", () => {
  const adjust = (points: number) =>
    adminSend(t.app, "POST", `/apiSa/customers/${customerId}/points`, token, { points });
  const balance = async () =>
    (await adminGet(t.app, `/apiSa/customers/${customerId}`, token)).json().data.availablePoints as number;

  it("repeated adjustments stop at the bound with a 400 naming points, and nothing is written", async () => {
    const max = MAX_MANUAL_ADJUSTMENT;
    let last = await adjust(max);
    while (last.statusCode === 200) last = await adjust(max);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({
      success: false,
      code: "points_balance_limit",
      errors: [{ field: "points" }],
    });
    const before = await balance();
    expect(before).toBeLessThanOrEqual(MAX_POINTS_BALANCE);
    expect(before + max).toBeGreaterThan(MAX_POINTS_BALANCE);
    expect((await adjust(max)).statusCode).toBe(400);
    expect(await balance()).toBe(before);
    // Toward zero is always fine.
    expect((await adjust(-max)).statusCode).toBe(200);
    expect(await balance()).toBe(before - max);
  });

  it("the ledger refuses a posting beyond the bound whatever the caller", async () => {
    const post = (available: number, key: string) =>
      t.deps.db.transaction().execute((trx) =>
        postEntry(trx, {
          shopId: "shop_demo",
          customerId,
          activityType: "adjust_point",
          available,
          idempotencyKey: key,
          allowNegative: true,
        }),
      );
    await expect(post(2 ** 31, "too-big-delta")).rejects.toMatchObject({
      status: 400,
      code: "points_balance_limit",
    });
    await expect(post(MAX_POINTS_BALANCE, "past-the-bound")).rejects.toMatchObject({
      status: 400,
      code: "points_balance_limit",
    });
  });
});

describe("settings that could make the engine fail are refused at save (issue 17)", () => {
  const create = (type: "earning" | "spending", body: unknown) =>
    adminSend(t.app, "POST", `/apiSa/lp/programs/${type}`, token, body);
  const placeOrder = (config: Record<string, unknown>) => ({
    title: "Shop and earn",
    event: "place_order",
    priority: 77,
    config: { earnBy: "price", earnPoint: 2, rateMoney: 100, ...config },
  });

  it.each([
    [
      "earning",
      placeOrder({ earnPoint: 1_000_000_000_000 }),
      "config.earnPoint",
      "Points must be at most 1,000,000",
    ],
    [
      "earning",
      placeOrder({ rateMoney: 1e15 }),
      "config.rateMoney",
      "Amount must be at most 100,000,000,000",
    ],
    ["earning", placeOrder({ rateItem: 2_000_000 }), "config.rateItem", "Number must be at most 1,000,000"],
    ["earning", placeOrder({ rateItem: 1e308 }), "config.rateItem", "Must be a whole number"],
    ["earning", placeOrder({ earnPionts: 5 }), "config.earnPionts", "Unknown field: earnPionts."],
    [
      "spending",
      { title: "$10 off", event: "amount_discount", config: { pointsCost: 2 ** 31, rewardValue: 1000 } },
      "config.pointsCost",
      "Points must be at most 1,000,000",
    ],
    [
      "spending",
      { title: "$10 off", event: "amount_discount", config: { pointsCost: 100, rewardValue: 1e12 } },
      "config.rewardValue",
      "Reward value must be at most 100,000,000,000",
    ],
    [
      "spending",
      {
        title: "$10 off",
        event: "amount_discount",
        config: { pointsCost: 100, rewardValue: 100, pointCost: 1 },
      },
      "config.pointCost",
      "Unknown field: pointCost.",
    ],
  ] as const)("%s %j → 400 naming %s", async (type, body, field, message) => {
    const res = await create(type, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it("a stored program beyond the bounds is skipped with its reason, never thrown on", async () => {
    await t.deps.db
      .insertInto("programs")
      .values({
        shop_id: "shop_demo",
        id: "prg_too_generous",
        type: "earning",
        event: "place_order",
        title: "Saved before the bounds",
        priority: 5,
        status: "active",
        config: JSON.stringify({ earnBy: "price", earnPoint: 1_000_000_000_000, rateMoney: 1000 }),
      })
      .execute();
    const { markShopChanged } = await import("../src/infra/shop-changes");
    markShopChanged("shop_demo");
    const context = await t.deps.shopContexts.byId("shop_demo");
    expect(context?.skippedPrograms).toContainEqual({
      programId: "prg_too_generous",
      event: "place_order",
      reason: "config.earnPoint: Points must be at most 1,000,000",
    });
    expect(context?.earningPrograms.map((p) => p.id)).not.toContain("prg_too_generous");
    expect(context?.earningPrograms.length).toBeGreaterThan(0);
    const listed = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
    const bad = listed.find((p: { id: string }) => p.id === "prg_too_generous");
    expect(bad.settingsProblem).toBe("config.earnPoint: Points must be at most 1,000,000");
    expect(listed.filter((p: { settingsProblem: string | null }) => p.settingsProblem === null).length).toBe(
      listed.length - 1,
    );
  });
});
