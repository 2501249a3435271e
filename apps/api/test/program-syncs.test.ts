import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { auditLedger } from "../src/modules/ledger/ledger.service";
import { runSync } from "../src/modules/programs/program-syncs";
import { getShopOrThrow } from "../src/modules/shops/shops.service";
import { createDemoPlatform } from "../src/platform/demo/demo.adapter";
import type { PlatformOrder } from "../src/platform/order";
import { DEMO_PRIOR_ORDER_SHOPPER, seedDemoPriorOrders } from "../src/seed/demo-prior-orders";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  signInStaff,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

/** Retroactive syncs (C-27, X-47, decision 0165) on a real database, through the routes and the worker. */
const clock = fixedClock("2026-06-15T14:00:00Z");
const SHOP = "shop_demo";

/** An order as the platform tells it (reconciliation's shape): 100.00, paid, the member 7601's. */
function told(orderId: string, createdAt: string, cancelledAt: string | null = null): PlatformOrder {
  return {
    orderId,
    name: `#${orderId.slice(-4)}`,
    customerPlatformId: "7601",
    email: "7601@example.com",
    customerTags: [],
    currency: "USD",
    createdAt: new Date(createdAt),
    cancelledAt: cancelledAt ? new Date(cancelledAt) : null,
    financialStatus: "paid",
    source: "web",
    tags: [],
    test: false,
    taxesIncluded: false,
    paymentGateways: ["bogus"],
    discountCodes: [],
    storeCreditPaid: 0,
    subtotal: 10_000,
    total: 10_000,
    shipping: 0,
    fees: 0,
    taxes: [],
    lines: [
      {
        lineId: `${orderId}1`,
        productId: "632910392",
        variantId: null,
        quantity: 1,
        unitPrice: 10_000,
        discount: 0,
        isGiftCard: false,
        isFreeGift: false,
        requiresShipping: true,
      },
    ],
  };
}

/**
 * What the platform answers for the shop's past orders: one Laurel never recorded (9400005), one
 * the pipeline rewarded (9400004), one Laurel logged (9400001), a cancelled one and one placed
 * before the day picked.
 */
const platformOrders = [
  told("9400005", "2026-02-20T10:00:00Z"),
  told("9400004", "2026-05-01T10:00:00Z"),
  told("9400001", "2026-03-10T10:00:00Z"),
  told("9400006", "2026-03-01T10:00:00Z", "2026-03-02T10:00:00Z"),
  told("9400007", "2025-11-01T10:00:00Z"),
];
const asked: Date[] = [];

let t: TestApp;
let token: string;
let programs: { id: string; event: string; status: string }[];
const programOf = (event: string) => programs.find((p) => p.event === event) as { id: string };

beforeAll(async () => {
  t = await createTestApp({
    clock,
    worker: true,
    platform: (platformClock, db) => {
      const demo = createDemoPlatform(platformClock, db);
      return {
        ...demo,
        async listRecentOrders(_shop, since) {
          asked.push(since);
          return platformOrders;
        },
      };
    },
  });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["7601", "7602", "7603"], clock.now());
  programs = (await adminGet(t.app, "/apiSa/lp/programs/earning", token)).json().data;
});
afterAll(async () => {
  await t.close();
});

const start = (body: unknown) => adminSend(t.app, "POST", "/apiSa/lp/programs/syncs", token, body);
const getRun = async (id: string) =>
  (await adminGet(t.app, `/apiSa/lp/programs/syncs/${id}`, token)).json().data;
const setStatus = (id: string, status: "active" | "inactive") =>
  adminSend(t.app, "PUT", `/apiSa/lp/programs/${id}/status`, token, { status });
const orderCredits = async (orderId: string) =>
  t.deps.db
    .selectFrom("ledger_entries")
    .select(["activity_type", "available_delta", "idempotency_key"])
    .where("shop_id", "=", SHOP)
    .where("source_ref", "=", orderId)
    .where("available_delta", ">", 0)
    .execute();
const orderStatus = async (orderId: string) =>
  (
    await t.deps.db
      .selectFrom("orders")
      .select("status")
      .where("shop_id", "=", SHOP)
      .where("order_id", "=", orderId)
      .executeTakeFirst()
  )?.status;
const balanceOf = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("available_points")
      .where("shop_id", "=", SHOP)
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).available_points;
const pay = async (id: string, createdAt: string) => {
  const res = await deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id, customerId: "7601", email: "7601@example.com", createdAt }),
  );
  expect(res.statusCode, res.body).toBe(200);
};

