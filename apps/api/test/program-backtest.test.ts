import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { adminGet, adminSend, createTestApp, deliverWebhook, signIn, type TestApp } from "./helpers";
import { orderBody } from "./order-payloads";

const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
let placeOrder: {
  id: string;
  title: string;
  event: string;
  priority: number;
  config: Record<string, unknown>;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ token } = await signIn(t.app));
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "7501", email: "kai@example.com", firstName: "Kai", lastName: null },
        "member",
        clock.now(),
      ),
    );
  // Two paid orders of 100.00 (10 points each at the default 10 per 100.00).
  for (const id of ["9200001", "9200002"]) {
    const res = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id, customerId: "7501", email: "kai@example.com" }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
  placeOrder = earning.find((p: { event: string }) => p.event === "place_order");
});
afterAll(async () => {
  await t.close();
});

const backtest = (body: unknown) => adminSend(t.app, "POST", "/apiSa/lp/programs/backtest", token, body);
const snapshot = async () =>
  t.deps.db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();

describe("backtest of a place order change (issue 14)", () => {
  it("doubling the rate doubles the points of the last 30 days, per program, with the cost and the orders that change", async () => {
    const before = await snapshot();
    const res = await backtest({
      programId: placeOrder.id,
      days: 30,
      program: { ...placeOrder, config: { ...placeOrder.config, earnPoint: 20 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      days: 30,
      orders: 2,
      truncated: false,
      awardedPoints: 20,
      wouldPoints: 40,
      // 20 more points at the default 100 points per 1.00 is 0.20.
      costDifferenceMinor: 20,
      currency: "USD",
      changedOrders: 2,
    });
    expect(data.programs).toEqual([
      { programId: placeOrder.id, title: placeOrder.title, awarded: 20, would: 40 },
    ]);
    expect(data.sample.map((o: { orderId: string }) => o.orderId).sort()).toEqual(["9200001", "9200002"]);
    expect(await snapshot()).toEqual(before);
  });

  it("a new rule tried beside the others adds its own points; invalid settings are named", async () => {
    const res = await backtest({
      days: 90,
      program: {
        event: "place_order",
        title: "Bonus",
        priority: 5,
        config: { earnBy: "order", earnPoint: 3 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ awardedPoints: 20, wouldPoints: 26 });

    const bad = await backtest({
      days: 30,
      program: {
        event: "place_order",
        title: "",
        config: { earnBy: "price", earnPoint: -1, rateMoney: 100 },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: "program.title", message: "This field is required" },
        { field: "program.config.earnPoint", message: "Points must be 0 or more" },
      ]),
    );
    const sevenDays = await backtest({ days: 7, program: placeOrder });
    expect(sevenDays.statusCode).toBe(400);
    expect(sevenDays.json().errors[0]).toMatchObject({ field: "days", message: "days must be 30 or 90." });
  });
});
