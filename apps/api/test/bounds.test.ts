import * as contracts from "@laurel/contracts";
import * as domain from "@laurel/domain";
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
    for (const name of ["MAX_POINTS_PER_ACTION", "MAX_POINTS_BALANCE", "MAX_MONEY_MINOR", "MAX_COUNT"] as const) {
      expect(contracts[name], name).toBe(domain[name]);
    }
    // The balance bound leaves room in the 32-bit columns for one more action either way.
    expect(domain.MAX_POINTS_BALANCE + contracts.MAX_MANUAL_ADJUSTMENT).toBeLessThan(2 ** 31);
  });
});

describe("balances cannot overflow (issue 17)", () => {
  const adjust = (points: number) =>
    adminSend(t.app, "POST", `/apiSa/customers/${customerId}/points`, token, { points });
  const balance = async () =>
    (await adminGet(t.app, `/apiSa/customers/${customerId}`, token)).json().data.availablePoints as number;

  it("repeated adjustments stop at the bound with a 400 naming points, and nothing is written", async () => {
    const max = contracts.MAX_MANUAL_ADJUSTMENT;
    let last = await adjust(max);
    while (last.statusCode === 200) last = await adjust(max);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({
      success: false,
      code: "points_balance_limit",
      errors: [{ field: "points" }],
    });
    const before = await balance();
    expect(before).toBeLessThanOrEqual(domain.MAX_POINTS_BALANCE);
    expect(before + max).toBeGreaterThan(domain.MAX_POINTS_BALANCE);
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
    await expect(post(2 ** 31, "too-big-delta")).rejects.toMatchObject({ status: 400, code: "points_balance_limit" });
    await expect(post(domain.MAX_POINTS_BALANCE, "past-the-bound")).rejects.toMatchObject({
      status: 400,
      code: "points_balance_limit",
    });
  });
});
