import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLedger } from "../src/modules/ledger/ledger.service";
import type { BatchedWebhookTopic, WebhookHandlers } from "../src/modules/webhooks/webhook-handler";
import {
  drainDeliveries,
  MAX_ATTEMPTS,
  processDueDeliveries,
} from "../src/modules/webhooks/webhook-processor";
import { claimDeliveries } from "../src/modules/webhooks/webhooks.repository";
import { webhookHandlers } from "../src/webhook-topics";
import { addMembers, createTestApp, deliverWebhook, type TestApp, updateShopRow } from "./helpers";
import { orderBody, refundBody } from "./order-payloads";

/**
 * Decision 0018: deliveries are recorded, then applied in batches; a poisoned delivery is retried
 * and parked while the rest go through; a batch applied twice changes nothing; one order's
 * deliveries apply in arrival order; a crashed processor's claim runs out and is taken over.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const member = (platformId: string) => addMembers(t, [platformId]);
const balance = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("available_points")
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).available_points;
const delivery = (webhookId: string) =>
  t.deps.db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .where("webhook_id", "=", webhookId)
    .executeTakeFirstOrThrow();
/** Records without applying, as the intake does when no processor runs in this process. */
const record = async (topic: string, body: string, id: string) => {
  const res = await deliverWebhook(t, topic, body, { id, process: false });
  expect(res.json().data).toEqual({ outcome: "recorded" });
};
/** Makes every waiting delivery due now (instead of waiting out the back-off). */
const dueNow = () =>
  sql`update webhook_deliveries set next_attempt_at = now() where status = 'received'`.execute(t.deps.db);

/** The real order topics, with a switch that makes one order's news fail as a bug would. */
function withFailingOrder(failing: { orderId: string | null }): WebhookHandlers {
  const wrapped: Record<string, WebhookHandlers[string]> = {};
  for (const [topic, handler] of Object.entries(webhookHandlers)) {
    if (typeof handler === "function") {
      wrapped[topic] = handler;
      continue;
    }
    const batched = handler as BatchedWebhookTopic;
    wrapped[topic] = {
      ...batched,
      async applyMany(deps, trx, shop, items) {
        const news = items as { order?: { orderId: string } }[];
        if (news.some((n) => n.order?.orderId === failing.orderId)) throw new Error("simulated bug");
        await batched.applyMany(deps, trx, shop, items);
      },
    } satisfies BatchedWebhookTopic;
  }
  return wrapped;
}

