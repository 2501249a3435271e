import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { expirePointsAllShopsJob, expireShopPointsJob } from "../src/jobs/expire-points.job";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { auditLedger } from "../src/modules/ledger/ledger.service";
import {
  expireShopPoints,
  listShopsDueForPointExpiry,
} from "../src/modules/point-expiry/point-expiry.service";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * H-07, H-08 (decision 0016): points expire after the shop's period without point activity, at the
 * store's midnight (the demo shop is in America/New_York), through the scheduled jobs on pg-boss.
 * The ledger stamps entries with the database's clock, so the test stamps what each step wrote
 * with the test clock's now: "this happened then".
 */
const clock = fixedClock("2026-01-10T17:00:00Z"); // noon in New York
const SHOP = "shop_demo";
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  await updateShopRow(t, SHOP, { plan: "pro" }); // point expiration is an Essential feature
});
afterAll(async () => {
  await t.close();
});

const token = () => shopifyToken(t.config, DEMO_SHOP_DOMAIN, clock.now());
let stampedUpTo = 0;
/** Dates the entries written since the last call at the test clock's now. */
async function stampNewEntries() {
  const last = await t.deps.db
    .selectFrom("ledger_entries")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirstOrThrow();
  await t.deps.db
    .updateTable("ledger_entries")
    .set({ created_at: clock.now() })
    .where("id", ">", stampedUpTo)
    .execute();
  stampedUpTo = Number(last.id ?? 0);
}

