import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { auditLedger } from "../src/modules/ledger/ledger.service";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * C-30 / J-13 (decision 0178): the migration wizard brings the other app's order history per
 * customer (order count, amount spent) as `migrate_order`. The dry run tells what would be created,
 * changed, kept and refused before anything is written; applying adds the figures to the profile's
 * lifetime orders and spend and to amount-spent tiers (with a `migrate_tier` move, no entry reward);
 * a later order counts on top; the same file again adds nothing; hostile cells are refused by row.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
const tierIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["9601", "9602", "9603", "9604", "9605", "9606", "9607"], clock.now());
  // Amount spent (the default basis): Bronze 0, Silver $200, Gold $500.
  for (const [name, milestone] of [
    ["Bronze", 0],
    ["Silver", 20_000],
    ["Gold", 50_000],
  ] as const) {
    const res = await adminSend(t.app, "POST", "/apiSa/tiers", token, { name, milestone, entryPoints: 0 });
    expect(res.statusCode, res.body).toBe(200);
    tierIds[name] = res.json().data.id;
  }
  const launch = await adminSend(t.app, "POST", "/apiSa/tiers/launch", token, {
    changeNotes: "Ladder",
    grantEntryRewards: false,
  });
  expect(launch.statusCode, launch.body).toBe(200);
  await t.deps.queue.drain();
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function refreshToken() {
  ({ token } = await signIn(t.app));
}

function upload(body: string, query: string) {
  return t.app.inject({
    method: "POST",
    url: `/apiSa/customers/imports?${query}`,
    headers: { "x-auth-token": token, "content-type": "text/csv" },
    payload: body,
  });
}

async function runToEnd(id: string) {
  await refreshToken();
  const start = await adminSend(t.app, "POST", `/apiSa/customers/imports/${id}/start`, token);
  expect(start.statusCode, start.body).toBe(200);
  await t.deps.queue.drain();
  return (await adminGet(t.app, `/apiSa/customers/imports/${id}`, token)).json().data;
}

const customerId = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", platformId)
      .executeTakeFirstOrThrow()
  ).id;
const tierOf = async (platformId: string) =>
  (await t.deps.db
    .selectFrom("customer_tiers")
    .select(["tier_id", "metric"])
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", await customerId(platformId))
    .executeTakeFirst()) ?? null;
const stats = async (platformId: string) =>
  (await adminGet(t.app, `/apiSa/customers/${await customerId(platformId)}/profile`, token)).json().data
    .stats;
const count = async (table: "ledger_entries" | "tier_changes" | "customer_migrated_orders") =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .where("shop_id", "=", "shop_demo")
        .executeTakeFirstOrThrow()
    ).n,
  );

// A LoyaltyLion-like customer export: its headers are guessed (points_approved, orders_count, total_spent).
const lionFile = [
  "merchant_id,email,points_approved,orders_count,total_spent",
  '9601,9601@example.com,100,3,"250.00"',
  '9602,9602@example.com,0,12,"$1,020.50"',
  "1,nobody@example.com,5,1,10.00",
  "9603,9603@example.com,10,-2,50.00",
  "9604,9604@example.com,10,2,-30",
  "9605,9605@example.com,10,99999999,10",
  "9606,9606@example.com,10,1,9999999999999",
  "9601,9601@example.com,100,3,250.00",
  "9607,9607@example.com,10,0,15.00",
  "9607,9607@example.com,10,1,15.001",
  "9607,9607@example.com,10,two,15",
].join("\n");
const query =
  "kind=migration&source=loyaltylion&fileName=lion.csv&emailColumn=email&pointsColumn=points_approved" +
  "&ordersColumn=orders_count&spentColumn=total_spent";

