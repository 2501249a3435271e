import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
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
 * M-02, decision 0176: the General settings' order and customer tags. Each order that earns points
 * gets the order tags on the platform, its customer the customer tags, through a job the order
 * pipeline enqueues in the batch's transaction; empty lists add nothing.
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ clock, worker: true });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["7301", "7302"], clock.now());
});
afterAll(async () => {
  await t.close();
});

const GENERAL = {
  timeZone: null,
  dateFormat: "month_day",
  loginRedirectUrl: null,
  signUpRedirectUrl: null,
  cartDrawerSelector: null,
};
const putGeneral = (general: Record<string, unknown>) =>
  adminSend(t.app, "PUT", "/apiSa/lp/settings", token, { general: { ...GENERAL, ...general } });
const orderTagsOf = async (orderId: string) =>
  (
    await t.deps.db
      .selectFrom("demo_order_tags")
      .select("tag")
      .where("shop_id", "=", "shop_demo")
      .where("order_id", "=", orderId)
      .orderBy("tag")
      .execute()
  ).map((r) => r.tag);
const customerTagsOf = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("demo_customer_tags")
      .select("tag")
      .where("shop_id", "=", "shop_demo")
      .where("customer_id", "=", platformId)
      .orderBy("tag")
      .execute()
  ).map((r) => r.tag);
const jobsOf = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom("pgboss.job" as never)
        .select((eb) => eb.fn.countAll().as("n"))
        .where("name" as never, "=", "tag-orders-and-customers" as never)
        .executeTakeFirstOrThrow()
    ).n,
  );
const paid = (id: string, customerId: string | null, price = "80.00") =>
  deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id, ...(customerId ? { customerId } : {}), lines: [{ id: `${id}1`, price, quantity: 1 }] }),
  );