describe("the past-order sync (C-27, X-47)", () => {
  it("is refused while no place order program runs, in the spec's words", async () => {
    expect((await setStatus(programOf("place_order").id, "inactive")).statusCode).toBe(200);
    const res = await start({ kind: "prior_order", since: "2026-01-01" });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, error: "Place Order program is not enabled" });
    // Orders placed meanwhile are logged without points: the sync's business later.
    await pay("9400001", "2026-03-10T10:00:00Z");
    await pay("9400002", "2026-04-01T10:00:00Z");
    await pay("9400003", "2025-12-01T10:00:00Z");
    expect(await orderStatus("9400001")).toBe("logged");
    expect(await orderCredits("9400001")).toEqual([]);
    expect((await setStatus(programOf("place_order").id, "active")).statusCode).toBe(200);
    // The pipeline rewards this one itself.
    await pay("9400004", "2026-05-01T10:00:00Z");
    expect(await orderStatus("9400004")).toBe("rewarded");
    expect(await balanceOf("7601")).toBe(10);
  });

  it.each([
    ["2025-06-14", "since must be 2025-06-15 or later: the sync reaches back 12 months at most."],
    ["2026-06-16", "since can't be in the future."],
    ["2026-02-30", "since must be a real day (YYYY-MM-DD)."],
    ["15/06/2026", "since must be a date (YYYY-MM-DD)."],
  ])("refuses the start day %s naming the field, and records nothing", async (since, message) => {
    const res = await start({ kind: "prior_order", since });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: "since", message }]);
    const runs = await t.deps.db.selectFrom("program_syncs").selectAll().execute();
    expect(runs).toEqual([]);
  });

  it("credits each past order since the day exactly once, through the pipeline's rules, then locks", async () => {
    const state = (await adminGet(t.app, "/apiSa/lp/programs/syncs/prior-order", token)).json().data;
    expect(state).toEqual({
      locked: false,
      earliestSince: "2025-06-15",
      latestSince: "2026-06-15",
      run: null,
    });
    const res = await start({ kind: "prior_order", since: "2026-01-01" });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    expect(run).toMatchObject({ kind: "prior_order", status: "queued", since: "2026-01-01", credited: 0 });
    // Queued already holds the lock.
    const twice = await start({ kind: "prior_order", since: "2026-02-01" });
    expect(twice.statusCode).toBe(409);
    await t.deps.queue.drain();
    const done = await getRun(run.id);
    // 9400001 and 9400002 (logged), 9400005 (never recorded); not the rewarded 9400004, the
    // cancelled 9400006, nor 9400003 and 9400007 (before the day picked).
    expect(done).toMatchObject({ status: "done", credited: 3, points: 30, error: null });
    expect(done.processed).toBe(done.total);
    expect(done.total).toBe(2 + 3);
    // The day starts at midnight store time (the demo shop keeps New York's, UTC-5 in January).
    expect(asked).toEqual([new Date("2026-01-01T05:00:00Z")]);
    for (const id of ["9400001", "9400002", "9400005", "9400004"]) {
      const credits = await orderCredits(id);
      expect(credits, id).toHaveLength(1);
      expect(credits[0]?.activity_type).toBe("earn_place_order");
      expect(credits[0]?.available_delta).toBe(10);
      expect(await orderStatus(id), id).toBe("rewarded");
    }
    // A logged order's key holds its log line; its credit has its own. A new order's is the pipeline's.
    expect((await orderCredits("9400001"))[0]?.idempotency_key).toBe("order:9400001:earn:prior-sync");
    expect((await orderCredits("9400005"))[0]?.idempotency_key).toBe("order:9400005:earn");
    for (const id of ["9400003", "9400006", "9400007"]) expect(await orderCredits(id), id).toEqual([]);
    expect(await orderStatus("9400003")).toBe("logged");
    expect(await balanceOf("7601")).toBe(40);
    const after = (await adminGet(t.app, "/apiSa/lp/programs/syncs/prior-order", token)).json().data;
    expect(after).toMatchObject({ locked: true, run: { id: run.id, status: "done" } });
  });

  it("refuses a second run; a run again (support lifted the lock) credits nothing new, page by page", async () => {
    const again = await start({ kind: "prior_order", since: "2026-01-01" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("Prior order sync has already run. Contact support to run it again.");
    // Support lifts the lock (decision 0172): only staff, only with a reason, audit-logged.
    const unlockUrl = `/apiSa/dev_zone/shops/${SHOP}/prior-order-sync/unlock`;
    const merchant = await adminSend(t.app, "POST", unlockUrl, token, { reason: "please" });
    expect(merchant.statusCode).toBe(403);
    const staff = await signInStaff(t.app);
    const noReason = await adminSend(t.app, "POST", unlockUrl, staff.token, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([
      expect.objectContaining({ field: "reason", message: "reason must be at least 3 characters." }),
    ]);
    const seenByStaff = await adminGet(t.app, `/apiSa/dev_zone/shops/${SHOP}/prior-order-sync`, staff.token);
    expect(seenByStaff.json().data).toMatchObject({
      locked: true,
      run: { status: "done", unlockedAt: null },
    });
    const lifted = await adminSend(t.app, "POST", unlockUrl, staff.token, {
      reason: "Merchant imported older orders",
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({
      message: "Past-order sync unlocked",
      data: { locked: false, run: { status: "done", unlockedAt: expect.any(String) } },
    });
    const audit = await t.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("shop_id", "=", SHOP)
      .where("action", "=", "staff.prior_order_sync.unlocked")
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor: "usr_staff",
        details: expect.objectContaining({
          reason: "Merchant imported older orders",
          credited: 3,
          points: 30,
        }),
      }),
    ]);
    // Lifted once is lifted: a second unlock finds no lock; the merchant's state says unlocked.
    const twice = await adminSend(t.app, "POST", unlockUrl, staff.token, { reason: "again please" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe("This shop's prior order sync is not locked: the merchant can start it.");
    expect((await adminGet(t.app, "/apiSa/lp/programs/syncs/prior-order", token)).json().data.locked).toBe(
      false,
    );
    // One more run is recorded (as the route would); the once-only index holds it alone again.
    await t.deps.db
      .insertInto("program_syncs")
      .values({
        shop_id: SHOP,
        id: "sync_paged",
        kind: "prior_order",
        since: new Date("2026-01-01T05:00:00Z"),
      })
      .execute();
    await expect(
      t.deps.db
        .insertInto("program_syncs")
        .values({
          shop_id: SHOP,
          id: "sync_third",
          kind: "prior_order",
          since: new Date("2026-01-01T05:00:00Z"),
        })
        .execute(),
    ).rejects.toThrow(/program_syncs_prior_order_once/);
    // A queued or running run's lock cannot be lifted: it would race the next run.
    const running = await adminSend(t.app, "POST", unlockUrl, staff.token, { reason: "too early" });
    expect(running.statusCode).toBe(409);
    expect(running.json().error).toBe(
      "The prior order sync is still running. Unlock it once it has finished.",
    );
    const seen: [string, number, number][] = [];
    await runSync(t.deps, await getShopOrThrow(t.deps, SHOP), "sync_paged", {
      pageSize: 1,
      onPage: async () => {
        const now = await getRun("sync_paged");
        seen.push([now.status, now.processed, now.total]);
      },
    });
    // Nothing stored is left to earn; the platform's three orders since the day, one page each.
    expect(seen).toEqual([
      ["running", 1, 3],
      ["running", 2, 3],
      ["running", 3, 3],
    ]);
    expect(await getRun("sync_paged")).toMatchObject({
      status: "done",
      processed: 3,
      credited: 0,
      points: 0,
    });
    expect(await balanceOf("7601")).toBe(40);
    for (const id of ["9400001", "9400002", "9400005", "9400004"])
      expect(await orderCredits(id)).toHaveLength(1);
    expect((await auditLedger(t.deps.db, SHOP)).balanceMismatches).toEqual([]);
  });
});

describe("sign-up and newsletter syncs (C-27)", () => {
  const entriesOf = (activity: string) =>
    t.deps.db
      .selectFrom("ledger_entries")
      .select(["customer_id", "available_delta"])
      .where("shop_id", "=", SHOP)
      .where("activity_type", "=", activity)
      .execute();
  const membersWithout = async (activity: string) =>
    Number(
      (
        await t.deps.db
          .selectFrom("customers as c")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("c.shop_id", "=", SHOP)
          .where("c.type", "=", "member")
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom("ledger_entries as e")
                  .select("e.id")
                  .whereRef("e.customer_id", "=", "c.id")
                  .whereRef("e.shop_id", "=", "c.shop_id")
                  .where("e.activity_type", "=", activity),
              ),
            ),
          )
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("awards the sign-up points to every member who never received them, once", async () => {
    const missing = await membersWithout("earn_sign_up");
    expect(missing).toBeGreaterThanOrEqual(3);
    const res = await start({ kind: "sign_up" });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.queue.drain();
    const done = await getRun(res.json().data.id);
    expect(done).toMatchObject({ kind: "sign_up", status: "done", credited: missing, points: missing * 100 });
    expect(await membersWithout("earn_sign_up")).toBe(0);
    expect(await balanceOf("7602")).toBe(100);
    expect(await balanceOf("7601")).toBe(140);
    const entries = await entriesOf("earn_sign_up");
    expect(new Set(entries.map((e) => e.customer_id)).size).toBe(entries.length);
    // Permanent: it runs again, and a second run awards nothing new.
    const again = await start({ kind: "sign_up" });
    expect(again.statusCode).toBe(200);
    await t.deps.queue.drain();
    expect(await getRun(again.json().data.id)).toMatchObject({ status: "done", credited: 0, points: 0 });
    expect(await entriesOf("earn_sign_up")).toHaveLength(entries.length);
    expect(await balanceOf("7602")).toBe(100);
  });

  it("awards the newsletter points to subscribed members who never received them, once", async () => {
    const off = await start({ kind: "newsletter" });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe("Newsletter program is not enabled");
    const created = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
      title: "Newsletter",
      event: "sign_up_newsletter",
      status: "active",
      priority: 5,
      config: { earnPoint: 50 },
    });
    expect(created.statusCode, created.body).toBe(200);
    await t.deps.db
      .updateTable("customers")
      .set({ email_marketing_state: "subscribed" })
      .where("shop_id", "=", SHOP)
      .where("platform_customer_id", "in", ["7602", "7603"])
      .execute();
    const res = await start({ kind: "newsletter" });
    await t.deps.queue.drain();
    expect(await getRun(res.json().data.id)).toMatchObject({ status: "done", credited: 2, points: 100 });
    expect(await balanceOf("7602")).toBe(150);
    expect(await balanceOf("7601")).toBe(140);
    const again = await start({ kind: "newsletter" });
    await t.deps.queue.drain();
    expect(await getRun(again.json().data.id)).toMatchObject({ status: "done", credited: 0, points: 0 });
    expect(await entriesOf("earn_newsletter")).toHaveLength(2);
    expect((await auditLedger(t.deps.db, SHOP)).balanceMismatches).toEqual([]);
  });

  it("refuses a sign-up sync while the program is off, and a past-order sync without a place order program", async () => {
    expect((await setStatus(programOf("sign_up").id, "inactive")).statusCode).toBe(200);
    const res = await start({ kind: "sign_up" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Sign Up program is not enabled");
    for (const p of programs.filter((p) => p.event === "place_order")) {
      const del = await adminSend(t.app, "DELETE", `/apiSa/lp/programs/${p.id}`, token);
      expect(del.statusCode, del.body).toBe(200);
    }
    const none = await start({ kind: "prior_order", since: "2026-01-01" });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe("No active Place Order program found");
    const unknown = await start({ kind: "everything" });
    expect(unknown.statusCode).toBe(400);
    const missing = await adminGet(t.app, "/apiSa/lp/programs/syncs/sync_nope", token);
    expect(missing.statusCode).toBe(404);
  });
});

