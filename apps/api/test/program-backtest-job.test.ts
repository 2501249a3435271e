import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { runBacktest } from "../src/modules/programs/program-backtest";
import { getShopOrThrow } from "../src/modules/shops/shops.service";
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
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "7601", email: "noa@example.com", firstName: "Noa", lastName: null },
        "member",
        clock.now(),
      ),
    );
  // Five paid orders of 100.00 (10 points each at the default 10 per 100.00).
  for (const id of ["9300001", "9300002", "9300003", "9300004", "9300005"]) {
    const res = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id, customerId: "7601", email: "noa@example.com" }),
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  const earning = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
  placeOrder = earning.find((p: { event: string }) => p.event === "place_order");
});
afterAll(async () => {
  await t.close();
});

const doubled = () => ({
  programId: placeOrder.id,
  days: 30,
  program: { ...placeOrder, config: { ...placeOrder.config, earnPoint: 20 } },
});
const ledgerCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom("ledger_entries")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the backtest as a job with progress (issue 14, decision 0123)", () => {
  it("POST answers the run queued; the worker reads the orders and the run ends with the request's answer", async () => {
    const before = await ledgerCount();
    const started = await adminSend(t.app, "POST", "/apiSa/lp/programs/backtests", token, doubled());
    expect(started.statusCode, started.body).toBe(200);
    const run = started.json().data;
    expect(run).toMatchObject({ status: "queued", processed: 0, total: 0, result: null, error: null });
    await t.deps.queue.drain();
    const done = (await adminGet(t.app, `/apiSa/lp/programs/backtests/${run.id}`, token)).json().data;
    expect(done).toMatchObject({ status: "done", processed: 5, total: 5, error: null });
    const direct = await adminSend(t.app, "POST", "/apiSa/lp/programs/backtest", token, doubled());
    expect(done.result).toEqual(direct.json().data);
    expect(done.result).toMatchObject({ orders: 5, awardedPoints: 50, wouldPoints: 100, changedOrders: 5 });
    // It read; it never wrote the ledger.
    expect(await ledgerCount()).toBe(before);
  });

  it("reports its progress page by page, and a capped run reads the newest orders only", async () => {
    // A run recorded without its job (the worker would race this test for it), run here with pages
    // of 2 and a cap of 3 orders, watching the row as the admin reads it.
    const id = "btr_paged";
    await t.deps.db
      .insertInto("program_backtests")
      .values({
        shop_id: "shop_demo",
        id,
        days: 30,
        program_id: placeOrder.id,
        request: JSON.stringify(doubled()),
        created_at: clock.now(),
      })
      .execute();
    const seen: [number, number][] = [];
    const shop = await getShopOrThrow(t.deps, "shop_demo");
    await runBacktest(t.deps, shop, id, {
      pageSize: 2,
      maxOrders: 3,
      // After each page, what the admin would read at that moment.
      onPage: async () => {
        const now = (await adminGet(t.app, `/apiSa/lp/programs/backtests/${id}`, token)).json().data;
        seen.push([now.processed, now.total]);
        expect(now.status).toBe("running");
      },
    });
    expect(seen).toEqual([
      [2, 3],
      [3, 3],
    ]);
    const row = (await adminGet(t.app, `/apiSa/lp/programs/backtests/${id}`, token)).json().data;
    expect(row).toMatchObject({ status: "done", processed: 3, total: 3 });
    expect(row.result).toMatchObject({ orders: 3, truncated: true, awardedPoints: 30, wouldPoints: 60 });
    expect(row.result.sample.map((o: { orderId: string }) => o.orderId).sort()).toEqual([
      "9300003",
      "9300004",
      "9300005",
    ]);
    // A finished run is left as it is when its job comes again.
    await t.deps.queue.drain();
    const again = (await adminGet(t.app, `/apiSa/lp/programs/backtests/${id}`, token)).json().data;
    expect(again).toEqual(row);
  });

  it("refuses a program the editor would refuse, before any run exists; another shop's run is a 404", async () => {
    const bad = await adminSend(t.app, "POST", "/apiSa/lp/programs/backtests", token, {
      ...doubled(),
      program: { ...placeOrder, config: { ...placeOrder.config, earnPoint: -1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({
      field: "program.config.earnPoint",
      message: "Points must be 0 or more",
    });
    const missing = await adminGet(t.app, "/apiSa/lp/programs/backtests/btr_nope", token);
    expect(missing.statusCode).toBe(404);
  });
});
