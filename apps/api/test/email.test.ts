import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendNotification } from "../src/modules/mail/mail.service";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * E-mail notifications (issue 11) against a real SMTP peer: the `smtp-server` package listening in
 * this process; every message is received over SMTP, parsed and checked.
 */
const received: ParsedMail[] = [];
let refuseNext = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      if (refuseNext > 0) {
        refuseNext -= 1;
        // 421: the server closes the channel, as a dropped connection looks to the sender.
        callback(Object.assign(new Error("Service not available, closing channel"), { responseCode: 421 }));
        return;
      }
      void simpleParser(Buffer.concat(chunks)).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    });
  },
});

let t: TestApp;
let token: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: "http://laurel.test" } });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["501", "502", "503"]);
  // The demo shop is on a plan with points expiry; e-mails are written in German for this test.
  await updateShopRow(t, "shop_demo", {
    settings: JSON.stringify({ translation: { primaryLanguage: "de" } }),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  refuseNext = 0;
});

const log = () =>
  t.deps.db
    .selectFrom("notifications")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .orderBy("created_at")
    .execute();

async function customerId(platformId: string) {
  const row = await t.deps.db
    .selectFrom("customers")
    .select("id")
    .where("shop_id", "=", "shop_demo")
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
  return row.id;
}

const htmlOf = (mail: ParsedMail) => (typeof mail.html === "string" ? mail.html : "");
const linkIn = (html: string, pattern: RegExp) => {
  const match = pattern.exec(html.replaceAll("&amp;", "&"));
  if (!match) throw new Error(`no link ${pattern} in ${html.slice(0, 200)}`);
  return match[0];
};

