import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runActivityExport, writeNextActivityExportPage } from "../src/modules/customers/activity-export";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { sendNotification } from "../src/modules/mail/mail.service";
import { storeTimeZoneOf } from "../src/modules/shops/time-zone";
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
 * K-05 (decision 0169): the shop's point activity exported as a job — started with the list's
 * filters ('No activities found to export' when none match), written page by page with progress,
 * formula cells neutralised, downloaded from the admin, and the merchant e-mailed through a real
 * SMTP peer; a failed run says 'Failed to export activities'.
 */

let t: TestApp;
let token: string;
const received: ParsedMail[] = [];
let peer: SMTPServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  peer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((r) => peer.listen(0, "127.0.0.1", () => r()));
  const port = (peer.server.address() as AddressInfo).port;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: "http://laurel.test" },
  });
  ({ token } = await signIn(t.app));
  for (const [platformId, email, firstName] of [
    ["7001", "ada@example.com", "Ada"],
    ["7002", "=evil@example.com", "@Grace"],
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
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => peer.close(() => r()));
});

const shopRow = () =>
  t.deps.db.selectFrom("shops").selectAll().where("id", "=", "shop_demo").executeTakeFirstOrThrow();

const adjust = (platformId: string, points: number, note: string) =>
  adminSend(t.app, "POST", `/apiSa/customers/${ids[platformId]}/points`, token, { points, note });

