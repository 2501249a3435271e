import type { AddressInfo } from "node:net";
import type { ShopRow } from "@laurel/db";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { buildAnalyticsExport } from "../src/modules/analytics/analytics.exports";
import { getAnalyticsReport } from "../src/modules/analytics/analytics.service";
import { sendDueWeeklyReports } from "../src/modules/analytics/analytics.weekly-report";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { entriesDatedAt } from "../src/modules/ledger/ledger.repository";
import { postEntry } from "../src/modules/ledger/ledger.service";
import { sendNotification } from "../src/modules/mail/mail.service";
import { seedDemoAnalytics } from "../src/seed/demo-analytics";
import { adminGet, adminSend, createTestApp, signIn, type TestApp } from "./helpers";

/**
 * K-10 (decision 0163): an analytics page exported by e-mail — a job builds the CSV, the e-mail
 * links to a signed download that expires.
 * K-12 (decision 0161): the weekly report — settings through the admin API, sent once per store
 * week by the job's pass, through the notification log to a real SMTP peer, with the figures the
 * analytics pages show for the same week.
 */

const clock = fixedClock("2026-04-08T12:00:00Z"); // a Wednesday; last full week: Mar 30 – Apr 5
let t: TestApp;
let token: string;
const received: ParsedMail[] = [];
let peer: SMTPServer;

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
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: "http://laurel.test" },
  });
  ({ token } = await signIn(t.app));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => peer.close(() => r()));
});

const shopRow = () =>
  t.deps.db.selectFrom("shops").selectAll().where("id", "=", "shop_demo").executeTakeFirstOrThrow();

/** The clock moved on: a fresh admin token (they live one minute). */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
  ({ token } = await signIn(t.app));
}

async function sendQueued(): Promise<ParsedMail[]> {
  const rows = await t.deps.db
    .selectFrom("notifications")
    .select(["id", "recipient"])
    .where("shop_id", "=", "shop_demo")
    .where("event", "=", "weekly_report")
    .where("status", "=", "queued")
    .execute();
  const before = received.length;
  for (const r of rows) await sendNotification(t.deps, "shop_demo", r.id);
  return received.slice(before);
}