describe("the demo shop has past orders to sync", () => {
  it("a guest's logged orders earn once she has joined; the seed adds nothing the second time", async () => {
    const demo = await createTestApp({ clock, worker: true });
    try {
      expect(await seedDemoPriorOrders(demo.deps)).toEqual({ seeded: true });
      expect(await seedDemoPriorOrders(demo.deps)).toEqual({ seeded: false });
      const rosa = await demo.deps.db
        .selectFrom("customers")
        .select(["id", "type", "available_points"])
        .where("shop_id", "=", SHOP)
        .where("platform_customer_id", "=", DEMO_PRIOR_ORDER_SHOPPER.platformCustomerId)
        .executeTakeFirstOrThrow();
      expect(rosa).toMatchObject({ type: "member", available_points: 100 });
      const logged = await demo.deps.db
        .selectFrom("orders")
        .select("status")
        .where("shop_id", "=", SHOP)
        .where("customer_id", "=", rosa.id)
        .execute();
      expect(logged.map((o) => o.status)).toEqual(["logged", "logged"]);
      const { token: demoToken } = await signIn(demo.app);
      const res = await adminSend(demo.app, "POST", "/apiSa/lp/programs/syncs", demoToken, {
        kind: "prior_order",
        since: "2026-01-01",
      });
      expect(res.statusCode, res.body).toBe(200);
      await demo.deps.queue.drain();
      const done = (
        await adminGet(demo.app, `/apiSa/lp/programs/syncs/${res.json().data.id}`, demoToken)
      ).json().data;
      // $120.00 and $85.00 at 10 points per $100.00, rounded down: 12 + 8.
      expect(done).toMatchObject({ status: "done", credited: 2, points: 20 });
    } finally {
      await demo.close();
    }
  }, 60_000);
});