async function member(platformId: string) {
  const c = await t.deps.db.transaction().execute((trx) =>
    ensureCustomer(
      t.deps,
      trx,
      SHOP,
      {
        platformCustomerId: platformId,
        email: `${platformId}@example.com`,
        firstName: null,
        lastName: null,
      },
      "member",
      clock.now(),
    ),
  );
  ids[platformId] = c.id;
}
async function paidOrder(orderId: string, platformId: string, amount: string) {
  const body = orderBody({
    id: orderId,
    customerId: platformId,
    lines: [{ id: `${orderId}1`, price: amount, quantity: 1 }],
  });
  expect((await deliverWebhook(t, "orders/paid", body)).statusCode).toBe(200);
}
const balance = (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .select(["available_points", "pending_points"])
    .where("id", "=", ids[platformId] as string)
    .executeTakeFirstOrThrow();
const expiries = () =>
  t.deps.db
    .selectFrom("ledger_entries")
    .select(["customer_id", "available_delta", "pending_delta", "idempotency_key", "note"])
    .where("shop_id", "=", SHOP)
    .where("activity_type", "=", "expire_point")
    .orderBy("idempotency_key")
    .execute();
/** The hourly sweep as the worker runs it: one job per shop, then each shop's batches. */
async function runExpirySweep() {
  await expirePointsAllShopsJob.handle(t.deps, {});
  await t.deps.queue.drain();
}

describe("point expiry job (H-08)", () => {
  it("sets up: 3 months without activity; customers who earn, hold pending points, or are overdrawn", async () => {
    const saved = await adminSend(t.app, "PUT", "/apiSa/lp/settings", await token(), {
      pointExpiry: { expiry: "3M", customDuration: null },
      // Pending points held for a year: still pending when the available points expire.
      pendingPoints: { enabled: false, value: 12, unit: "month" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const p of ["9101", "9102", "9103", "9104"]) await member(p);
    await paidOrder("9201", "9101", "1200.00"); // quiet: 120 points
    await paidOrder("9202", "9102", "800.00"); // active later: 80 points
    await paidOrder("9203", "9103", "100.00"); // 10 available …
    await adminSend(t.app, "PUT", "/apiSa/lp/settings", await token(), {
      pendingPoints: { enabled: true, value: 12, unit: "month" },
    });
    await paidOrder("9204", "9103", "300.00"); // … and 30 pending
    // H-14: a merchant's adjustment took this one below zero.
    const adjust = await adminSend(t.app, "POST", `/apiSa/customers/${ids["9104"]}/points`, await token(), {
      points: -50,
      note: "Correction",
    });
    expect(adjust.statusCode).toBe(200);
    await stampNewEntries();
    expect(await balance("9103")).toEqual({ available_points: 10, pending_points: 30 });

    // 1 March: the second customer earns again, pending (activity keeps points alive).
    clock.set("2026-03-01T15:00:00Z");
    await paidOrder("9205", "9102", "100.00");
    await stampNewEntries();
    expect(await balance("9102")).toEqual({ available_points: 80, pending_points: 10 });
  });

  it("keeps the points through the last day of the period, in store time", async () => {
    // 10 April, 23:59:59 in New York (EDT): the last day of 3 months from 10 January.
    clock.set("2026-04-11T03:59:59Z");
    await runExpirySweep();
    expect(await expiries()).toEqual([]);
  });

  it("at the store's midnight the whole available balance expires; run twice, it expires once", async () => {
    clock.set("2026-04-11T04:00:00Z");
    await runExpirySweep();
    await runExpirySweep();
    const expected = [
      {
        customer_id: ids["9101"],
        available_delta: -120,
        pending_delta: 0,
        idempotency_key: `expire:${ids["9101"]}:2026-04-11`,
        note: "No point activity for 3 months (last on 2026-01-10)",
      },
      {
        customer_id: ids["9103"],
        available_delta: -10,
        pending_delta: 0,
        idempotency_key: `expire:${ids["9103"]}:2026-04-11`,
        note: "No point activity for 3 months (last on 2026-01-10)",
      },
    ];
    expect(await expiries()).toEqual(
      expected.sort((a, b) => a.idempotency_key.localeCompare(b.idempotency_key)),
    );
    expect(await balance("9101")).toEqual({ available_points: 0, pending_points: 0 });
    // Pending points are not spendable yet, so they do not expire.
    expect(await balance("9103")).toEqual({ available_points: 0, pending_points: 30 });
    // Never below zero: the overdrawn balance stays as the merchant left it.
    expect(await balance("9104")).toEqual({ available_points: -50, pending_points: 0 });
    // Active on 1 March: still has everything.
    expect(await balance("9102")).toEqual({ available_points: 80, pending_points: 10 });
  });

  it("the sweep looks at a shop again only once the store's midnight has moved the cutoff", async () => {
    expect(await listShopsDueForPointExpiry(t.deps)).toEqual([]);
    clock.set("2026-04-12T03:59:00Z"); // still 11 April in New York
    expect(await listShopsDueForPointExpiry(t.deps)).toEqual([]);
    clock.set("2026-04-12T04:00:00Z");
    expect(await listShopsDueForPointExpiry(t.deps)).toEqual([SHOP]);
  });

  it("the shopper's activity shows the expiry", async () => {
    const res = await adminGet(t.app, `/apiSa/customers/${ids["9101"]}/activities`, await token());
    expect(res.json().data.activities[0]).toMatchObject({ activityType: "expire_point", points: -120 });
  });

  it("a catch-up run after downtime expires what is due once; a downgraded plan pauses expiry (R-04)", async () => {
    // 1 March + 3 months: the last day is 1 June; the points go at midnight on 2 June.
    clock.set("2026-06-05T12:00:00Z");
    await updateShopRow(t, SHOP, { plan: "free" });
    await runExpirySweep();
    expect(await balance("9102")).toEqual({ available_points: 80, pending_points: 10 });

    await updateShopRow(t, SHOP, { plan: "pro" });
    await runExpirySweep();
    await expireShopPointsJob.handle(t.deps, { shopId: SHOP });
    expect(await balance("9102")).toEqual({ available_points: 0, pending_points: 10 });
    expect((await expiries()).map((e) => e.idempotency_key)).toEqual(
      [
        `expire:${ids["9101"]}:2026-04-11`,
        `expire:${ids["9103"]}:2026-04-11`,
        `expire:${ids["9102"]}:2026-06-02`,
      ].sort(),
    );
  });

  it("activity restarts the clock; permanent stops expiry; the ledger audits clean", async () => {
    const gift = await adminSend(t.app, "POST", `/apiSa/customers/${ids["9101"]}/points`, await token(), {
      points: 20,
      note: "Welcome back",
    });
    expect(gift.statusCode).toBe(200);
    await stampNewEntries();
    clock.set("2026-09-01T12:00:00Z"); // under 3 months later
    await runExpirySweep();
    expect(await balance("9101")).toEqual({ available_points: 20, pending_points: 0 });

    await adminSend(t.app, "PUT", "/apiSa/lp/settings", await token(), {
      pointExpiry: { expiry: "permanent", customDuration: null },
    });
    clock.set("2027-06-01T12:00:00Z");
    await runExpirySweep();
    expect(await balance("9101")).toEqual({ available_points: 20, pending_points: 0 });
    expect(await expiries()).toHaveLength(3);
    expect(await auditLedger(t.deps.db, SHOP)).toEqual({ balanceMismatches: [], holdMismatches: [] });
  });

  it("a shop is worked in bounded batches by customer, each continuing after the last", async () => {
    await adminSend(t.app, "PUT", "/apiSa/lp/settings", await token(), {
      pointExpiry: { expiry: "14D", customDuration: null },
    });
    for (const p of ["9111", "9112", "9113"]) await member(p);
    for (const p of ["9111", "9112", "9113"]) {
      const res = await adminSend(t.app, "POST", `/apiSa/customers/${ids[p]}/points`, await token(), {
        points: 10,
      });
      expect(res.statusCode).toBe(200);
    }
    await stampNewEntries();
    clock.advance(20 * 86_400_000);
    // Four customers are due (the one given 20 points earlier, too): two batches of at most two.
    const batches: Array<{ customers: number; points: number }> = [];
    let after: string | null = null;
    do {
      const batch = await expireShopPoints(t.deps, SHOP, { after, limit: 2 });
      batches.push({ customers: batch.customers, points: batch.points });
      after = batch.next?.after ?? null;
    } while (after !== null && batches.length < 5);
    // A full batch may have more after it: the third finds none and ends the shop.
    expect(batches.map((b) => b.customers)).toEqual([2, 2, 0]);
    expect(batches.reduce((sum, b) => sum + b.points, 0)).toBe(50);
    expect(await balance("9101")).toMatchObject({ available_points: 0 });
    for (const p of ["9111", "9112", "9113"]) expect(await balance(p)).toMatchObject({ available_points: 0 });
  });
});