describe("K-12 weekly report settings", () => {
  it("refuses a bad recipient naming the field, and keeps the addresses lower-cased", async () => {
    const bad = await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, {
      enabled: true,
      recipients: ["not-an-address"],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toMatch(/^recipients/);
    const tooMany = await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, {
      enabled: true,
      recipients: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`),
    });
    expect(tooMany.statusCode).toBe(400);
    const missing = await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, {
      recipients: [],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe("enabled");
    const fresh = (await adminGet(t.app, "/apiSa/analytics/weekly-report", token)).json().data;
    expect(fresh).toMatchObject({ enabled: false, recipients: [], lastWeek: null });
    expect(fresh.shopEmail).toContain("@");

    const saved = await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, {
      enabled: true,
      recipients: ["Owner@Example.com", "finance@example.com", "owner@example.com"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.recipients).toEqual(["owner@example.com", "finance@example.com"]);
  });
});

describe("K-12 weekly report e-mail", () => {
  it("sends last week's figures once per week to each recipient, equal to the analytics page's", async () => {
    // Last week: a member joined, earned 120 points and redeemed 40 of them.
    await t.deps.db.transaction().execute(async (trx) => {
      const at = new Date("2026-04-01T15:00:00Z");
      await entriesDatedAt(trx, at);
      const c = await ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "weekly-1", email: "weekly-1@example.com", firstName: "W", lastName: null },
        "member",
        at,
      );
      await postEntry(trx, {
        shopId: "shop_demo",
        customerId: c.id,
        activityType: "earn_sign_up",
        available: 120,
        idempotencyKey: "weekly-report-earn",
      });
      await postEntry(trx, {
        shopId: "shop_demo",
        customerId: c.id,
        activityType: "redeem_point",
        available: -40,
        idempotencyKey: "weekly-report-redeem",
      });
    });
    const page = await getAnalyticsReport(t.deps, await shopRow(), {
      report: "overview",
      range: "last_30_days",
      from: "2026-03-30",
      to: "2026-04-05",
    });
    const fig = (k: string) => page.figures.find((f) => f.key === k)?.value as number;
    expect(fig("pointsEarned")).toBeGreaterThanOrEqual(120);

    expect(await sendDueWeeklyReports(t.deps)).toEqual({ sent: 2 });
    expect(await sendDueWeeklyReports(t.deps)).toEqual({ sent: 0 });
    const mails = await sendQueued();
    expect(mails.map((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address).sort()).toEqual([
      "finance@example.com",
      "owner@example.com",
    ]);
    const text = String(mails[0]?.text);
    expect(mails[0]?.subject).toContain("Your weekly loyalty report");
    expect(text).toContain("From March 30 to April 5");
    expect(text).toContain(`${fig("pointsEarned").toLocaleString("en")} points earned`);
    expect(text).toContain(`${fig("pointsRedeemed").toLocaleString("en")} redeemed`);
    expect(text).toContain(`${fig("newMembers").toLocaleString("en")} new members`);
    const settings = (await adminGet(t.app, "/apiSa/analytics/weekly-report", token)).json().data;
    expect(settings.lastWeek).toBe("2026-03-30");

    // M-02: the shop's date format writes the week's days.
    const general = {
      timeZone: null,
      dateFormat: "DD/MM/YYYY",
      loginRedirectUrl: null,
      signUpRedirectUrl: null,
      cartDrawerSelector: null,
    };
    const put = await adminSend(t.app, "PUT", "/apiSa/lp/settings", token, { general });
    expect(put.statusCode, put.body).toBe(200);

    // The next week has its own report; once turned off, none.
    await later(7 * 86_400_000);
    expect(await sendDueWeeklyReports(t.deps)).toEqual({ sent: 2 });
    const next = await sendQueued();
    expect(next.map((m) => m.subject)).toHaveLength(2);
    expect(String(next[0]?.text)).toContain("From 06/04/2026 to 12/04/2026");
    const off = await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, {
      enabled: false,
      recipients: [],
    });
    expect(off.statusCode, off.body).toBe(200);
    await later(7 * 86_400_000);
    expect(await sendDueWeeklyReports(t.deps)).toEqual({ sent: 0 });
  });

  it("with no recipient set, the shop's own address receives it", async () => {
    const shop: ShopRow = await shopRow();
    await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, { enabled: true, recipients: [] });
    await later(7 * 86_400_000);
    expect(await sendDueWeeklyReports(t.deps)).toEqual({ sent: 1 });
    const mails = await sendQueued();
    expect(mails).toHaveLength(1);
    const to = mails[0]?.to;
    expect(to && !Array.isArray(to) ? to.value[0]?.address : null).toBe(shop.email.toLowerCase());
    await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, {
      enabled: false,
      recipients: [],
    });
  });
});

describe("K-10 analytics export by e-mail", () => {
  it("refuses a bad range naming the field; builds the CSV once and e-mails a signed link that expires", async () => {
    ({ token } = await signIn(t.app));
    const bad = await adminSend(t.app, "POST", "/apiSa/analytics/export/email", token, {
      range: "last_week",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("range");
    const res = await adminSend(t.app, "POST", "/apiSa/analytics/export/email", token, {
      report: "point",
      range: "last_30_days",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Report sent");
    const { id, recipient } = res.json().data as { id: string; recipient: string };
    expect(recipient).toContain("@");
    // The job, twice (a retry): one file, one e-mail.
    await buildAnalyticsExport(t.deps, "shop_demo", id);
    await buildAnalyticsExport(t.deps, "shop_demo", id);
    const rows = await t.deps.db
      .selectFrom("notifications")
      .select(["id", "recipient"])
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "export_ready")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.recipient).toBe(recipient);
    const before = received.length;
    await sendNotification(t.deps, "shop_demo", rows[0]?.id as string);
    const mail = received[before] as ParsedMail;
    expect(mail.subject).toContain("export");
    // The button goes through the tracked click link to the signed download.
    const click = /http:\/\/laurel\.test(\/mail\/c\/[^"]+)/.exec(
      String(mail.html).replaceAll("&amp;", "&"),
    )?.[1];
    const redirect = await t.app.inject({ method: "GET", url: click as string });
    expect(redirect.statusCode).toBe(302);
    const download = new URL(String(redirect.headers.location)).pathname;
    expect(download).toMatch(/^\/exports\/analytics\/shop_demo\//);
    const file = await t.app.inject({ method: "GET", url: download });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.body).toContain("Figure,Value,Previous period,Change");
    expect(file.body).toContain("Points generated");
    // A forged signature, and the link after it expired, get nothing.
    const forged = await t.app.inject({ method: "GET", url: `${download.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toBe(
      "This export link is not valid or has expired. Export the report again.",
    );
    clock.advance(8 * 86_400_000);
    expect((await t.app.inject({ method: "GET", url: download })).statusCode).toBe(404);
  });
});

describe("the demo seed's weekly report", () => {
  it("is on, to two recipients, with last week already reported; a restart keeps the merchant's change", async () => {
    await t.deps.db.deleteFrom("analytics_report_settings").where("shop_id", "=", "shop_demo").execute();
    await seedDemoAnalytics(t.deps);
    ({ token } = await signIn(t.app));
    const seeded = (await adminGet(t.app, "/apiSa/analytics/weekly-report", token)).json().data;
    expect(seeded.enabled).toBe(true);
    expect(seeded.recipients).toHaveLength(2);
    expect(await sendDueWeeklyReports(t.deps)).toEqual({ sent: 0 });
    await adminSend(t.app, "PUT", "/apiSa/analytics/weekly-report", token, {
      enabled: false,
      recipients: [],
    });
    await seedDemoAnalytics(t.deps);
    expect((await adminGet(t.app, "/apiSa/analytics/weekly-report", token)).json().data.enabled).toBe(false);
  });
});
