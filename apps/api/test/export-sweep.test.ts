import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { sweepExportFilesJob } from "../src/jobs/sweep-export-files.job";
import { runCustomerExport } from "../src/modules/customers/customers.export";
import { adminGet, adminSend, createTestApp, signIn, type TestApp, updateShopRow } from "./helpers";

/**
 * Issue 13, the export sweep: export files are kept the 7 days the `export_ready` e-mail promises,
 * then a daily job deletes them. The export's row stays as its record; its download says it
 * expired. Analytics and referral export files go the same way once their link expired.
 */
const clock = fixedClock("2026-11-02T09:00:00Z");
const DAY = 86_400_000;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ token } = await signIn(t.app));
  // Customer exports need Essential (J-15).
  await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
});
afterAll(async () => {
  await t.close();
});

const chunksOf = async (exportId: string) =>
  (
    await t.deps.db
      .selectFrom("customer_export_chunks")
      .select("seq")
      .where("shop_id", "=", "shop_demo")
      .where("export_id", "=", exportId)
      .execute()
  ).length;
const sweep = () => sweepExportFilesJob.handle(t.deps, {});

describe("the daily export sweep", () => {
  it("keeps a customer export's file for 7 days, then deletes it; the download says it expired", async () => {
    const started = (await adminSend(t.app, "POST", "/apiSa/customers/exports", token, { tab: "all" })).json()
      .data;
    await runCustomerExport(t.deps, "shop_demo", started.id);
    const file = () => adminGet(t.app, `/apiSa/customers/exports/${started.id}/file.csv`, token);
    expect((await file()).statusCode).toBe(200);
    const kept = await chunksOf(started.id);
    expect(kept).toBeGreaterThan(0);

    clock.advance(6 * DAY);
    ({ token } = await signIn(t.app)); // admin tokens live a minute
    await sweep();
    expect(await chunksOf(started.id)).toBe(kept);
    expect((await file()).statusCode).toBe(200);

    clock.advance(2 * DAY);
    ({ token } = await signIn(t.app));
    const expired = await file();
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ success: false, code: "export_expired" });
    await sweep();
    expect(await chunksOf(started.id)).toBe(0);
    // The record stays: the list of exports still shows what was exported, and when.
    const status = (await adminGet(t.app, `/apiSa/customers/exports/${started.id}`, token)).json().data;
    expect(status).toMatchObject({ status: "done" });
    // A second run finds nothing more to delete.
    await sweep();
    expect(await chunksOf(started.id)).toBe(0);
  });

  it("drops analytics and referral export files past their link's expiry, and only those", async () => {
    const now = clock.now();
    const past = new Date(now.getTime() - DAY);
    const future = new Date(now.getTime() + DAY);
    await t.deps.db
      .insertInto("analytics_exports")
      .values([
        {
          shop_id: "shop_demo",
          id: "ane_old",
          query: "{}",
          recipient: "a@example.com",
          status: "ready",
          csv: "a",
          expires_at: past,
        },
        {
          shop_id: "shop_demo",
          id: "ane_new",
          query: "{}",
          recipient: "a@example.com",
          status: "ready",
          csv: "b",
          expires_at: future,
        },
      ])
      .execute();
    await t.deps.db
      .insertInto("referral_exports")
      .values([
        {
          shop_id: "shop_demo",
          id: "rfe_old",
          status: "ready",
          filter: "{}",
          recipient: "a@example.com",
          csv: "c",
          expires_at: past,
        },
        {
          shop_id: "shop_demo",
          id: "rfe_new",
          status: "ready",
          filter: "{}",
          recipient: "a@example.com",
          csv: "d",
          expires_at: future,
        },
      ])
      .execute();
    await sweep();
    const analytics = await t.deps.db
      .selectFrom("analytics_exports")
      .select(["id", "csv"])
      .orderBy("id")
      .execute();
    expect(analytics).toEqual([
      { id: "ane_new", csv: "b" },
      { id: "ane_old", csv: null },
    ]);
    const referrals = await t.deps.db
      .selectFrom("referral_exports")
      .select(["id", "csv"])
      .orderBy("id")
      .execute();
    expect(referrals).toEqual([
      { id: "rfe_new", csv: "d" },
      { id: "rfe_old", csv: null },
    ]);
  });
});