describe("order and customer tags in the General settings", () => {
  it("are empty by default, and an earning order then adds no tags and no job", async () => {
    const res = await adminGet(t.app, "/apiSa/lp/settings", token);
    expect(res.json().data.general).toMatchObject({ orderTags: [], customerTags: [] });
    await paid("7300001", "7301");
    await t.deps.queue.drain();
    expect(await orderTagsOf("7300001")).toEqual([]);
    expect(await customerTagsOf("7301")).toEqual([]);
    expect(await jobsOf()).toBe(0);
  });

  it("are saved trimmed, without repeats; a PUT without them keeps none", async () => {
    const res = await putGeneral({
      orderTags: [" Loyalty ", "Points earned", "Loyalty"],
      customerTags: ["Member"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings.general).toMatchObject({
      orderTags: ["Loyalty", "Points earned"],
      customerTags: ["Member"],
    });
  });

  it("an order that earns points is tagged, and so is its customer, once the job has run", async () => {
    await paid("7300002", "7302");
    expect(await orderTagsOf("7300002")).toEqual([]);
    await t.deps.queue.drain();
    expect(await orderTagsOf("7300002")).toEqual(["Loyalty", "Points earned"]);
    expect(await customerTagsOf("7302")).toEqual(["Member"]);
    // The earlier order is not tagged after the fact.
    expect(await orderTagsOf("7300001")).toEqual([]);
  });

  it("a redelivered order changes nothing; an order that earns nothing is not tagged", async () => {
    const before = await jobsOf();
    await paid("7300002", "7302");
    await t.deps.queue.drain();
    expect(await jobsOf()).toBe(before);
    expect(await orderTagsOf("7300002")).toEqual(["Loyalty", "Points earned"]);
    // A guest's order earns no points.
    await paid("7300003", null);
    await t.deps.queue.drain();
    expect(await orderTagsOf("7300003")).toEqual([]);
  });

  it("only customer tags: the customer is tagged, the order is not", async () => {
    expect((await putGeneral({ orderTags: [], customerTags: ["Regular"] })).statusCode).toBe(200);
    await paid("7300004", "7301");
    await t.deps.queue.drain();
    expect(await orderTagsOf("7300004")).toEqual([]);
    expect(await customerTagsOf("7301")).toEqual(["Regular"]);
  });

  it.each([
    [
      { orderTags: ["Loyal, VIP"] },
      "general.orderTags.0",
      "Each order tag must be 1 to 40 characters, without commas.",
    ],
    [
      { orderTags: [" "] },
      "general.orderTags.0",
      "Each order tag must be 1 to 40 characters, without commas.",
    ],
    [
      { customerTags: ["x".repeat(41)] },
      "general.customerTags.0",
      "Each customer tag must be 1 to 40 characters, without commas.",
    ],
    [
      { orderTags: Array.from({ length: 11 }, (_, i) => `T${i}`) },
      "general.orderTags",
      "At most 10 order tags.",
    ],
    [{ customerTags: "Member" }, "general.customerTags", "Customer tags must be a list of tags."],
    [{ orderTags: [7] }, "general.orderTags.0", "Each order tag must be 1 to 40 characters, without commas."],
  ])("refuses %j naming %s, and saves nothing", async (general, field, message) => {
    const res = await putGeneral(general);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    const saved = (await adminGet(t.app, "/apiSa/lp/settings", token)).json().data.general;
    expect(saved).toMatchObject({ orderTags: [], customerTags: ["Regular"] });
  });
});

describe("tag past orders (M-02, decision 0176)", () => {
  const start = () => adminSend(t.app, "POST", "/apiSa/lp/settings/tag-past-orders", token, {});
  const latest = async () => (await adminGet(t.app, "/apiSa/lp/settings/tag-past-orders", token)).json().data;

  it("is refused, naming the field, while no tag is saved", async () => {
    expect((await putGeneral({ orderTags: [], customerTags: [] })).statusCode).toBe(200);
    const res = await start();
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("general.orderTags");
    expect(await latest()).toBeNull();
  });

  it("tags every order that earned before the tags, and their customers, with progress; a second run adds nothing new", async () => {
    // 7300001 earned while no tag was set; 7300003 (a guest's) earned nothing.
    expect((await putGeneral({ orderTags: ["Since launch"], customerTags: ["Loyal"] })).statusCode).toBe(200);
    const res = await start();
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    expect(run).toMatchObject({
      status: "queued",
      orderTags: ["Since launch"],
      customerTags: ["Loyal"],
      doneRows: 0,
    });
    // Starting again while it runs answers the same run.
    expect((await start()).json().data.id).toBe(run.id);
    await t.deps.queue.drain();
    const done = await latest();
    expect(done).toMatchObject({ id: run.id, status: "done", error: null });
    expect(done.doneRows).toBe(done.totalRows);
    expect(done.totalRows).toBe(3); // 7300001, 7300002, 7300004
    expect(await orderTagsOf("7300001")).toEqual(["Since launch"]);
    expect(await orderTagsOf("7300002")).toEqual(["Loyalty", "Points earned", "Since launch"]);
    expect(await orderTagsOf("7300003")).toEqual([]);
    expect(await customerTagsOf("7301")).toEqual(["Loyal", "Regular"]);
    expect(await customerTagsOf("7302")).toEqual(["Loyal", "Member"]);

    const again = (await start()).json().data;
    expect(again.id).not.toBe(run.id);
    await t.deps.queue.drain();
    expect(await latest()).toMatchObject({ id: again.id, status: "done" });
    expect(await orderTagsOf("7300001")).toEqual(["Since launch"]);
  });

  it("hands the orders over a page at a time and resumes after the last page handed over", async () => {
    const { runPastOrderTagging } = await import("../src/modules/platform-tags/past-order-tagging");
    // A run that crashed after handing over its first page (no job of its own here): its row holds
    // the cursor, and the rerun, a page of one at a time, goes on from there.
    const run = { id: "tpo_resumed" };
    await t.deps.db
      .insertInto("past_order_taggings")
      .values({
        shop_id: "shop_demo",
        id: run.id,
        status: "running",
        order_tags: ["Resumed"],
        customer_tags: [],
        total_rows: 3,
        done_rows: 1,
        cursor: "7300001",
      })
      .execute();
    await runPastOrderTagging(t.deps, "shop_demo", run.id, 1);
    await t.deps.queue.drain();
    expect(await orderTagsOf("7300001")).toEqual(["Since launch"]);
    expect(await orderTagsOf("7300004")).toEqual(["Resumed", "Since launch"]);
    const done = await t.deps.db
      .selectFrom("past_order_taggings")
      .select(["status", "done_rows", "cursor"])
      .where("id", "=", run.id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: "done", done_rows: 3, cursor: "7300004" });
  });

  it("refuses a body with fields", async () => {
    const res = await adminSend(t.app, "POST", "/apiSa/lp/settings/tag-past-orders", token, { days: 30 });
    expect(res.statusCode).toBe(400);
  });
});