describe("points earned e-mail (L-12): order → outbox job → SMTP", () => {
  it("an order that credits points e-mails the shopper once, in the shop's language, with working links", async () => {
    const body = orderBody({ id: "9001", customerId: "501", email: "501@example.com" });
    await deliverWebhook(t, "orders/paid", body);
    // The same order told again: no second e-mail is even queued.
    await deliverWebhook(t, "orders/paid", body);
    const rows = (await log()).filter((r) => r.event === "points_earned");
    expect(rows).toHaveLength(1);
    const row = rows[0];
    if (!row) throw new Error("no log row");
    await sendNotification(t.deps, "shop_demo", row.id);

    expect(received).toHaveLength(1);
    const mail = received[0] as ParsedMail;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("501@example.com");
    expect(mail.subject).toBe("Sie haben 10 points bei Laurel Demo Store gesammelt");
    const html = htmlOf(mail);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("10 points wurden Ihrem Konto gutgeschrieben");
    expect(mail.text).toContain("Ihr Guthaben: 10 points");
    // mailparser gathers the List-* headers under `list`.
    expect(mail.headers.get("list")).toMatchObject({
      unsubscribe: { url: expect.stringMatching(/^http:\/\/laurel\.test\/mail\/u\//) },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });

    // The pixel marks it opened, the button's tracked link redirects and marks it clicked.
    const pixel = linkIn(html, /http:\/\/laurel\.test\/mail\/o\/[^"]+\.gif/).replace(
      "http://laurel.test",
      "",
    );
    expect((await t.app.inject({ method: "GET", url: pixel })).headers["content-type"]).toBe("image/gif");
    expect((await log()).find((r) => r.id === row.id)?.status).toBe("opened");
    const click = linkIn(html, /http:\/\/laurel\.test\/mail\/c\/[^"]+/).replace("http://laurel.test", "");
    const res = await t.app.inject({ method: "GET", url: click });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("http://laurel.test/demo-store");
    expect((await log()).find((r) => r.id === row.id)).toMatchObject({ status: "clicked" });

    // A tampered target is refused: the click link is no open redirect.
    const forged = click.replace(
      encodeURIComponent("http://laurel.test/demo-store"),
      encodeURIComponent("https://evil.example"),
    );
    expect((await t.app.inject({ method: "GET", url: forged })).statusCode).toBe(400);

    // The job run again (a retry, a second worker) sends nothing more.
    await sendNotification(t.deps, "shop_demo", row.id);
    expect(received).toHaveLength(1);
  });

  it("a dropped connection is retried and the e-mail arrives once; after the last attempt it is failed with the reason", async () => {
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9002", customerId: "502", email: "502@example.com" }),
    );
    const row = (await log()).find((r) => r.event === "points_earned" && r.recipient === "502@example.com");
    if (!row) throw new Error("no log row");
    refuseNext = 1;
    await expect(sendNotification(t.deps, "shop_demo", row.id)).rejects.toThrow(/421/);
    expect((await log()).find((r) => r.id === row.id)).toMatchObject({ status: "queued", attempts: 1 });
    await sendNotification(t.deps, "shop_demo", row.id);
    expect(received).toHaveLength(1);
    expect((await log()).find((r) => r.id === row.id)).toMatchObject({ status: "sent", attempts: 2 });

    // Resend from the log (L-03), then a server that refuses every attempt: failed, with its reason.
    const resend = await adminSend(t.app, "POST", `/apiSa/notifications/log/${row.id}/resend`, token);
    expect(resend.statusCode, resend.body).toBe(200);
    refuseNext = 100;
    for (let i = 0; i < 4; i++) await expect(sendNotification(t.deps, "shop_demo", row.id)).rejects.toThrow();
    await sendNotification(t.deps, "shop_demo", row.id);
    const failed = (await log()).find((r) => r.id === row.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 5 });
    expect(failed?.last_error).toMatch(/421/);
  });

  it("the worker sends queued e-mails on its own (pg-boss job from the outbox)", async () => {
    await t.deps.queue.work(t.deps);
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9003", customerId: "503", email: "503@example.com" }),
    );
    await t.deps.queue.drain();
    const to503 = received.filter((m) => m.to && "text" in m.to && m.to.text === "503@example.com");
    expect(to503.map((m) => m.subject)).toEqual(["Sie haben 10 points bei Laurel Demo Store gesammelt"]);
    expect((await log()).every((r) => r.status !== "queued")).toBe(true);
  });

  it("one-click unsubscribe stops further e-mails to that shopper", async () => {
    const row = (await log()).find((r) => r.recipient === "503@example.com");
    if (!row) throw new Error("no log row");
    const { mailLinks } = await import("../src/modules/mail/mail.links");
    const url = mailLinks("http://laurel.test", t.deps.sessionSecret, "shop_demo", row.id).unsubscribe;
    const res = await t.app.inject({
      method: "POST",
      url: url.replace("http://laurel.test", ""),
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = (await log()).length;
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9004", customerId: "503", email: "503@example.com" }),
    );
    expect((await log()).length).toBe(before);
    expect(await customerId("503")).toBeTruthy();
  });
});

describe("notification settings (L-01, L-04)", () => {
  it("lists every event with its switch, and saves subject, colours and reply-to used by the next e-mail", async () => {
    const list = await adminGet(t.app, "/apiSa/notifications", token);
    expect(list.statusCode).toBe(200);
    const events = list.json().data.notifications.map((n: { event: string }) => n.event);
    expect(events).toContain("points_earned");
    expect(events).toContain("points_expiring");

    const put = await adminSend(t.app, "PUT", "/apiSa/notifications/points_earned", token, {
      subject: "{{points}} neue {{label}} für Sie",
      headerColor: "#AA0000",
      buttonColor: "#00aa00",
      replyTo: "care@demo.example",
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ headerColor: "#aa0000", replyTo: "care@demo.example" });

    const preview = await adminGet(t.app, "/apiSa/notifications/points_earned/preview", token);
    expect(preview.json().data.subject).toBe("120 neue points für Sie");
    expect(preview.json().data.html).toContain("#aa0000");

    const test = await adminSend(t.app, "POST", "/apiSa/notifications/points_earned/test", token, {
      email: "merchant@demo.example",
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(received.at(-1)?.subject).toBe("[Test] 120 neue points für Sie");
    expect(received.at(-1)?.replyTo?.text).toBe("care@demo.example");
  });

  it("a switched-off event queues nothing", async () => {
    await adminSend(t.app, "PUT", "/apiSa/notifications/points_earned", token, { enabled: false });
    await addMembers(t, ["504"]);
    const before = (await log()).length;
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "9005", customerId: "504", email: "504@example.com" }),
    );
    expect((await log()).length).toBe(before);
    await adminSend(t.app, "PUT", "/apiSa/notifications/points_earned", token, { enabled: true });
  });

  it("refuses bad input with the field named, and writes nothing", async () => {
    const cases: [string, unknown, string][] = [
      ["/apiSa/notifications/points_earned", { headerColor: "red" }, "headerColor"],
      ["/apiSa/notifications/points_earned", { replyTo: "not-an-email" }, "replyTo"],
      ["/apiSa/notifications/points_earned", { surprise: 1 }, "surprise"],
      ["/apiSa/notifications/points_expiring", { sendBeforeDays: 45 }, "sendBeforeDays"],
      ["/apiSa/notifications/points_earned", { sendBeforeDays: 30 }, "sendBeforeDays"],
      ["/apiSa/notifications/points_earned", { logo: "data:text/html;base64,PGI+" }, "logo"],
    ];
    for (const [url, body, field] of cases) {
      const res = await adminSend(t.app, "PUT", url, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const tooBig = `data:image/png;base64,${"A".repeat(2_800_000)}`;
    const big = await adminSend(t.app, "PUT", "/apiSa/notifications/points_earned", token, { logo: tooBig });
    expect(big.statusCode).toBe(400);
    expect((await adminGet(t.app, "/apiSa/notifications/points_earned", token)).json().data.logo).toBeNull();
    expect((await adminGet(t.app, "/apiSa/notifications/nope", token)).statusCode).toBe(400);
    const test = await adminSend(t.app, "POST", "/apiSa/notifications/points_earned/test", token, {
      email: "x",
    });
    expect(test.statusCode).toBe(400);
  });

  it("the log lists e-mails with their status, and another shop's e-mail cannot be resent", async () => {
    const res = await adminGet(t.app, "/apiSa/notifications/log", token);
    expect(res.statusCode).toBe(200);
    const statuses = res.json().data.entries.map((e: { status: string }) => e.status);
    expect(statuses).toEqual(expect.arrayContaining(["clicked", "failed", "sent"]));
    const missing = await adminSend(t.app, "POST", "/apiSa/notifications/log/ntf_other/resend", token);
    expect(missing.statusCode).toBe(404);
  });
});
