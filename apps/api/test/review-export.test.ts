import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { runReviewExport, writeNextReviewExportPage } from "../src/modules/earn-events/review-export";
import {
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";

/**
 * G-14, G-16: the write-review activity and the Google Maps review list exported as CSV jobs, as
 * the activity export (K-05): Essential-gated, the list's status tab, 'No reviews found to export'
 * when none match, written page by page in a stable newest-first order (events created in the same
 * instant included), formula cells neutralised, downloaded, the merchant e-mailed once, another
 * shop's session refused; a finished export stays finished when a retried run fails.
 */
let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
  for (const [platformId, email, firstName] of [
    ["8101", "ada@example.com", "Ada"],
    ["8102", "=evil@example.com", "@Grace"],
  ] as const) {
    const c = await t.deps.db
      .transaction()
      .execute((trx) =>
        ensureCustomer(
          t.deps,
          trx,
          "shop_demo",
          { platformCustomerId: platformId, email, firstName, lastName: null },
          "member",
        ),
      );
    ids[platformId] = c.id;
  }
  // Five reviews, three of them created in the same instant (the keyset must not skip or repeat
  // any), and two Google reviews.
  const same = new Date("2026-06-10T10:00:00.123456Z");
  const review = (n: number, over: Record<string, unknown>) => ({
    shop_id: "shop_demo",
    id: `rev_${n}`,
    kind: "review" as const,
    source: "inbound",
    external_id: `ext_${n}`,
    customer_id: ids["8101"] ?? null,
    status: "approved" as const,
    rating: 5,
    content: `Great product ${n}`,
    points_due: 50,
    points_paid: 50,
    created_at: same,
    ...over,
  });
  await t.deps.db
    .insertInto("earn_events")
    .values([
      review(1, { created_at: new Date("2026-06-09T08:00:00Z") }),
      review(2, {}),
      review(3, {}),
      review(4, {}),
      review(5, {
        customer_id: ids["8102"] ?? null,
        status: "pending",
        content: '=HYPERLINK("http://evil.test","x")',
        reason: "+1 spam?",
        rating: 3,
        media_count: 2,
        verified_buyer: true,
        points_paid: 0,
        created_at: new Date("2026-06-11T09:00:00Z"),
      }),
      {
        shop_id: "shop_demo",
        id: "gr_1",
        kind: "google_review",
        source: "widget",
        external_id: "g1",
        customer_id: ids["8101"] ?? null,
        status: "pending",
        url: "https://maps.app.goo.gl/abc",
        points_due: 100,
        points_paid: 20,
        created_at: new Date("2026-06-12T09:00:00Z"),
      },
      {
        shop_id: "shop_demo",
        id: "gr_2",
        kind: "google_review",
        source: "widget",
        external_id: "g2",
        customer_id: ids["8102"] ?? null,
        status: "rejected",
        reason: "-location",
        url: "https://www.google.com/maps/place/x",
        points_due: 100,
        points_paid: 0,
        created_at: new Date("2026-06-12T10:00:00Z"),
      },
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("review exports (G-14, G-16)", () => {
  it("is Essential-gated like every export", async () => {
    for (const path of ["reviews", "google-reviews"]) {
      const res = await adminSend(t.app, "POST", `/apiSa/earn-events/${path}/exports`, token, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("plan_required");
    }
  });

  it("refuses a bad status naming the field, and says when nothing matches, recording nothing", async () => {
    await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
    const bad = await adminSend(t.app, "POST", "/apiSa/earn-events/reviews/exports", token, {
      status: "rejected",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("status");
    const extra = await adminSend(t.app, "POST", "/apiSa/earn-events/reviews/exports", token, { tab: "x" });
    expect(extra.statusCode).toBe(400);
    const none = await adminSend(t.app, "POST", "/apiSa/earn-events/reviews/exports", token, {
      status: "disapproved",
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe("No reviews found to export");
    const noGoogle = await adminSend(t.app, "POST", "/apiSa/earn-events/google-reviews/exports", token, {
      status: "approved",
    });
    expect(noGoogle.json().error).toBe("No Google reviews found to export");
    expect(await t.deps.db.selectFrom("review_exports").select("id").execute()).toEqual([]);
  });

  it("writes the reviews page by page newest first, none skipped or repeated, neutralised, e-mailed once", async () => {
    const start = await adminSend(t.app, "POST", "/apiSa/earn-events/reviews/exports", token, {});
    expect(start.statusCode, start.body).toBe(200);
    const started = start.json().data;
    expect(started).toMatchObject({ kind: "review", statusFilter: null, status: "queued", totalRows: 5 });
    expect(
      (await adminGet(t.app, `/apiSa/earn-events/exports/${started.id}/file.csv`, token)).statusCode,
    ).toBe(409);
    // Two a page: the page boundary falls inside the three reviews of the same instant.
    expect(await writeNextReviewExportPage(t.deps, "shop_demo", started.id, 2)).toBe(true);
    expect(
      (await adminGet(t.app, `/apiSa/earn-events/exports/${started.id}`, token)).json().data,
    ).toMatchObject({
      status: "running",
      doneRows: 2,
    });
    await runReviewExport(t.deps, "shop_demo", started.id, 2);
    const done = (await adminGet(t.app, `/apiSa/earn-events/exports/${started.id}`, token)).json().data;
    expect(done).toMatchObject({ status: "done", doneRows: 5, totalRows: 5 });

    const file = await adminGet(t.app, `/apiSa/earn-events/exports/${started.id}/file.csv`, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.headers["content-disposition"]).toContain(`reviews-${started.id}.csv`);
    expect(file.body.startsWith("\uFEFF")).toBe(true);
    const rows = lines(file.body);
    expect(rows[0]).toBe(
      "Date,Customer name,Customer email,Rating,Content,Media,Verified buyer,Points earned,Points due,Status,Reason,Source",
    );
    expect(rows).toHaveLength(6);
    // Newest first: Grace's review, then the three of one instant by id descending, then the oldest.
    const contents = rows.slice(2).map((l) => l.split(",")[4]);
    expect(contents).toEqual(["Great product 4", "Great product 3", "Great product 2", "Great product 1"]);
    expect(rows[1]).toContain(
      `'@Grace,'=evil@example.com,3,"'=HYPERLINK(""http://evil.test"",""x"")",2,yes,0,50,pending,'+1 spam?,inbound`,
    );
    expect(file.body).not.toMatch(/[\n,]=HYPERLINK/);

    // Only the pending tab.
    const pending = (
      await adminSend(t.app, "POST", "/apiSa/earn-events/reviews/exports", token, { status: "pending" })
    ).json().data;
    expect(pending).toMatchObject({ statusFilter: "pending", totalRows: 1 });
    await runReviewExport(t.deps, "shop_demo", pending.id);
    expect(
      lines((await adminGet(t.app, `/apiSa/earn-events/exports/${pending.id}/file.csv`, token)).body),
    ).toHaveLength(2);

    const mails = await t.deps.db
      .selectFrom("notifications")
      .select("data")
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "export_ready")
      .execute();
    expect(mails).toHaveLength(2);
    const mine = mails.find((m) => String(m.data.url).endsWith(started.id));
    expect(mine?.data).toMatchObject({ export: "reviews", count: 5 });
    expect(String(mine?.data.url)).toContain(`/customers/programs/review?export=${started.id}`);
    await runReviewExport(t.deps, "shop_demo", started.id, 2); // a retried job: nothing more
    expect(
      await t.deps.db.selectFrom("notifications").select("id").where("event", "=", "export_ready").execute(),
    ).toHaveLength(2);

    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    expect((await adminGet(t.app, `/apiSa/earn-events/exports/${started.id}`, other)).statusCode).toBe(404);
    expect(
      (await adminGet(t.app, `/apiSa/earn-events/exports/${started.id}/file.csv`, other)).statusCode,
    ).toBe(404);
  });

  it("writes the Google reviews with their links and statuses", async () => {
    const started = (
      await adminSend(t.app, "POST", "/apiSa/earn-events/google-reviews/exports", token, {})
    ).json().data;
    expect(started).toMatchObject({ kind: "google_review", totalRows: 2 });
    await runReviewExport(t.deps, "shop_demo", started.id);
    const file = await adminGet(t.app, `/apiSa/earn-events/exports/${started.id}/file.csv`, token);
    expect(file.headers["content-disposition"]).toContain(`google-reviews-${started.id}.csv`);
    const rows = lines(file.body);
    expect(rows[0]).toBe(
      "Date,Customer name,Customer email,Review URL,Points earned,Points due,Status,Reason",
    );
    expect(rows.slice(1).map((l) => l.split(",").slice(1))).toEqual([
      [
        "'@Grace",
        "'=evil@example.com",
        "https://www.google.com/maps/place/x",
        "0",
        "100",
        "rejected",
        "'-location",
      ],
      ["Ada", "ada@example.com", "https://maps.app.goo.gl/abc", "20", "100", "pending", ""],
    ]);
  });

  it("a finished export stays finished when a retried run fails; an unfinished one is failed", async () => {
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
      (await adminSend(t.app, "POST", "/apiSa/earn-events/google-reviews/exports", token, {})).json().data;
    const status = async (id: string) =>
      (await adminGet(t.app, `/apiSa/earn-events/exports/${id}`, token)).json().data;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const finished = await start();
      await runReviewExport(t.deps, "shop_demo", finished.id);
      const before = await status(finished.id);
      expect(before).toMatchObject({ status: "done", error: null });
      await runReviewExport(broken, "shop_demo", finished.id);
      expect(await status(finished.id)).toEqual(before);
      const queued = await start();
      await runReviewExport(broken, "shop_demo", queued.id);
      expect(await status(queued.id)).toMatchObject({
        status: "failed",
        error: "Failed to export Google reviews",
      });
    } finally {
      console.warn = warn;
    }
  });
});
