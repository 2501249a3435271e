import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { applyNextBatch, runImport } from "../src/modules/customer-imports/customer-imports.service";
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
 * Tier import (J-11) and the migration wizard's tier step (J-13, J-14), decision 0167: the value
 * column must be the shop's tier basis (else the replace-column message), blank values are refused
 * by row, the imported measure is a baseline the engine adds to the member's own history (so a later
 * order counts on top), a rerun changes nothing, the tier lock holds, and a migration's tier rule
 * (one base tier at 0, no duplicate requirements) places migrated members with a `migrate_tier` record.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
const tierIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["9501", "9502", "9503", "9504", "9505"], clock.now());
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
const changesOf = async (platformId: string) =>
  t.deps.db
    .selectFrom("tier_changes")
    .select(["from_tier_id", "to_tier_id", "reason", "source_ref"])
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", await customerId(platformId))
    .orderBy("id")
    .execute();
const order = (id: string, customer: string, price: string) =>
  deliverWebhook(
    t,
    "orders/paid",
    orderBody({
      id,
      customerId: customer,
      email: `${customer}@example.com`,
      lines: [{ id: `${id}1`, price, quantity: 1 }],
    }),
  );

const tierFile = [
  "Email,Amount spent",
  "9501@example.com,150.00",
  '9502@example.com,"1,200"',
  "9503@example.com,",
  "9504@example.com,12.345",
].join("\n");

describe("tier import (J-11)", () => {
  it("refuses a column that is not the tier basis, telling which column to use instead", async () => {
    const res = await upload("Email,Points\n9501@example.com,100\n", "kind=tier&fileName=tiers.csv");
    expect(res.statusCode).toBe(400);
    const message =
      "Your VIP tiers are calculated by amount spent: replace the column 'Points' with 'Amount spent'.";
    expect(res.json()).toMatchObject({ code: "tier_import_replace_column", error: message });
    expect(res.json().errors).toEqual([{ field: "file", message }]);
    const missing = await upload("Email,Note\n9501@example.com,x\n", "kind=tier&fileName=tiers.csv");
    expect(missing.json().error).toBe(
      "Your file is missing the Amount spent header: your VIP tiers are calculated by amount spent.",
    );
    const list = (await adminGet(t.app, "/apiSa/customers/imports", token)).json().data.imports;
    expect(list).toEqual([]);
  });

  it("checks rows before anything moves: blank and malformed values refused by line and column", async () => {
    const history = await order("720001", "9501", "100.00");
    expect(history.statusCode).toBe(200);
    expect(await tierOf("9501")).toEqual({ tier_id: tierIds.Bronze, metric: 10_000 });
    const res = await upload(tierFile, "kind=tier&fileName=tiers.csv");
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.import).toMatchObject({
      kind: "tier",
      tierBasis: "amount_spent",
      totalRows: 4,
      errorRows: 2,
    });
    expect(data.errors).toEqual([
      { line: 4, field: "Amount spent", message: "Amount spent is blank" },
      { line: 5, field: "Amount spent", message: "Amount spent has more than 2 decimals" },
    ]);
    expect(data.dryRun).toMatchObject({ tierChange: 2, tierKeep: 0, refused: 2 });
    expect(await tierOf("9502")).toEqual({ tier_id: tierIds.Bronze, metric: 0 });
  });

  it("applies: the imported measure plus the member's history sets the tier, recorded as a tier change", async () => {
    const id = (await upload(tierFile, "kind=tier&fileName=tiers.csv")).json().data.import.id;
    const done = await runToEnd(id);
    expect(done).toMatchObject({ status: "done", doneRows: 2, changedRows: 2 });
    // $150 imported + the $100 order: Silver. $1,200 imported: Gold.
    expect(await tierOf("9501")).toEqual({ tier_id: tierIds.Silver, metric: 25_000 });
    expect(await tierOf("9502")).toEqual({ tier_id: tierIds.Gold, metric: 120_000 });
    expect(await tierOf("9503")).toEqual({ tier_id: tierIds.Bronze, metric: 0 });
    expect((await changesOf("9501")).at(-1)).toEqual({
      from_tier_id: tierIds.Bronze,
      to_tier_id: tierIds.Silver,
      reason: "import",
      source_ref: `import:${id}`,
    });
  });

  it("a later order counts on top of the imported measure", async () => {
    await order("720002", "9501", "300.00");
    expect(await tierOf("9501")).toEqual({ tier_id: tierIds.Gold, metric: 55_000 });
    expect((await changesOf("9501")).at(-1)).toMatchObject({ to_tier_id: tierIds.Gold, reason: "order" });
  });

  it("the same file again changes nothing", async () => {
    const before = await t.deps.db.selectFrom("tier_changes").selectAll().execute();
    const res = await upload(tierFile, "kind=tier&fileName=tiers-again.csv");
    expect(res.json().data.dryRun).toMatchObject({ tierChange: 0, tierKeep: 2 });
    const done = await runToEnd(res.json().data.import.id);
    expect(done).toMatchObject({ status: "done", doneRows: 2, changedRows: 0 });
    expect(await t.deps.db.selectFrom("tier_changes").selectAll().execute()).toEqual(before);
    expect(await tierOf("9501")).toEqual({ tier_id: tierIds.Gold, metric: 55_000 });
  });

  it("does not start while a tier run recalculates (I-10)", async () => {
    const res = await upload("Email,Amount spent\n9503@example.com,250\n", "kind=tier&fileName=t.csv");
    const id = res.json().data.import.id;
    await t.deps.db.updateTable("tier_programs").set({ running_run_id: "tierrun_busy" }).execute();
    try {
      const start = await adminSend(t.app, "POST", `/apiSa/customers/imports/${id}/start`, token);
      expect(start.statusCode).toBe(409);
      expect(start.json()).toMatchObject({
        code: "tier_run_in_progress",
        error: "A tier calculation is running. Changes are possible once it has finished.",
      });
    } finally {
      await t.deps.db.updateTable("tier_programs").set({ running_run_id: null }).execute();
    }
    expect(await runToEnd(id)).toMatchObject({ status: "done", changedRows: 1 });
    expect(await tierOf("9503")).toEqual({ tier_id: tierIds.Silver, metric: 25_000 });
  });

  it("an import under way waits while a tier run starts meanwhile, then applies (I-10)", async () => {
    const res = await upload("Email,Amount spent\n9505@example.com,210\n", "kind=tier&fileName=w.csv");
    const id = res.json().data.import.id;
    // Started, and a launch began before its job ran (the job is played by hand here).
    await t.deps.db
      .updateTable("customer_imports")
      .set({ status: "importing" })
      .where("id", "=", id)
      .execute();
    await t.deps.db.updateTable("tier_programs").set({ running_run_id: "tierrun_busy" }).execute();
    try {
      expect(await applyNextBatch(t.deps, "shop_demo", id)).toBe("waiting");
      const waiting = (await adminGet(t.app, `/apiSa/customers/imports/${id}`, token)).json().data;
      expect(waiting).toMatchObject({ status: "importing", doneRows: 0 });
      expect(await tierOf("9505")).toEqual({ tier_id: tierIds.Bronze, metric: 0 });
    } finally {
      await t.deps.db.updateTable("tier_programs").set({ running_run_id: null }).execute();
    }
    // The job, sent again for later, finds the run over.
    await runImport(t.deps, "shop_demo", id);
    const done = (await adminGet(t.app, `/apiSa/customers/imports/${id}`, token)).json().data;
    expect(done).toMatchObject({ status: "done", doneRows: 1, changedRows: 1 });
    expect(await tierOf("9505")).toEqual({ tier_id: tierIds.Silver, metric: 21_000 });
  });
});