describe("point activity export (K-05)", () => {
  it("is Essential-gated like every export", async () => {
    const res = await adminSend(t.app, "POST", "/apiSa/activities/exports", token, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("plan_required");
  });

  it("refuses bad filters naming the field, and says when nothing matches, recording nothing", async () => {
    await updateShopRow(t, "shop_demo", { plan: "enterprise_2025" });
    const bad = await adminSend(t.app, "POST", "/apiSa/activities/exports", token, { from: "2026-13-40" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("from");
    const unknown = await adminSend(t.app, "POST", "/apiSa/activities/exports", token, { tab: "all" });
    expect(unknown.statusCode).toBe(400);
    const none = await adminSend(t.app, "POST", "/apiSa/activities/exports", token, {
      customer: "nobody-here@",
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe("No activities found to export");
    const rows = await t.deps.db.selectFrom("activity_exports").select("id").execute();
    expect(rows).toEqual([]);
  });

  it("writes the filtered entries page by page, neutralised, and e-mails the merchant once", async () => {
    for (let i = 1; i <= 3; i++) expect((await adjust("7001", 10 * i, `thanks ${i}`)).statusCode).toBe(200);
    expect((await adjust("7002", -5, '=HYPERLINK("http://evil.test","x")')).statusCode).toBe(200);
    // Ada's three adjustments only: the customer filter is an e-mail prefix.
    const start = await adminSend(t.app, "POST", "/apiSa/activities/exports", token, {
      action: "adjust_point",
      customer: "ada@",
    });
    expect(start.statusCode, start.body).toBe(200);
    const started = start.json().data;
    expect(started).toMatchObject({
      status: "queued",
      totalRows: 3,
      doneRows: 0,
      filters: { action: "adjust_point", customer: "ada@" },
    });
    expect(
      (await adminGet(t.app, `/apiSa/activities/exports/${started.id}/file.csv`, token)).statusCode,
    ).toBe(409);
    // Two a page: the first page is committed with the progress.
    expect(await writeNextActivityExportPage(t.deps, "shop_demo", started.id, 2)).toBe(true);
    expect(
      (await adminGet(t.app, `/apiSa/activities/exports/${started.id}`, token)).json().data,
    ).toMatchObject({
      status: "running",
      doneRows: 2,
    });
    await runActivityExport(t.deps, "shop_demo", started.id, 2);
    const done = (await adminGet(t.app, `/apiSa/activities/exports/${started.id}`, token)).json().data;
    expect(done).toMatchObject({ status: "done", doneRows: 3, totalRows: 3 });

    const file = await adminGet(t.app, `/apiSa/activities/exports/${started.id}/file.csv`, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(`activities-${started.id}.csv`);
    expect(file.body.startsWith("\uFEFF")).toBe(true);
    const lines = file.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Customer name,Customer email,Action,Points,Pending points,Program,Note,By");
    // Newest first, dated in the store's time zone (the demo shop's), each line Ada's.
    expect(lines.slice(1).map((l) => l.split(",")[7])).toEqual(["thanks 3", "thanks 2", "thanks 1"]);
    const newest = await t.deps.db
      .selectFrom("ledger_entries")
      .select("created_at")
      .where("customer_id", "=", ids["7001"] ?? "")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const zone = storeTimeZoneOf(await shopRow()) ?? "UTC";
    const local = new Intl.DateTimeFormat("sv-SE", {
      timeZone: zone,
      dateStyle: "short",
      timeStyle: "medium",
    });
    expect(lines[1]).toBe(
      `${local.format(new Date(newest.created_at))},Ada,ada@example.com,Adjusted by admin,30,0,,thanks 3,demo@laurel.test`,
    );
    expect(lines[1]?.split(",")[4]).toBe("30");

    // The formula cells of Grace's entry are neutralised in an export of everything.
    const all = (await adminSend(t.app, "POST", "/apiSa/activities/exports", token, {})).json().data;
    await runActivityExport(t.deps, "shop_demo", all.id);
    const everything = (await adminGet(t.app, `/apiSa/activities/exports/${all.id}/file.csv`, token)).body;
    expect(everything).toContain(`'@Grace,'=evil@example.com`);
    expect(everything).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(everything).not.toMatch(/[\n,]=HYPERLINK/);

    // One e-mail per export, through the notification log to the SMTP peer, linking the admin.
    const mails = await t.deps.db
      .selectFrom("notifications")
      .select(["id", "data"])
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "export_ready")
      .execute();
    expect(mails).toHaveLength(2);
    const mine = mails.find((m) => String(m.data.url).endsWith(started.id));
    expect(mine?.data).toMatchObject({ export: "activities", count: 3 });
    await runActivityExport(t.deps, "shop_demo", started.id, 2); // a retried job: nothing more
    expect(
      await t.deps.db.selectFrom("notifications").select("id").where("event", "=", "export_ready").execute(),
    ).toHaveLength(2);
    const before = received.length;
    await sendNotification(t.deps, "shop_demo", String(mine?.id));
    const mail = received.slice(before)[0];
    expect(mail?.subject).toContain("activities");
    expect(mail?.subject).toBe("Your activities export from Laurel Demo Store is ready");
    expect(mail?.text).toContain("(3 rows)");
    // The button leads (through the click tracker) to the activity screen with this export.
    expect(String(mine?.data.url)).toBe(`http://laurel.test/customers/activity?export=${started.id}`);

    const other = await shopifyToken(t.deps.config, "someone-else.myshopify.com");
    expect((await adminGet(t.app, `/apiSa/activities/exports/${started.id}`, other)).statusCode).toBe(404);
  });

  it("a run that cannot finish says 'Failed to export activities'", async () => {
    const started = (await adminSend(t.app, "POST", "/apiSa/activities/exports", token, {})).json().data;
    // A chunk already where the first page goes: the page's insert fails, the export is failed.
    await t.deps.db
      .insertInto("activity_export_chunks")
      .values({ shop_id: "shop_demo", export_id: started.id, seq: 0, data: "x" })
      .execute();
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      await runActivityExport(t.deps, "shop_demo", started.id);
    } finally {
      console.warn = warn;
    }
    const failed = (await adminGet(t.app, `/apiSa/activities/exports/${started.id}`, token)).json().data;
    expect(failed).toMatchObject({ status: "failed", error: "Failed to export activities" });
  });

  it("a finished export stays finished when a retried run fails", async () => {
    const started = (await adminSend(t.app, "POST", "/apiSa/activities/exports", token, {})).json().data;
    await runActivityExport(t.deps, "shop_demo", started.id);
    const status = async () =>
      (await adminGet(t.app, `/apiSa/activities/exports/${started.id}`, token)).json().data;
    const before = await status();
    expect(before).toMatchObject({ status: "done", error: null });
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
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      await runActivityExport(broken, "shop_demo", started.id);
    } finally {
      console.warn = warn;
    }
    expect(await status()).toEqual(before);
  });
});
