import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { auditLedger, postEntry } from "../src/modules/ledger/ledger.service";
import { insertOrders, newOrderRow } from "../src/modules/orders/orders.repository";
import { convertDuePendingPoints } from "../src/modules/orders/orders.service";
import { createTestApp, deliverWebhook, type TestApp, updateShopRow } from "./helpers";
import { orderBody, refundBody, type TestOrder } from "./order-payloads";

const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function member(platformId: string, type: "member" | "guest" | "left" = "member") {
  return t.deps.db.transaction().execute((trx) =>
    ensureCustomer(
      t.deps,
      trx,
      "shop_demo",
      {
        platformCustomerId: platformId,
        email: `${platformId}@example.com`,
        firstName: null,
        lastName: null,
      },
      type,
      type === "member" ? clock.now() : null,
    ),
  );
}
const balance = async (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .select(["available_points", "pending_points", "tier_points"])
    .where("shop_id", "=", "shop_demo")
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
const order = (id: string) =>
  t.deps.db
    .selectFrom("orders")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .where("order_id", "=", id)
    .executeTakeFirst();
const send = async (topic: string, body: string) => {
  const res = await deliverWebhook(t, topic, body);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const sendOrder = (topic: string, o: TestOrder) => send(topic, orderBody(o));

describe("orders → points (C-15, H-17, decision 0012)", () => {
  it("Shopify's own orders/create sample (a cancelled test order) is recorded, 64-bit ids intact, no points", async () => {
    await send(
      "orders/create",
      readFileSync(new URL("./fixtures/shopify/orders_create.json", import.meta.url), "utf8"),
    );
    const row = await order("820982911946154508");
    expect(row).toMatchObject({ status: "cancelled", points_awarded: 0, currency: "USD" });
  });

  it("a member earns 10 points per 100.00 when the order is paid, not before (default trigger)", async () => {
    await member("9007199254740993");
    const o = { id: "9007199254740995", customerId: "9007199254740993" };
    await sendOrder("orders/create", { ...o, financialStatus: "pending" });
    expect((await balance("9007199254740993")).available_points).toBe(0);
    await sendOrder("orders/paid", o);
    expect(await balance("9007199254740993")).toMatchObject({ available_points: 10, tier_points: 10 });
    expect(await order("9007199254740995")).toMatchObject({
      status: "rewarded",
      points_awarded: 10,
      earnable_minor: 10_000,
    });
  });

  it("the same order told three ways (create already paid, paid, a redelivery) credits once", async () => {
    await member("7001");
    const o = { id: "8001", customerId: "7001", lines: [{ id: "80011", price: "55.50", quantity: 4 }] };
    await sendOrder("orders/create", o);
    await sendOrder("orders/paid", o);
    await deliverWebhook(t, "orders/paid", orderBody(o), { id: "same-id" });
    await deliverWebhook(t, "orders/paid", orderBody(o), { id: "same-id" });
    expect((await balance("7001")).available_points).toBe(22);
  });

  it("a refund that arrives before the payment is applied once the points exist, exactly once", async () => {
    await member("7002");
    await send("refunds/create", refundBody({ id: "9101", orderId: "8002", amount: "50.00" }));
    await send("refunds/create", refundBody({ id: "9101", orderId: "8002", amount: "50.00" }));
    await sendOrder("orders/paid", {
      id: "8002",
      customerId: "7002",
      lines: [{ id: "80021", price: "200.00", quantity: 1 }],
    });
    expect((await balance("7002")).available_points).toBe(15);
    // The second half, then a cancellation: nothing is taken twice.
    await send("refunds/create", refundBody({ id: "9102", orderId: "8002", amount: "150.00" }));
    expect((await balance("7002")).available_points).toBe(0);
    await sendOrder("orders/cancelled", {
      id: "8002",
      customerId: "7002",
      cancelledAt: "2026-06-17T10:00:00Z",
    });
    expect((await balance("7002")).available_points).toBe(0);
    expect(await order("8002")).toMatchObject({
      status: "cancelled",
      points_awarded: 20,
      points_reversed: 20,
    });
  });

  it("cancelling a rewarded order takes its points back; a cancelled order never earns", async () => {
    await member("7003");
    await sendOrder("orders/paid", { id: "8003", customerId: "7003" });
    expect((await balance("7003")).available_points).toBe(10);
    await sendOrder("orders/cancelled", {
      id: "8003",
      customerId: "7003",
      cancelledAt: "2026-06-16T10:00:00Z",
    });
    expect((await balance("7003")).available_points).toBe(0);
    await sendOrder("orders/paid", { id: "8003", customerId: "7003" });
    expect((await balance("7003")).available_points).toBe(0);
  });

  it("C-22: a guest's order is logged without points; the log says why", async () => {
    await member("7004", "guest");
    await sendOrder("orders/paid", { id: "8004", customerId: "7004" });
    expect((await balance("7004")).available_points).toBe(0);
    expect(await order("8004")).toMatchObject({ status: "logged", reason: "no_matching_program" });
    const log = await t.deps.db
      .selectFrom("ledger_entries")
      .select(["activity_type", "available_delta", "note"])
      .where("source_ref", "=", "8004")
      .executeTakeFirstOrThrow();
    expect(log).toEqual({
      activity_type: "log_place_order",
      available_delta: 0,
      note: "no_matching_program",
    });
  });

  it("H-09: with a holding period the points are pending, then convert once; a refund deducts pending first", async () => {
    await updateShopRow(t, "shop_demo", {
      settings: JSON.stringify({ pendingPoints: { enabled: true, value: 14, unit: "day" } }),
    });
    await member("7005");
    await sendOrder("orders/paid", {
      id: "8005",
      customerId: "7005",
      lines: [{ id: "80051", price: "300.00", quantity: 1 }],
    });
    expect(await balance("7005")).toMatchObject({ available_points: 0, pending_points: 30 });
    await send("refunds/create", refundBody({ id: "9105", orderId: "8005", amount: "100.00" }));
    expect(await balance("7005")).toMatchObject({ available_points: 0, pending_points: 20 });
    expect(await convertDuePendingPoints(t.deps)).toBe(0);
    clock.advance(14 * 86_400_000 + 1);
    expect(await convertDuePendingPoints(t.deps)).toBe(1);
    expect(await convertDuePendingPoints(t.deps)).toBe(0);
    expect(await balance("7005")).toMatchObject({ available_points: 20, pending_points: 0 });
    await updateShopRow(t, "shop_demo", { settings: "{}" });
  });

  it("a malformed order body is acknowledged, parked as failed naming the field, and nothing is written", async () => {
    const res = await deliverWebhook(t, "orders/paid", '{"id": 8006, "currency": "USD", "created_at": "x"}', {
      id: "wh-malformed-8006",
    });
    // Shopify retrying content Laurel can never use would only end in the subscription's removal.
    expect(res.statusCode).toBe(200);
    const delivery = await t.deps.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("webhook_id", "=", "wh-malformed-8006")
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: "failed", order_key: "8006", attempts: 1 });
    expect(delivery.last_error).toContain("line_items: line_items is required.");
    expect(await order("8006")).toBeUndefined();
  });

  it("H-17 with spent points: a refund takes at most what is available, never overdraws", async () => {
    const c = await member("7010");
    await sendOrder("orders/paid", { id: "8010", customerId: "7010" });
    await t.deps.db.transaction().execute((trx) =>
      postEntry(trx, {
        shopId: "shop_demo",
        customerId: c.id,
        activityType: "adjust_point",
        available: -8,
        allowNegative: true,
        idempotencyKey: "spend-8010",
      }),
    );
    await send("refunds/create", refundBody({ id: "9110", orderId: "8010", amount: "100.00" }));
    expect((await balance("7010")).available_points).toBe(0);
    const entry = await t.deps.db
      .selectFrom("ledger_entries")
      .select(["activity_type", "available_delta", "note"])
      .where("idempotency_key", "=", "refund:9110")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      activity_type: "remove_refund",
      available_delta: -2,
      note: "8 points already spent",
    });
  });

  it("B-30 / X-09: a shop under the transaction limit counts each reward and stops at the limit", async () => {
    await updateShopRow(t, "shop_demo", {
      should_limit_transactions: true,
      transaction_limit: 1,
      count_transactions: 0,
    });
    await member("7011");
    await sendOrder("orders/paid", { id: "8011", customerId: "7011" });
    await sendOrder("orders/paid", { id: "8012", customerId: "7011" });
    expect(await order("8011")).toMatchObject({ status: "rewarded" });
    expect(await order("8012")).toMatchObject({ status: "logged", reason: "transaction_limit_reached" });
    const shop = await t.deps.db
      .selectFrom("shops")
      .select("count_transactions")
      .where("id", "=", "shop_demo")
      .executeTakeFirstOrThrow();
    expect(shop.count_transactions).toBe(1);
    await updateShopRow(t, "shop_demo", { should_limit_transactions: false, transaction_limit: null });
  });

  it("the ledger audit finds every balance equal to its entries", async () => {
    const report = await auditLedger(t.deps.db);
    expect(report.balanceMismatches).toEqual([]);
  });
});

describe("an order is written once, at the end of its batch (decision 0018)", () => {
  it("a row another writer created meanwhile makes the insert fail whole, so the batch is retried", async () => {
    const now = clock.now();
    const seed = (id: string) => ({
      order_id: id,
      name: `#${id}`,
      currency: "USD",
      total_minor: 100,
      ordered_at: now,
    });
    await t.deps.db
      .insertInto("orders")
      .values({ shop_id: "shop_demo", ...seed("990001") })
      .execute();
    const attempt = t.deps.db
      .transaction()
      .execute((trx) =>
        insertOrders(trx, [
          newOrderRow("shop_demo", seed("990002"), now),
          newOrderRow("shop_demo", seed("990001"), now),
        ]),
      );
    await expect(attempt).rejects.toThrow(/orders created concurrently, retried: 990001/);
    expect(await order("990002")).toBeUndefined();
    expect((await order("990001"))?.name).toBe("#990001");
  });
});
