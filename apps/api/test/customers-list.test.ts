import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCustomerExport, writeNextExportPage } from "../src/modules/customers/customers.export";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { getShopOrThrow } from "../src/modules/shops/shops.service";
import { storeTimeZoneOf } from "../src/modules/shops/time-zone";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody, refundBody } from "./order-payloads";

/** J-03, J-04, J-05 (issue 9): the list's tabs, sorts, search and pages; profile; membership; bulk. */

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

type Row = { id: string; email: string; availablePoints: number; type: string; leftReason: string | null };

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  // 30 shoppers: created one second apart, points 0..290, every third a guest, two B2B, phones.
  await t.deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 30; i++) {
      const pid = String(5000 + i);
      const c = await ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        {
          platformCustomerId: pid,
          email: `shopper${String(i).padStart(2, "0")}@example.com`,
          firstName: `First${String.fromCharCode(65 + (i % 26))}`,
          lastName: i === 7 ? "Zimmermann" : `Last${i}`,
        },
        i % 3 === 0 ? "guest" : "member",
      );
      ids[pid] = c.id;
      await trx
        .updateTable("customers")
        .set({
          created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
          available_points: i * 10,
          phone: i === 4 ? "+1 (415) 555-0104" : null,
          is_b2b: i === 5 || i === 6,
        })
        .where("shop_id", "=", "shop_demo")
        .where("id", "=", c.id)
        .execute();
    }
  });
});
afterAll(async () => {
  await t.close();
});

async function walk(query: string, pageSize = 7): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n++) {
    const url = `/apiSa/customers?${query}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await adminGet(t.app, url, token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    rows.push(...data.customers);
    cursor = data.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error("pages never ended");
}

describe("customer list (J-03)", () => {
  it("walks every sort page by page: each customer once, in order", async () => {
    const newest = await walk("sort=newest");
    expect(newest.map((r) => r.email)).toEqual(
      Array.from({ length: 30 }, (_, i) => `shopper${String(29 - i).padStart(2, "0")}@example.com`),
    );
    const oldest = await walk("sort=oldest", 4);
    expect(oldest.map((r) => r.email)).toEqual(newest.map((r) => r.email).reverse());
    const points = await walk("sort=points", 9);
    expect(points.map((r) => r.availablePoints)).toEqual(Array.from({ length: 30 }, (_, i) => (29 - i) * 10));
    const byName = await walk("sort=name", 5);
    const names = byName.map((r) => (r as unknown as { firstName: string }).firstName);
    expect(names).toEqual([...names].sort());
    expect(new Set(byName.map((r) => r.id)).size).toBe(30);
  });

  it("tabs: member, guest, B2B; search by e-mail, last name and phone prefix", async () => {
    expect(await walk("tab=guest")).toHaveLength(10);
    expect(await walk("tab=member")).toHaveLength(20);
    expect((await walk("tab=b2b")).map((r) => r.email).sort()).toEqual([
      "shopper05@example.com",
      "shopper06@example.com",
    ]);
    expect((await walk("search=SHOPPER1")).length).toBe(10);
    expect((await walk("search=zimmer")).map((r) => r.email)).toEqual(["shopper07@example.com"]);
    expect((await walk("search=firstb%20last1")).map((r) => r.email)).toEqual(["shopper01@example.com"]);
    expect((await walk(`search=${encodeURIComponent("+1 415-555")}`)).map((r) => r.email)).toEqual([
      "shopper04@example.com",
    ]);
    // Search and sort and tab together, paged.
    const combined = await walk("tab=member&sort=points&search=shopper2", 3);
    expect(combined.map((r) => r.availablePoints)).toEqual([290, 280, 260, 250, 230, 220, 200]);
  });

  it.each([
    ["tab=vip", "tab"],
    ["sort=random", "sort"],
    ["cursor=not-a-cursor", "cursor"],
    ["pageSize=101", "pageSize"],
    ["search=a%00b", "search"],
  ])("bad query %s → 400 naming %s", async (query, field) => {
    const res = await adminGet(t.app, `/apiSa/customers?${query}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("a cursor of one sort is refused by another (400, not a 500)", async () => {
    const first = (await adminGet(t.app, "/apiSa/customers?sort=newest&pageSize=2", token)).json().data;
    const res = await adminGet(t.app, `/apiSa/customers?sort=points&cursor=${first.nextCursor}`, token);
    expect(res.statusCode).toBe(400);
  });
});

