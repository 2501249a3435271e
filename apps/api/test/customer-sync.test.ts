import { DEMO_SHOPPERS } from "@laurel/db";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../src/app";
import { recalculateTiersJob } from "../src/jobs/recalculate-tiers.job";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { runCustomerSync, syncNextCustomerPage } from "../src/modules/customers/customers.sync";
import { seedDemoShoppers } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";

/** J-21 (decision 0164): customers synced with the platform, one now or all as a job; I-10 pause. */

let t: TestApp;
let token: string;
const SHOP = "shop_demo";
const [ava, ben] = DEMO_SHOPPERS;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  expect(await seedDemoShoppers(t.deps)).toBe(3);
  expect(await seedDemoStore(t.deps)).toBe(3);
});
afterAll(async () => {
  await t.close();
});

const laurelCustomer = (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .selectAll()
    .where("shop_id", "=", SHOP)
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();

/** Laurel's copy of every customer of the shop, as the sync could change it. */
const fingerprint = async () =>
  JSON.stringify(
    await t.deps.db
      .selectFrom("customers")
      .select([
        "platform_customer_id",
        "email",
        "first_name",
        "last_name",
        "tags",
        "email_marketing_state",
        "email_marketing_updated_at",
        "type",
        "available_points",
        "updated_at",
      ])
      .where("shop_id", "=", SHOP)
      .orderBy("platform_customer_id")
      .execute(),
  );

const setTierRun = (runId: string | null) =>
  sql`insert into tier_programs (shop_id, settings, running_run_id) values (${SHOP}, '{}', ${runId})
      on conflict (shop_id, program) do update set running_run_id = excluded.running_run_id`.execute(
    t.deps.db,
  );

describe("sync one customer (J-21)", () => {
  it("updates Laurel's copy from the store: name, e-mail, tags, e-mail marketing consent", async () => {
    const pid = ava?.customerId as string;
    const before = await laurelCustomer(pid);
    // The store's side changes: the shopper renamed, a new address, a tag, unsubscribed.
    await t.deps.db
      .updateTable("demo_shoppers")
      .set({ first_name: "Avery", email: "avery@laurel.test" })
      .where("shop_id", "=", SHOP)
      .where("customer_id", "=", pid)
      .execute();
    await t.deps.db
      .insertInto("demo_customer_tags")
      .values([
        { shop_id: SHOP, customer_id: pid, tag: "wholesale" },
        { shop_id: SHOP, customer_id: pid, tag: "newsletter" },
      ])
      .execute();
    await t.deps.db
      .insertInto("demo_customer_marketing_consents")
      .values({
        shop_id: SHOP,
        customer_id: pid,
        state: "unsubscribed",
        updated_at: new Date("2026-11-01T10:00:00Z"),
      })
      .execute();
    expect(before.first_name).toBe("Ava");

    const res = await adminSend(t.app, "POST", `/apiSa/customers/${before.id}/sync`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: "Customer synced" });
    expect(body.data).toMatchObject({ id: before.id, firstName: "Avery", email: "avery@laurel.test" });
    const after = await laurelCustomer(pid);
    expect(after).toMatchObject({
      first_name: "Avery",
      last_name: before.last_name,
      email: "avery@laurel.test",
      email_marketing_state: "unsubscribed",
      available_points: before.available_points,
    });
    expect([...after.tags].sort()).toEqual(["newsletter", "wholesale"]);

    // Syncing again changes nothing.
    const print = await fingerprint();
    expect((await adminSend(t.app, "POST", `/apiSa/customers/${before.id}/sync`, token)).statusCode).toBe(
      200,
    );
    expect(await fingerprint()).toBe(print);
  });

  it("a customer the store no longer has, an unknown id or a bad id: a clear error, nothing written", async () => {
    const gone = await t.deps.db.transaction().execute((trx) =>
      ensureCustomer(t.deps, trx, SHOP, {
        platformCustomerId: "7301999999999999999",
        email: "gone@example.com",
        firstName: "Gone",
        lastName: null,
      }),
    );
    const print = await fingerprint();
    const missing = await adminSend(t.app, "POST", `/apiSa/customers/${gone.id}/sync`, token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      code: "customer_not_on_platform",
      error: "This customer no longer exists in the store.",
    });
    const unknown = await adminSend(t.app, "POST", "/apiSa/customers/cus_nope/sync", token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("customer_not_found");
    const bad = await adminSend(t.app, "POST", `/apiSa/customers/${"x".repeat(101)}/sync`, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("id");
    // Another shop's session cannot sync this shop's customer.
    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    expect((await adminSend(t.app, "POST", `/apiSa/customers/${gone.id}/sync`, other)).statusCode).toBe(404);
    expect(await fingerprint()).toBe(print);
  });

  it("is refused while a VIP tier launch recalculates (I-10)", async () => {
    const c = await laurelCustomer(ben?.customerId as string);
    await setTierRun("run_sync_test");
    try {
      const res = await adminSend(t.app, "POST", `/apiSa/customers/${c.id}/sync`, token);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("tier_run_in_progress");
    } finally {
      await setTierRun(null);
    }
  });
});

describe("re-sync every customer (J-21)", () => {
  /** Twelve shoppers who signed up at the store while Laurel missed their customers/create. */
  const newcomers = Array.from({ length: 12 }, (_, i) => ({
    shop_id: SHOP,
    customer_id: `73020000000000000${String(i).padStart(2, "0")}`,
    email: `newcomer${i}@example.com`,
    password_hash: "not-a-real-hash",
    first_name: `New${i}`,
    last_name: "Comer",
  }));

  const getSync = async (id: string) => {
    const res = await adminGet(t.app, `/apiSa/customers/sync/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("brings every store customer into Laurel page by page with progress; a re-run changes nothing", async () => {
    await t.deps.db.insertInto("demo_shoppers").values(newcomers).execute();
    // A change on the store's side to an existing customer, too.
    await t.deps.db
      .updateTable("demo_shoppers")
      .set({ last_name: "Parker-Lee" })
      .where("shop_id", "=", SHOP)
      .where("customer_id", "=", ben?.customerId as string)
      .execute();
    const start = await adminSend(t.app, "POST", "/apiSa/customers/sync", token, {});
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().message).toBe("Re-sync started");
    const started = start.json().data;
    expect(started).toMatchObject({ status: "queued", totalRows: 15, doneRows: 0, changedRows: 0 });
    // Starting again while it runs answers the same run.
    const again = await adminSend(t.app, "POST", "/apiSa/customers/sync", token);
    expect(again.json().data.id).toBe(started.id);

    // Five a page: three pages, each committed with the progress.
    expect(await syncNextCustomerPage(t.deps, SHOP, started.id, 5)).toBe("more");
    expect(await getSync(started.id)).toMatchObject({ status: "running", doneRows: 5, totalRows: 15 });
    expect(await runCustomerSync(t.deps, SHOP, started.id, 5)).toBe("done");
    const done = await getSync(started.id);
    expect(done).toMatchObject({ status: "done", doneRows: 15, totalRows: 15, error: null });
    // The twelve newcomers and Ben changed; Ava (synced above) and Cleo did not.
    expect(done.changedRows).toBe(13);
    expect(done.finishedAt).not.toBeNull();
    for (const n of newcomers) {
      expect(await laurelCustomer(n.customer_id)).toMatchObject({
        email: n.email,
        first_name: n.first_name,
        last_name: "Comer",
        type: "guest",
      });
    }
    expect((await laurelCustomer(ben?.customerId as string)).last_name).toBe("Parker-Lee");

    const print = await fingerprint();
    const rerun = (await adminSend(t.app, "POST", "/apiSa/customers/sync", token, {})).json().data;
    expect(rerun.id).not.toBe(started.id);
    expect(await runCustomerSync(t.deps, SHOP, rerun.id, 4)).toBe("done");
    expect(await getSync(rerun.id)).toMatchObject({ status: "done", doneRows: 15, changedRows: 0 });
    expect(await fingerprint()).toBe(print);
  });

  it("waits while a VIP tier launch runs, scheduled again, and completes after (I-10)", async () => {
    await t.deps.db
      .updateTable("demo_shoppers")
      .set({ first_name: "Renamed" })
      .where("shop_id", "=", SHOP)
      .where("customer_id", "=", newcomers[0]?.customer_id as string)
      .execute();
    await setTierRun("run_launch");
    const started = (await adminSend(t.app, "POST", "/apiSa/customers/sync", token, {})).json().data;
    const print = await fingerprint();
    expect(await runCustomerSync(t.deps, SHOP, started.id, 5)).toBe("waiting");
    expect(await getSync(started.id)).toMatchObject({ status: "waiting", doneRows: 0 });
    expect(await fingerprint()).toBe(print);
    // The job comes back later by itself: a delayed job of this run is queued.
    const { rows } = await sql<{ delayed: boolean }>`
      select start_after > now() + interval '10 seconds' as delayed from pgboss.job
      where name = 'sync-customers' and data->>'syncId' = ${started.id} and state = 'created'
      order by created_on desc limit 1`.execute(t.deps.db);
    expect(rows[0]?.delayed).toBe(true);

    await setTierRun(null);
    // What the delayed job does when it fires.
    expect(await runCustomerSync(t.deps, SHOP, started.id, 5)).toBe("done");
    expect(await getSync(started.id)).toMatchObject({ status: "done", doneRows: 15, changedRows: 1 });
    expect((await laurelCustomer(newcomers[0]?.customer_id as string)).first_name).toBe("Renamed");
  });

  it("waits while a B2B partner tier launch recalculates too, and completes after it (decision 0177)", async () => {
    // The B2B requirements: Laurel Advanced on a Plus store (the demo store grants the scopes).
    await updateShopRow(t, SHOP, { plan: "advanced", shopify_plan: "shopify_plus" });
    expect(
      (await adminSend(t.app, "POST", "/apiSa/b2b/tiers", token, { name: "Partner", milestone: 0 }))
        .statusCode,
    ).toBe(200);
    const launch = await adminSend(t.app, "POST", "/apiSa/b2b/tiers/launch", token, {});
    expect(launch.json().data).toMatchObject({ action: "launch_tier", status: "running" });
    const runId = launch.json().data.id as string;

    await t.deps.db
      .updateTable("demo_shoppers")
      .set({ first_name: "Renamed again" })
      .where("shop_id", "=", SHOP)
      .where("customer_id", "=", newcomers[1]?.customer_id as string)
      .execute();
    const c = await laurelCustomer(ben?.customerId as string);
    const one = await adminSend(t.app, "POST", `/apiSa/customers/${c.id}/sync`, token);
    expect(one.statusCode).toBe(409);
    expect(one.json().code).toBe("tier_run_in_progress");
    const started = (await adminSend(t.app, "POST", "/apiSa/customers/sync", token, {})).json().data;
    const print = await fingerprint();
    expect(await runCustomerSync(t.deps, SHOP, started.id, 5)).toBe("waiting");
    expect(await getSync(started.id)).toMatchObject({ status: "waiting", doneRows: 0 });
    expect(await fingerprint()).toBe(print);

    // The launch's job recalculates the partners; then the sync goes through.
    await recalculateTiersJob.handle(t.deps, { shopId: SHOP, runId });
    expect((await adminGet(t.app, "/apiSa/b2b/tiers", token)).json().data.run).toMatchObject({
      status: "done",
    });
    expect(await runCustomerSync(t.deps, SHOP, started.id, 5)).toBe("done");
    expect(await getSync(started.id)).toMatchObject({ status: "done", changedRows: 1 });
    expect((await laurelCustomer(newcomers[1]?.customer_id as string)).first_name).toBe("Renamed again");
  });

  it("refuses a body with fields and an unknown run; another shop sees nothing", async () => {
    const bad = await adminSend(t.app, "POST", "/apiSa/customers/sync", token, { everything: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("everything");
    expect((await adminGet(t.app, "/apiSa/customers/sync/syn_nope", token)).statusCode).toBe(404);
    const [latest] = await t.deps.db
      .selectFrom("customer_syncs")
      .select("id")
      .where("shop_id", "=", SHOP)
      .orderBy("created_at", "desc")
      .limit(1)
      .execute();
    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    expect((await adminGet(t.app, `/apiSa/customers/sync/${latest?.id}`, other)).statusCode).toBe(404);
  });
});