describe("webhook pipeline (decision 0018)", () => {
  it("a poisoned delivery is retried with back-off, then parked; the rest of its batch is applied", async () => {
    await member("7201");
    await member("7202");
    const failing = { orderId: "8201" as string | null };
    const handlers = withFailingOrder(failing);
    await record("orders/paid", orderBody({ id: "8201", customerId: "7201" }), "poison-8201");
    await record("orders/paid", orderBody({ id: "8202", customerId: "7202" }), "fine-8202");
    await record("customers/create", JSON.stringify({ id: 7203, email: "c@example.com" }), "fine-cust");

    expect(await processDueDeliveries(t.deps, handlers)).toBe(3);
    expect(await balance("7202")).toBe(10);
    expect(await balance("7201")).toBe(0);
    expect((await delivery("fine-8202")).status).toBe("processed");
    expect((await delivery("fine-cust")).status).toBe("processed");
    const first = await delivery("poison-8201");
    expect(first).toMatchObject({
      status: "received",
      attempts: 1,
      last_error: "simulated bug",
      lease_until: null,
    });
    expect(first.next_attempt_at?.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a drain leaves it alone.
    expect(await processDueDeliveries(t.deps, handlers)).toBe(0);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await dueNow();
      expect(await processDueDeliveries(t.deps, handlers)).toBe(1);
    }
    expect(await delivery("poison-8201")).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      last_error: "simulated bug",
      next_attempt_at: null,
    });
    await dueNow();
    expect(await processDueDeliveries(t.deps, handlers)).toBe(0);

    // Staff "process again" after the fix: it goes through, once.
    failing.orderId = null;
    await sql`update webhook_deliveries set status = 'received', attempts = 0, next_attempt_at = now()
      where webhook_id = 'poison-8201'`.execute(t.deps.db);
    await drainDeliveries(t.deps, handlers);
    expect(await balance("7201")).toBe(10);
    expect(await delivery("poison-8201")).toMatchObject({ status: "processed", last_error: null });
  });

  it("applying a processed batch again changes nothing", async () => {
    await member("7210");
    await record(
      "orders/create",
      orderBody({ id: "8210", customerId: "7210", financialStatus: "pending" }),
      "re-c",
    );
    await record("orders/paid", orderBody({ id: "8210", customerId: "7210" }), "re-p");
    await record(
      "refunds/create",
      refundBody({ id: "9210", orderId: "8210", amount: "40.00", lineId: "82101" }),
      "re-r",
    );
    await record("orders/paid", orderBody({ id: "8211", customerId: "7210" }), "re-p2");
    await t.deps.webhooks.drain();
    const snapshot = async () => ({
      balance: await balance("7210"),
      entries: (
        await t.deps.db
          .selectFrom("ledger_entries")
          .select(["idempotency_key", "available_delta", "pending_delta"])
          .where("shop_id", "=", "shop_demo")
          .orderBy("id")
          .execute()
      ).map((e) => `${e.idempotency_key}:${e.available_delta}:${e.pending_delta}`),
      orders: await t.deps.db
        .selectFrom("orders")
        .select(["order_id", "status", "points_awarded", "points_reversed", "refunded_minor"])
        .where("shop_id", "=", "shop_demo")
        .where("order_id", "in", ["8210", "8211"])
        .orderBy("order_id")
        .execute(),
    });
    const before = await snapshot();
    // 10 + 10 earned, 40 % of the first refunded: 4 taken back.
    expect(before.balance).toBe(16);
    // As if the batch's lease had run out after it committed: every delivery claimed and applied again.
    await sql`update webhook_deliveries set status = 'received', next_attempt_at = now(), lease_until = null
      where webhook_id in ('re-c', 're-p', 're-r', 're-p2')`.execute(t.deps.db);
    await t.deps.webhooks.drain();
    expect(await snapshot()).toEqual(before);
    expect(await auditLedger(t.deps.db, "shop_demo")).toEqual({ balanceMismatches: [], holdMismatches: [] });
  });

  it("an order's later delivery waits while an earlier one of the same order backs off", async () => {
    await member("7220");
    await member("7221");
    const failing = { orderId: "8220" as string | null };
    const handlers = withFailingOrder(failing);
    await record(
      "orders/create",
      orderBody({ id: "8220", customerId: "7220", financialStatus: "pending" }),
      "ord-c",
    );
    await record("orders/paid", orderBody({ id: "8221", customerId: "7221" }), "other-p");
    await record(
      "orders/cancelled",
      orderBody({ id: "8220", customerId: "7220", cancelledAt: "2026-06-16T10:00:00Z" }),
      "ord-x",
    );
    await processDueDeliveries(t.deps, handlers);
    // The other order went through; the cancellation waits behind its order's failed create.
    expect(await balance("7221")).toBe(10);
    expect(await delivery("ord-c")).toMatchObject({ status: "received", attempts: 1 });
    expect(await delivery("ord-x")).toMatchObject({ status: "received", attempts: 0, lease_until: null });
    // Even when the cancellation is due and the create is not, the cancellation is not taken.
    expect(await processDueDeliveries(t.deps, handlers)).toBe(0);

    failing.orderId = null;
    await dueNow();
    await drainDeliveries(t.deps, handlers);
    const row = await t.deps.db
      .selectFrom("orders")
      .select(["status"])
      .where("shop_id", "=", "shop_demo")
      .where("order_id", "=", "8220")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
    expect((await delivery("ord-x")).status).toBe("processed");
  });

  it("a crashed processor's claim runs out and another processor takes the deliveries over", async () => {
    await member("7230");
    await record("orders/paid", orderBody({ id: "8230", customerId: "7230" }), "crash-p");
    // A processor claims the delivery, then dies before applying it.
    const claimed = await claimDeliveries(t.deps.db, 10, 1);
    expect(claimed.map((d) => d.webhook_id)).toEqual(["crash-p"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.deps.webhooks.drain();
    expect(await balance("7230")).toBe(10);
    expect(await delivery("crash-p")).toMatchObject({ status: "processed", attempts: 2 });
  });

  it("limits count within a batch: the transaction limit stops the batch's third reward (B-30)", async () => {
    await updateShopRow(t, "shop_demo", {
      should_limit_transactions: true,
      transaction_limit: 2,
      count_transactions: 0,
    });
    await member("7250");
    for (const id of ["8250", "8251", "8252"]) {
      await record("orders/paid", orderBody({ id, customerId: "7250" }), `limit-${id}`);
    }
    // One batch applies all three.
    expect(await processDueDeliveries(t.deps, webhookHandlers)).toBe(3);
    const statuses = await t.deps.db
      .selectFrom("orders")
      .select(["order_id", "status", "reason"])
      .where("shop_id", "=", "shop_demo")
      .where("order_id", "in", ["8250", "8251", "8252"])
      .orderBy("order_id")
      .execute();
    expect(statuses.map((o) => o.status)).toEqual(["rewarded", "rewarded", "logged"]);
    expect(statuses[2]?.reason).toBe("transaction_limit_reached");
    expect(await balance("7250")).toBe(20);
    await updateShopRow(t, "shop_demo", { should_limit_transactions: false, transaction_limit: null });
  });

  it("a refund id seen on one order is never applied to another (a refund id is unique per shop)", async () => {
    await member("7260");
    await record("orders/paid", orderBody({ id: "8260", customerId: "7260" }), "ref-p1");
    await record("orders/paid", orderBody({ id: "8261", customerId: "7260" }), "ref-p2");
    await record(
      "refunds/create",
      refundBody({ id: "9260", orderId: "8260", amount: "50.00", lineId: "82601" }),
      "ref-r1",
    );
    await t.deps.webhooks.drain();
    expect(await balance("7260")).toBe(15);
    // The same refund id, now said to be of the other order, in a batch of its own.
    await record(
      "refunds/create",
      refundBody({ id: "9260", orderId: "8261", amount: "50.00", lineId: "82611" }),
      "ref-r2",
    );
    await t.deps.webhooks.drain();
    expect(await balance("7260")).toBe(15);
    // Known, so acknowledged and done: not an attempt to apply it twice that the ledger refuses.
    expect(await delivery("ref-r2")).toMatchObject({ status: "processed", last_error: null });
  });

  it("redeliveries are acknowledged as duplicates and counted on the first delivery", async () => {
    await member("7240");
    const body = orderBody({ id: "8240", customerId: "7240" });
    const all = await Promise.all(
      [1, 2, 3, 4].map(() => deliverWebhook(t, "orders/paid", body, { id: "dup-p", process: false })),
    );
    expect(all.map((r) => r.json().data.outcome).sort()).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
      "recorded",
    ]);
    await t.deps.webhooks.drain();
    expect(await balance("7240")).toBe(10);
    expect((await delivery("dup-p")).duplicates).toBe(3);
  });
});
