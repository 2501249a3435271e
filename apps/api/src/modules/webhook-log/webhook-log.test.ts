import type { WebhookDeliveryStatus } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signIn,
  signInStaff,
  type TestApp,
} from "../../../test/helpers";
import { DEMO_SHOP_DOMAIN } from "../../seed/demo-shop";

let t: TestApp;
let merchant: string;
let staff: string;
let demoShopId: string;
let otherShopId: string;
const OTHER_DOMAIN = "log-other.myshopify.com";

interface Row {
  shop: string;
  id: string;
  topic?: string;
  status?: WebhookDeliveryStatus;
  attempts?: number;
  duplicates?: number;
  error?: string | null;
  body?: string;
  orderKey?: string | null;
}

/** Deliveries written as the intake and processor would leave them (arrival order = call order). */
async function insertDeliveries(rows: Row[]) {
  for (const r of rows) {
    await t.deps.db
      .insertInto("webhook_deliveries")
      .values({
        shop_id: r.shop,
        webhook_id: r.id,
        topic: r.topic ?? "orders/paid",
        status: r.status ?? "processed",
        attempts: r.attempts ?? 1,
        duplicates: r.duplicates ?? 0,
        last_error: r.error ?? null,
        body: r.body ?? '{"id":1}',
        order_key: r.orderKey === undefined ? "1" : r.orderKey,
        processed_at: r.status === "processed" || r.status === undefined ? new Date() : null,
      })
      .execute();
  }
}

