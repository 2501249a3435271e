import type { Db } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../src/infra/clock";
import { refreshShopInfoJob } from "../src/jobs/refresh-shop-info.job";
import { createDemoPlatform } from "../src/platform/demo/demo.adapter";
import type { PlatformPort } from "../src/platform/port";
import { adminGet, createTestApp, shopifyToken, type TestApp } from "./helpers";

// A demo platform whose theme check says "not OS 2.0", so the job's effect is visible.
const platform = (clock: Clock, db: Db): PlatformPort => ({
  ...createDemoPlatform(clock, db),
  supportsAppBlocks: async () => false,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ platform, worker: true });
});
afterAll(async () => {
  await t.close();
});

async function jobsNamed(name: string) {
  const r = await t.deps.database.jobSql.executeSql("select data from pgboss.job where name = $1", [name]);
  return r.rows as Array<{ data: { shopId: string } }>;
}

describe("jobs (pg-boss, outbox in the writing transaction)", () => {
  it("a job sent in a rolled-back transaction never exists", async () => {
    const before = (await jobsNamed(refreshShopInfoJob.name)).length;
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await t.deps.queue.sendInTransaction(trx, refreshShopInfoJob, { shopId: "shop_ghost" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await jobsNamed(refreshShopInfoJob.name)).length).toBe(before);
  });

  it("installing a shop enqueues the refresh in the same transaction, and the worker runs it", async () => {
    const tok = await shopifyToken(t.config, "job-shop.myshopify.com");
    const res = await adminGet(t.app, "/apiSa/shops", tok);
    const shopId = res.json().data.shop.id;
    expect((await jobsNamed(refreshShopInfoJob.name)).some((j) => j.data.shopId === shopId)).toBe(true);
    await t.deps.queue.drain();
    const check = await adminGet(t.app, "/apiSa/shopify/checkSupportAppBlock", tok);
    expect(check.json().data).toEqual({ isThemeOS2: false });
  });

  it("refuses to enqueue invalid job data", async () => {
    await expect(
      t.deps.db
        .transaction()
        .execute((trx) => t.deps.queue.sendInTransaction(trx, refreshShopInfoJob, { shopId: "" })),
    ).rejects.toThrow();
  });
});