describe("profile, personal information and membership (J-04, J-05)", () => {
  it("the overview counts lifetime points and orders", async () => {
    const id = ids["5001"] ?? "";
    await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, { points: 40, note: "welcome" });
    await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, token, { points: -15 });
    const res = await adminGet(t.app, `/apiSa/customers/${id}/profile`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      customer: { id, availablePoints: 10 + 40 - 15 },
      stats: { lifetimeEarned: 40, ordersCount: 0, averageOrderMinor: 0, currency: "USD" },
    });
    const admin = (await adminGet(t.app, `/apiSa/customers/${id}/activities?filter=admin`, token)).json()
      .data;
    expect(admin.activities.map((a: { points: number }) => a.points)).toEqual([-15, 40]);
    const expired = (await adminGet(t.app, `/apiSa/customers/${id}/activities?filter=expired`, token)).json();
    expect(expired.data.activities).toHaveLength(0);
  });

  it("the overview's orders, spend and average count paid orders less refunds (decision 0071)", async () => {
    const id = ids["5004"] ?? "";
    const order = (oid: string, price: string, extra: object = {}) =>
      deliverWebhook(
        t,
        "orders/paid",
        orderBody({ id: oid, customerId: "5004", lines: [{ id: `${oid}1`, price, quantity: 1 }], ...extra }),
      );
    expect((await order("880001", "100.00")).statusCode).toBe(200);
    expect((await order("880002", "50.00")).statusCode).toBe(200);
    expect((await order("880003", "70.00", { cancelledAt: "2026-06-16T10:00:00-04:00" })).statusCode).toBe(
      200,
    );
    // An order not yet paid counts for nothing; a partial refund takes its money, not the order.
    expect(
      (
        await deliverWebhook(
          t,
          "orders/create",
          orderBody({ id: "880004", customerId: "5004", financialStatus: "pending" }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await deliverWebhook(
          t,
          "refunds/create",
          refundBody({ id: "880005", orderId: "880001", amount: "20.00", lineId: "8800011" }),
        )
      ).statusCode,
    ).toBe(200);
    const stats = (await adminGet(t.app, `/apiSa/customers/${id}/profile`, token)).json().data.stats;
    expect(stats).toMatchObject({ ordersCount: 2, amountSpentMinor: 13_000, averageOrderMinor: 6_500 });
    expect(stats.lastOrderAt).toBe("2026-06-15T14:00:00.000Z");
  });

  it("edits name, birthday and phone; refuses a day that does not exist, writing nothing", async () => {
    const id = ids["5002"] ?? "";
    const patch = (payload: object) =>
      t.app.inject({
        method: "PUT",
        url: `/apiSa/customers/${id}`,
        headers: { "x-auth-token": token },
        payload,
      });
    const ok = await patch({
      firstName: "Marie",
      lastName: "Curie",
      birthday: "11/7",
      phone: "+33 1 23 45 67 89",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      firstName: "Marie",
      lastName: "Curie",
      birthday: "11/07",
      phone: "+33 1 23 45 67 89",
      updatedSource: "admin",
    });
    for (const [body, field] of [
      [{ birthday: "02/30", firstName: "Nope" }, "birthday"],
      [{ phone: "call me" }, "phone"],
      [{ nickname: "x" }, ""],
      [{}, ""],
    ] as const) {
      const bad = await patch(body);
      expect(bad.statusCode).toBe(400);
      if (field) expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const after = (await adminGet(t.app, `/apiSa/customers/${id}`, token)).json().data;
    expect(after).toMatchObject({ firstName: "Marie", birthday: "11/07" });
    const cleared = await patch({ birthday: null, phone: null });
    expect(cleared.json().data).toMatchObject({ birthday: null, phone: null });
  });

  it("excludes a member into the Left segment and joins them back; repeating changes nothing", async () => {
    const id = ids["5008"] ?? "";
    const send = (action: string) =>
      adminSend(t.app, "POST", `/apiSa/customers/${id}/membership`, token, { action });
    expect((await send("exclude")).json().data).toMatchObject({ type: "left", leftReason: "excluded" });
    expect((await send("exclude")).json().data).toMatchObject({ type: "left", leftReason: "excluded" });
    expect((await walk("tab=left_segment")).map((r) => r.id)).toEqual([id]);
    expect((await walk("tab=left")).map((r) => r.id)).toEqual([id]);
    expect((await send("join")).json().data).toMatchObject({ type: "member", leftReason: null });
    expect(await walk("tab=left_segment")).toHaveLength(0);
    expect((await send("leave")).statusCode).toBe(400);
  });

  it("a shopper deleted from the store cannot be joined by hand (409)", async () => {
    const id = ids["5009"] ?? "";
    await t.deps.db
      .updateTable("customers")
      .set({ type: "left", left_reason: "deleted" })
      .where("shop_id", "=", "shop_demo")
      .where("id", "=", id)
      .execute();
    const res = await adminSend(t.app, "POST", `/apiSa/customers/${id}/membership`, token, {
      action: "join",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("customer_deleted");
  });
});

describe("bulk actions (J-03)", () => {
  it("adjusts points of the selected customers once per Idempotency-Key", async () => {
    const sel = [ids["5010"] ?? "", ids["5011"] ?? ""];
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/apiSa/customers/bulk",
        headers: { "x-auth-token": token, "idempotency-key": "bulk-1" },
        payload: { action: "adjust_points", ids: [...sel, "cus_nope"], points: -500, note: "bulk" },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ changed: 2, missing: ["cus_nope"] });
    expect((await send()).json().data).toEqual({ changed: 0, missing: ["cus_nope"] });
    const one = (await adminGet(t.app, `/apiSa/customers/${sel[0]}`, token)).json().data;
    expect(one.availablePoints).toBe(100 - 500);
  });

  it("excludes and joins in bulk; a bad body writes nothing", async () => {
    const sel = [ids["5013"] ?? "", ids["5014"] ?? ""];
    const ex = await adminSend(t.app, "POST", "/apiSa/customers/bulk", token, {
      action: "exclude",
      ids: sel,
    });
    expect(ex.json().data.changed).toBe(2);
    expect((await walk("tab=left_segment")).map((r) => r.id).sort()).toEqual([...sel].sort());
    await adminSend(t.app, "POST", "/apiSa/customers/bulk", token, { action: "join", ids: sel });
    for (const body of [
      { action: "adjust_points", ids: sel, points: 0 },
      { action: "adjust_points", ids: [], points: 5 },
      { action: "delete", ids: sel },
      { action: "exclude", ids: Array.from({ length: 101 }, (_, i) => `c${i}`) },
    ]) {
      const bad = await adminSend(t.app, "POST", "/apiSa/customers/bulk", token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await walk("tab=left_segment")).toHaveLength(0);
  });

  it("another shop's session changes none of these customers", async () => {
    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    const id = ids["5015"] ?? "";
    const bulk = await adminSend(t.app, "POST", "/apiSa/customers/bulk", other, {
      action: "exclude",
      ids: [id],
    });
    expect(bulk.json().data).toEqual({ changed: 0, missing: [id] });
    const m = await adminSend(t.app, "POST", `/apiSa/customers/${id}/membership`, other, {
      action: "exclude",
    });
    expect(m.statusCode).toBe(404);
    const p = await adminGet(t.app, `/apiSa/customers/${id}/profile`, other);
    expect(p.statusCode).toBe(404);
  });
});

describe("export (J-15)", () => {
  it("is Essential-gated: the free plan gets 403 plan_required, no file", async () => {
    const res = await adminGet(t.app, "/apiSa/customers/export.csv", token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("plan_required");
  });

  it("streams the tab as CSV: header, every row, quotes and formulas neutralised", async () => {
    await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
    const id = ids["5020"] ?? "";
    await t.deps.db
      .updateTable("customers")
      .set({ first_name: '=HYPERLINK("http://evil.test","x")', last_name: 'O"Brien\nJr' })
      .where("shop_id", "=", "shop_demo")
      .where("id", "=", id)
      .execute();
    const res = await adminGet(t.app, "/apiSa/customers/export.csv", token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const body = res.body.replace(/^\uFEFF/, "");
    expect(body.startsWith("Customer ID,Email,First name,Last name,Phone,Birthday,Type")).toBe(true);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")","O""Brien\nJr"`);
    expect(body).toContain("'+1 (415) 555-0104");
    // Header + 30 customers (one record spans two lines: the quoted newline).
    expect(body.trimEnd().split("\r\n")).toHaveLength(31);

    const guests = await adminGet(t.app, "/apiSa/customers/export.csv?tab=guest", token);
    // Header + 9 guests (5009 was deleted from the store above).
    expect(guests.body.trimEnd().split("\r\n")).toHaveLength(10);
    const bad = await adminGet(t.app, "/apiSa/customers/export.csv?tab=nope", token);
    expect(bad.statusCode).toBe(400);
  });

  it("as a job: progress, the same CSV page by page, the merchant e-mailed once (export_ready)", async () => {
    const start = await adminSend(t.app, "POST", "/apiSa/customers/exports", token, { tab: "guest" });
    expect(start.statusCode, start.body).toBe(200);
    const started = start.json().data;
    expect(started).toMatchObject({ tab: "guest", status: "queued", totalRows: 9, doneRows: 0 });
    const early = await adminGet(t.app, `/apiSa/customers/exports/${started.id}/file.csv`, token);
    expect(early.statusCode).toBe(409);

    // Four customers a page: three pages, each committed with the progress.
    expect(await writeNextExportPage(t.deps, "shop_demo", started.id, 4)).toBe(true);
    const half = (await adminGet(t.app, `/apiSa/customers/exports/${started.id}`, token)).json().data;
    expect(half).toMatchObject({ status: "running", doneRows: 4, totalRows: 9 });
    await runCustomerExport(t.deps, "shop_demo", started.id, 4);
    const done = (await adminGet(t.app, `/apiSa/customers/exports/${started.id}`, token)).json().data;
    expect(done).toMatchObject({ status: "done", doneRows: 9 });
    expect(done.finishedAt).not.toBeNull();

    const file = await adminGet(t.app, `/apiSa/customers/exports/${started.id}/file.csv`, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(`customers-${started.id}.csv`);
    const streamed = await adminGet(t.app, "/apiSa/customers/export.csv?tab=guest", token);
    expect(file.body).toBe(streamed.body);

    const mails = await t.deps.db
      .selectFrom("notifications")
      .select(["recipient", "data"])
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "export_ready")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.data).toMatchObject({ export: "customers", count: 9 });
    expect(String(mails[0]?.data.url)).toContain(`/customers?export=${started.id}`);

    const wrong = await adminSend(t.app, "POST", "/apiSa/customers/exports", token, { tab: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe("tab");
    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    expect((await adminGet(t.app, `/apiSa/customers/exports/${started.id}`, other)).statusCode).toBe(404);
  });

  it("a finished export stays finished when a retried run fails; an unfinished one is failed", async () => {
    // The database refuses every transaction (a lost connection); reads and the failure mark still work.
    const broken = {
      ...t.deps,
      db: new Proxy(t.deps.db, {
        get(target, prop) {
          if (prop === "transaction")
            return () => {
              throw new Error("connection lost");
            };
          const value = Reflect.get(target, prop, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    };
    const start = async () =>
      (await adminSend(t.app, "POST", "/apiSa/customers/exports", token, { tab: "guest" })).json().data;
    const status = async (id: string) =>
      (await adminGet(t.app, `/apiSa/customers/exports/${id}`, token)).json().data;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const finished = await start();
      await runCustomerExport(t.deps, "shop_demo", finished.id);
      const before = await status(finished.id);
      expect(before).toMatchObject({ status: "done", doneRows: 9, error: null });
      await runCustomerExport(broken, "shop_demo", finished.id);
      expect(await status(finished.id)).toEqual(before);
      const file = await adminGet(t.app, `/apiSa/customers/exports/${finished.id}/file.csv`, token);
      expect(file.statusCode).toBe(200);

      const queued = await start();
      await runCustomerExport(broken, "shop_demo", queued.id);
      expect(await status(queued.id)).toMatchObject({
        status: "failed",
        error: "Failed to export customers",
      });
    } finally {
      console.warn = warn;
    }
  });
});

describe("point activity across the shop (K-01, K-03)", () => {
  it("lists entries newest first with the customer, filtered by action, customer and store days, paged", async () => {
    // "Today" is the store's day (K-01), not UTC's: from 00:00 to 05:00 UTC New York is a day behind.
    const zone = storeTimeZoneOf(await getShopOrThrow(t.deps, "shop_demo")) ?? "UTC";
    const part = (type: string) =>
      new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
        .formatToParts(new Date())
        .find((p) => p.type === type)?.value;
    const today = `${part("year")}-${part("month")}-${part("day")}`;
    const get = async (query: string) => {
      const res = await adminGet(t.app, `/apiSa/activities?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        activities: { id: string; activityType: string; customerEmail: string; points: number }[];
        nextCursor: string | null;
      };
    };
    const adjusted = await get("action=adjust_point");
    expect(adjusted.activities.length).toBeGreaterThanOrEqual(4);
    expect(adjusted.activities.every((a) => a.activityType === "adjust_point")).toBe(true);
    const ids = adjusted.activities.map((a) => Number(a.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const one = await get("action=adjust_point&customer=SHOPPER10");
    expect(one.activities.map((a) => [a.customerEmail, a.points])).toEqual([["shopper10@example.com", -500]]);

    const first = await get("action=adjust_point&pageSize=2");
    expect(first.activities).toHaveLength(2);
    const second = await get(`action=adjust_point&pageSize=2&cursor=${first.nextCursor}`);
    expect(second.activities[0]?.id).toBe(adjusted.activities[2]?.id);

    expect((await get(`from=${today}&to=${today}&action=adjust_point`)).activities).toHaveLength(
      adjusted.activities.length,
    );
    expect((await get("from=2020-01-01&to=2020-01-31")).activities).toHaveLength(0);
  });

  it.each([
    ["from=2026-02-01&to=2026-01-01", "from"],
    ["from=2026-13-45", "from"],
    ["action=DROP%20TABLE", "action"],
    ["cursor=abc", "cursor"],
  ])("bad query %s → 400 naming %s", async (query, field) => {
    const res = await adminGet(t.app, `/apiSa/activities?${query}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});