const list = async (query = "") => {
  const res = await adminGet(t.app, `/apiSa/dev_zone/webhooks${query}`, staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (data: { deliveries: Array<{ webhookId: string }> }) => data.deliveries.map((d) => d.webhookId);
const retry = (shopId: string, webhookId: string, token = staff) =>
  adminSend(t.app, "POST", `/apiSa/dev_zone/webhooks/${shopId}/${webhookId}/retry`, token);

beforeAll(async () => {
  t = await createTestApp();
  merchant = (await signIn(t.app)).token;
  staff = (await signInStaff(t.app)).token;
  demoShopId = (await adminGet(t.app, "/apiSa/shops", merchant)).json().data.shop.id;
  const other = await shopifyToken(t.config, OTHER_DOMAIN);
  otherShopId = (await adminGet(t.app, "/apiSa/shops", other)).json().data.shop.id;
  // Seeding may have recorded deliveries of its own: the log starts from a known state.
  await t.deps.db.deleteFrom("webhook_deliveries").execute();
  await insertDeliveries([
    { shop: demoShopId, id: "d1", topic: "orders/create", orderKey: "9007199254740993" },
    { shop: otherShopId, id: "o1", topic: "customers/create", orderKey: null, duplicates: 2 },
    {
      shop: demoShopId,
      id: "d2",
      status: "failed",
      attempts: 5,
      error: "currency is required.",
      body: '{"id":9007199254740993,"total_price":"10.10","note":"a, b: {c}","tags":[]}',
      orderKey: "9007199254740993",
    },
    { shop: demoShopId, id: "d3", status: "received", attempts: 0 },
    { shop: otherShopId, id: "o2", status: "failed", attempts: 5, error: "boom" },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe("webhook log: staff only (X-60)", () => {
  it("refuses merchants with 403 staff_only on every route, and changes nothing", async () => {
    for (const res of [
      await adminGet(t.app, "/apiSa/dev_zone/webhooks", merchant),
      await adminGet(t.app, `/apiSa/dev_zone/webhooks/${demoShopId}/d2`, merchant),
      await retry(demoShopId, "d2", merchant),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "staff_only" });
    }
    expect((await list("?status=failed")).counts.failed).toBe(2);
  });
});

describe("GET /apiSa/dev_zone/webhooks", () => {
  it("lists every shop's deliveries newest first, with counts per status", async () => {
    const data = await list();
    expect(ids(data)).toEqual(["o2", "d3", "d2", "o1", "d1"]);
    expect(data.counts).toEqual({ received: 1, processed: 2, failed: 2 });
    expect(data.countCap).toBe(10_000);
    expect(data.nextCursor).toBeNull();
    const d2 = data.deliveries.find((d: { webhookId: string }) => d.webhookId === "d2");
    expect(d2).toMatchObject({
      shopId: demoShopId,
      shopDomain: DEMO_SHOP_DOMAIN,
      topic: "orders/paid",
      status: "failed",
      attempts: 5,
      duplicates: 0,
      lastError: "currency is required.",
      orderKey: "9007199254740993",
      processedAt: null,
    });
    expect(Date.parse(d2.receivedAt)).not.toBeNaN();
    expect(d2).not.toHaveProperty("body");
    expect(data.deliveries.find((d: { webhookId: string }) => d.webhookId === "o1").duplicates).toBe(2);
  });

  it("pages with a cursor: no delivery twice, none missed, the last page says so", async () => {
    const first = await list("?limit=2");
    expect(ids(first)).toEqual(["o2", "d3"]);
    expect(first.nextCursor).toMatch(/^\d+$/);
    // A delivery arriving between pages does not shift the next page.
    await insertDeliveries([{ shop: demoShopId, id: "late" }]);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(["d2", "o1"]);
    const third = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(ids(third)).toEqual(["d1"]);
    expect(third.nextCursor).toBeNull();
    expect(ids(await list("?limit=1"))).toEqual(["late"]);
    await t.deps.db.deleteFrom("webhook_deliveries").where("webhook_id", "=", "late").execute();
  });

  it("filters by shop (id or domain), status and topic; counts follow shop and topic, not status", async () => {
    const byId = await list(`?shop=${otherShopId}`);
    expect(ids(byId)).toEqual(["o2", "o1"]);
    expect(byId.counts).toEqual({ received: 0, processed: 1, failed: 1 });
    expect(ids(await list(`?shop=${OTHER_DOMAIN.toUpperCase()}`))).toEqual(["o2", "o1"]);
    const failed = await list("?status=failed");
    expect(ids(failed)).toEqual(["o2", "d2"]);
    expect(failed.counts).toEqual({ received: 1, processed: 2, failed: 2 });
    const topic = await list(`?topic=orders/paid&shop=${DEMO_SHOP_DOMAIN}`);
    expect(ids(topic)).toEqual(["d3", "d2"]);
    expect(topic.counts).toEqual({ received: 1, processed: 0, failed: 1 });
    expect(ids(await list("?shop=nobody.myshopify.com"))).toEqual([]);
    // Empty filters (a cleared field in the URL) mean "any".
    expect(ids(await list("?shop=&status=&topic=&cursor="))).toHaveLength(5);
  });

  it.each([
    ["status=bogus", "status"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=two", "limit"],
    ["cursor=abc", "cursor"],
    ["topic=DROP%20TABLE", "topic"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const res = await adminGet(t.app, `/apiSa/dev_zone/webhooks?${query}`, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation_failed" });
    expect(res.json().errors[0].field).toBe(field);
  });
});

describe("GET /apiSa/dev_zone/webhooks/:shopId/:webhookId", () => {
  it("answers the delivery with its body indented, numbers and strings exactly as received", async () => {
    const res = await adminGet(t.app, `/apiSa/dev_zone/webhooks/${demoShopId}/d2`, staff);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ webhookId: "d2", status: "failed", lastError: "currency is required." });
    expect(data.body).toBe(
      '{\n  "id": 9007199254740993,\n  "total_price": "10.10",\n  "note": "a, b: {c}",\n  "tags": []\n}',
    );
  });

  it("answers 404 for an unknown delivery or a delivery of another shop", async () => {
    expect((await adminGet(t.app, `/apiSa/dev_zone/webhooks/${demoShopId}/nope`, staff)).statusCode).toBe(
      404,
    );
    expect((await adminGet(t.app, `/apiSa/dev_zone/webhooks/${otherShopId}/d2`, staff)).statusCode).toBe(404);
  });
});

describe("POST /apiSa/dev_zone/webhooks/:shopId/:webhookId/retry (process again)", () => {
  it("puts a failed delivery back in the queue, keeps its error and audit-logs the staff member", async () => {
    const res = await retry(demoShopId, "d2");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ webhookId: "d2", status: "received", attempts: 0 });
    const row = await t.deps.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("shop_id", "=", demoShopId)
      .where("webhook_id", "=", "d2")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "received",
      attempts: 0,
      lease_until: null,
      last_error: "currency is required.",
    });
    expect(row.next_attempt_at).not.toBeNull();
    expect(Math.abs(new Date(row.next_attempt_at as Date).getTime() - Date.now())).toBeLessThan(60_000);
    const audit = await t.deps.db
      .selectFrom("audit_log")
      .select(["action", "actor", "details"])
      .where("shop_id", "=", demoShopId)
      .where("action", "=", "staff.webhook.retried")
      .execute();
    expect(audit).toEqual([
      {
        action: "staff.webhook.retried",
        actor: "usr_staff",
        details: { webhookId: "d2", topic: "orders/paid", lastError: "currency is required." },
      },
    ]);
    // Now received: a second press is refused, not queued twice.
    expect((await retry(demoShopId, "d2")).json()).toMatchObject({ code: "webhook_not_failed" });
  });

  it("refuses a processed or received delivery with 409 and changes nothing", async () => {
    for (const id of ["d1", "d3"]) {
      const res = await retry(demoShopId, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: "webhook_not_failed",
        error: "Only a failed delivery can be processed again.",
      });
    }
    const d1 = await t.deps.db
      .selectFrom("webhook_deliveries")
      .select(["status", "attempts"])
      .where("webhook_id", "=", "d1")
      .executeTakeFirstOrThrow();
    expect(d1).toEqual({ status: "processed", attempts: 1 });
  });

  it("answers 404 for an unknown delivery", async () => {
    expect((await retry(demoShopId, "nope")).statusCode).toBe(404);
    expect((await retry("shop_nope", "o2")).statusCode).toBe(404);
    expect((await retry(otherShopId, "o2")).statusCode).toBe(200);
  });
});
