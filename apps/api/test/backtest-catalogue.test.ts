import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { fixedClock } from "../src/infra/clock";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * Issue 14, decision 0175: a backtest of a rule on product tags or type over orders decided before
 * any rule read the catalogue. Those orders kept no tags or type, and the catalogue was not kept
 * either; the backtest job has it read for the candidate and fills the old orders' lines from it,
 * so the merchant sees what the rule would have done, not zero.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  await seedDemoStore(t.deps);
  ({ token } = await signIn(t.app));
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "7901", email: "ines@example.com", firstName: "Inès", lastName: null },
        "member",
        clock.now(),
      ),
    );
  // The rule engine's conditions need the Advanced plan (C-18, R).
  await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
});
afterAll(async () => {
  await t.close();
});

const productId = async (title: string) =>
  (
    await t.deps.db
      .selectFrom("demo_products")
      .select("id")
      .where("title", "=", title)
      .executeTakeFirstOrThrow()
  ).id;

describe("a backtest reads the catalogue its candidate rule needs", () => {
  it("a first tag condition is judged on the products' tags, old orders included", async () => {
    const tee = await productId("Laurel Wreath Tee"); // tags: sale, organic cotton
    const candle = await productId("Olive Grove Candle"); // tags: gift, scented
    for (const [id, product] of [
      ["9400001", tee],
      ["9400002", candle],
    ] as const) {
      const body = orderBody({
        id,
        customerId: "7901",
        email: "ines@example.com",
        lines: [{ id: `${id}1`, price: "50.00", quantity: 1, productId: product }],
      });
      expect((await deliverWebhook(t, "orders/paid", body)).statusCode).toBe(200);
    }
    // No saved rule reads tags: nothing of the catalogue is kept, and the orders kept no tags.
    const kept = await t.deps.db
      .selectFrom("product_facts")
      .select("product_id")
      .where("shop_id", "=", "shop_demo");
    expect(await kept.execute()).toEqual([]);

    const request = {
      days: 30,
      program: {
        event: "place_order",
        title: "Sale bonus",
        status: "active",
        priority: 3,
        config: {
          earnBy: "order",
          earnPoint: 40,
          rateMoney: null,
          statusUseCondition: true,
          typeCondition: "all",
          conditions: [{ criteria: "product", field: "tag", matcher: "contains", value: "sale" }],
        },
      },
    };
    const started = await adminSend(t.app, "POST", "/apiSa/lp/programs/backtests", token, request);
    expect(started.statusCode, started.body).toBe(200);
    await t.deps.queue.drain();
    const run = (
      await adminGet(t.app, `/apiSa/lp/programs/backtests/${started.json().data.id}`, token)
    ).json().data;
    expect(run.status, run.error).toBe("done");
    const candidate = run.result.programs.find((p: { title: string }) => p.title === "Sale bonus");
    // One order (the tee's) would earn the 40; the candle's would not.
    expect(candidate).toMatchObject({ awarded: 0, would: 40 });
    expect(await kept.execute()).not.toEqual([]);

    // The request's backtest (no job) reads the now-kept catalogue the same way.
    const direct = await adminSend(t.app, "POST", "/apiSa/lp/programs/backtest", token, request);
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json().data).toEqual(run.result);
  });
});