describe("migrate_order: the other app's order history (C-30, J-13)", () => {
  it("dry run first: created, refused per row with the column and reason, nothing written", async () => {
    const ledger = await count("ledger_entries");
    const res = await upload(lionFile, query);
    expect(res.statusCode, res.body).toBe(200);
    const { import: imp, errors, dryRun } = res.json().data;
    expect(imp).toMatchObject({ status: "ready", totalRows: 11, errorRows: 9 });
    expect(errors).toEqual([
      { line: 4, field: "Email", message: "No customer with this Email in the store" },
      { line: 5, field: "orders_count", message: "orders_count must be 0 or more" },
      { line: 6, field: "total_spent", message: "total_spent must be 0 or more" },
      { line: 7, field: "orders_count", message: "orders_count must be at most 1,000,000" },
      { line: 8, field: "total_spent", message: "total_spent is too large" },
      { line: 9, field: "Email", message: "The same customer is on line 2" },
      { line: 10, field: "total_spent", message: "total_spent is above 0 but orders_count is 0" },
      { line: 11, field: "total_spent", message: "total_spent has more than 2 decimals" },
      { line: 12, field: "orders_count", message: "orders_count must be a whole number of orders" },
    ]);
    expect(dryRun).toMatchObject({ ordersCreate: 2, ordersChange: 0, ordersKeep: 0, refused: 9 });
    expect(dryRun.preview).toEqual([
      {
        line: 2,
        email: "9601@example.com",
        currentPoints: 0,
        newPoints: 100,
        orders: 3,
        spentMinor: 25_000,
        ordersOutcome: "create",
      },
      {
        line: 3,
        email: "9602@example.com",
        currentPoints: 0,
        newPoints: 0,
        orders: 12,
        spentMinor: 102_050,
        ordersOutcome: "create",
      },
    ]);
    expect(await count("ledger_entries")).toBe(ledger);
    expect(await count("customer_migrated_orders")).toBe(0);
    expect(await tierOf("9601")).toEqual({ tier_id: tierIds.Bronze, metric: 0 });
  });

  it("applies: lifetime figures and amount-spent tiers count the migrated orders, with a migrate_order line", async () => {
    await refreshToken();
    const { import: imp } = (await upload(lionFile, query)).json().data;
    const done = await runToEnd(imp.id);
    expect(done).toMatchObject({ status: "done", doneRows: 2, changedRows: 2 });
    expect(await stats("9601")).toMatchObject({
      ordersCount: 3,
      amountSpentMinor: 25_000,
      averageOrderMinor: 8_333,
    });
    expect(await stats("9602")).toMatchObject({ ordersCount: 12, amountSpentMinor: 102_050 });
    expect(await tierOf("9601")).toEqual({ tier_id: tierIds.Silver, metric: 25_000 });
    expect(await tierOf("9602")).toEqual({ tier_id: tierIds.Gold, metric: 102_050 });
    const moves = await t.deps.db
      .selectFrom("tier_changes")
      .select(["to_tier_id", "reason", "source_ref"])
      .where("shop_id", "=", "shop_demo")
      .where("customer_id", "=", await customerId("9602"))
      .execute();
    expect(moves.at(-1)).toEqual({
      to_tier_id: tierIds.Gold,
      reason: "migrate_tier",
      source_ref: `import:${imp.id}`,
    });
    const activities = (
      await adminGet(t.app, `/apiSa/customers/${await customerId("9602")}/activities?filter=order`, token)
    ).json().data.activities;
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ activityType: "migrate_order", points: 0 });
    expect(activities[0].note).toContain("12 orders, 1020.50 USD spent");
    // No entry reward for a standing held in the other app: 9602 earned only nothing (points 0).
    expect((await stats("9602")).lifetimeEarned).toBe(0);
    expect((await auditLedger(t.deps.db, "shop_demo")).balanceMismatches).toHaveLength(0);
  });

  it("the same file again: the dry run keeps every figure and applying adds nothing", async () => {
    await refreshToken();
    const again = (await upload(lionFile, query)).json().data;
    expect(again.dryRun).toMatchObject({ ordersCreate: 0, ordersChange: 0, ordersKeep: 2, change: 0 });
    expect(again.dryRun.preview.map((p: { ordersOutcome: string }) => p.ordersOutcome)).toEqual([
      "keep",
      "keep",
    ]);
    const [ledger, changes] = [await count("ledger_entries"), await count("tier_changes")];
    expect(await runToEnd(again.import.id)).toMatchObject({ status: "done", changedRows: 0 });
    expect(await count("ledger_entries")).toBe(ledger);
    expect(await count("tier_changes")).toBe(changes);
    expect(await stats("9601")).toMatchObject({ ordersCount: 3, amountSpentMinor: 25_000 });
  });

  it("a later order counts on top; a newer export replaces the figures, a blank cell keeps one", async () => {
    const res = await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "760001",
        customerId: "9601",
        email: "9601@example.com",
        lines: [{ id: "7600011", price: "300.00", quantity: 1 }],
      }),
    );
    expect(res.statusCode).toBe(200);
    await t.deps.queue.drain();
    expect(await stats("9601")).toMatchObject({ ordersCount: 4, amountSpentMinor: 55_000 });
    expect(await tierOf("9601")).toEqual({ tier_id: tierIds.Gold, metric: 55_000 });

    await refreshToken();
    const newer = "email,points_approved,orders_count,total_spent\n9601@example.com,100,,10.00\n";
    const up = (await upload(newer, query.replace("lion.csv", "lion-newer.csv"))).json().data;
    expect(up.errors).toEqual([]);
    expect(up.dryRun).toMatchObject({ ordersCreate: 0, ordersChange: 1, ordersKeep: 0 });
    expect(up.dryRun.preview).toMatchObject([
      {
        line: 2,
        email: "9601@example.com",
        newPoints: 100,
        orders: null,
        spentMinor: 1_000,
        ordersOutcome: "change",
      },
    ]);
    expect(await runToEnd(up.import.id)).toMatchObject({ status: "done", changedRows: 1 });
    // 3 migrated orders kept (blank), $10 migrated spend replaces $250, plus the $300 order.
    expect(await stats("9601")).toMatchObject({ ordersCount: 4, amountSpentMinor: 31_000 });
    expect(await tierOf("9601")).toEqual({ tier_id: tierIds.Silver, metric: 31_000 });
  });

  it("does not start while a tier run recalculates (I-10); a migration without order columns does", async () => {
    await refreshToken();
    const file = "email,points_approved,orders_count\n9602@example.com,0,13\n";
    const withOrders = (await upload(file, query.replace("&spentColumn=total_spent", ""))).json().data.import
      .id;
    const plain = (
      await upload(file, "kind=migration&fileName=p.csv&emailColumn=email&pointsColumn=points_approved")
    ).json().data.import.id;
    await t.deps.db.updateTable("tier_programs").set({ running_run_id: "tierrun_busy" }).execute();
    try {
      const start = await adminSend(t.app, "POST", `/apiSa/customers/imports/${withOrders}/start`, token);
      expect(start.statusCode).toBe(409);
      expect(start.json().code).toBe("tier_run_in_progress");
      const other = await adminSend(t.app, "POST", `/apiSa/customers/imports/${plain}/start`, token);
      expect(other.statusCode, other.body).toBe(200);
    } finally {
      await t.deps.db.updateTable("tier_programs").set({ running_run_id: null }).execute();
    }
    expect(await runToEnd(withOrders)).toMatchObject({ status: "done", changedRows: 1 });
    expect(await stats("9602")).toMatchObject({ ordersCount: 13, amountSpentMinor: 102_050 });
  });

  it("the same export uploaded again with its order columns newly mapped brings them", async () => {
    await refreshToken();
    const file = "email,points_approved,orders_count\n9606@example.com,10,4\n";
    const base = "kind=migration&fileName=again.csv&emailColumn=email&pointsColumn=points_approved";
    const first = (await upload(file, base)).json().data;
    expect(first.dryRun).toMatchObject({ change: 1, ordersCreate: 0 });
    expect(await runToEnd(first.import.id)).toMatchObject({ status: "done", changedRows: 1 });
    expect(await stats("9606")).toMatchObject({ ordersCount: 0 });
    const mapped = (await upload(file, `${base}&ordersColumn=orders_count`)).json().data;
    expect(mapped.dryRun).toMatchObject({ change: 0, keep: 1, ordersCreate: 1 });
    expect(await runToEnd(mapped.import.id)).toMatchObject({ status: "done", changedRows: 1 });
    expect(await stats("9606")).toMatchObject({ ordersCount: 4, amountSpentMinor: 0 });
  });

  it("the first file again after a newer one sets its figures back, with a new migrate_order line", async () => {
    await refreshToken();
    const before = await count("ledger_entries");
    const again = (await upload(lionFile, query.replace("lion.csv", "lion-once-more.csv"))).json().data;
    // 9601's spend was replaced by a newer file, 9602's count by another: both change back.
    expect(again.dryRun).toMatchObject({ ordersCreate: 0, ordersChange: 2, ordersKeep: 0 });
    expect(await runToEnd(again.import.id)).toMatchObject({ status: "done", changedRows: 2 });
    // $250 migrated again (the newer file's $10 replaced), plus the $300 order; 3 migrated orders + 1.
    expect(await stats("9601")).toMatchObject({ ordersCount: 4, amountSpentMinor: 55_000 });
    expect(await stats("9602")).toMatchObject({ ordersCount: 12, amountSpentMinor: 102_050 });
    expect(await tierOf("9601")).toEqual({ tier_id: tierIds.Gold, metric: 55_000 });
    // One migrate_order line each, no points moved (9601's balance line is the file's, already held).
    expect(await count("ledger_entries")).toBe(before + 2);
  });

  it("refuses a mapped order column the file lacks, naming it", async () => {
    await refreshToken();
    const res = await upload(
      "email,points_approved\n9601@example.com,1\n",
      "kind=migration&fileName=x.csv&emailColumn=email&pointsColumn=points_approved&ordersColumn=orders_count",
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "file", message: "Your file has no column named orders_count." },
    ]);
  });
});