const migrationQuery = (rule: unknown, extra = "&tierColumn=vip_tier_name") =>
  `kind=migration&source=smile&fileName=smile.csv&emailColumn=email&pointsColumn=points_balance${extra}` +
  `&tierRule=${encodeURIComponent(JSON.stringify(rule))}`;
const smileFile = [
  "email,points_balance,vip_tier_name",
  "9504@example.com,320,Gold Member",
  "9505@example.com,40,insider",
  "9503@example.com,10,Platinum",
].join("\n");

describe("the migration's tier step (J-14)", () => {
  it.each([
    [
      [
        { name: "Insider", requirement: 0 },
        { name: "Gold Member", requirement: 0 },
      ],
      "tierRule[1].requirement",
      "Exactly one base tier with entry requirement 0 is required",
    ],
    [
      [{ name: "Gold Member", requirement: 50_000 }],
      "tierRule[0].requirement",
      "Exactly one base tier with entry requirement 0 is required",
    ],
    [
      [
        { name: "Insider", requirement: 0 },
        { name: "Gold Member", requirement: 50_000 },
        { name: "Platinum", requirement: 50_000 },
      ],
      "tierRule[2].requirement",
      "Duplicate entry requirement",
    ],
    [
      [{ name: "Insider", requirement: -1 }],
      "tierRule.0.requirement",
      "Entry requirement must be at least 0.",
    ],
  ])("refuses the rule %j naming %s", async (rule, field, message) => {
    const res = await upload(smileFile, migrationQuery(rule));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it("needs the tier column with the rule", async () => {
    const res = await upload(smileFile, migrationQuery([{ name: "Insider", requirement: 0 }], ""));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("tierColumn");
  });

  it("migrates members into the tier the rule gives their old tier, with a migrate_tier record", async () => {
    const rule = [
      { name: "Insider", requirement: 0 },
      { name: "Gold Member", requirement: 50_000 },
    ];
    const res = await upload(smileFile, migrationQuery(rule));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.errors).toEqual([
      { line: 4, field: "vip_tier_name", message: "vip_tier_name 'Platinum' is not in your tier rule" },
    ]);
    expect(data.dryRun).toMatchObject({ tierChange: 2, refused: 1 });
    const done = await runToEnd(data.import.id);
    expect(done).toMatchObject({ status: "done", doneRows: 2 });
    expect(await tierOf("9504")).toEqual({ tier_id: tierIds.Gold, metric: 50_000 });
    // The rule's requirement replaces 9505's imported measure ($210 → 0): back to the base tier.
    expect(await tierOf("9505")).toEqual({ tier_id: tierIds.Bronze, metric: 0 });
    expect(await changesOf("9504")).toContainEqual({
      from_tier_id: tierIds.Bronze,
      to_tier_id: tierIds.Gold,
      reason: "migrate_tier",
      source_ref: `import:${data.import.id}`,
    });
    const again = await upload(smileFile, migrationQuery(rule));
    expect(again.json().data.dryRun).toMatchObject({ tierChange: 0, tierKeep: 2, change: 0 });
  });
});
