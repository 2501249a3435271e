import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DnsResolverPort } from "../src/infra/dns";
import { enqueueMerchantEmails, sendNotification } from "../src/modules/mail/mail.service";
import { seedDemoMail } from "../src/seed/demo-mail";
import { seedDemoTiers } from "../src/seed/demo-tiers";
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
 * How e-mails leave (issue 11, L-06 … L-11, decision 0110), against real SMTP peers: the default
 * service (`SMTP_URL`) and the shop's own server, an `smtp-server` that demands a login. The DNS of
 * custom sending domains is a fake zone behind the resolver port.
 */
interface Peer {
  server: SMTPServer;
  received: ParsedMail[];
  port: number;
}

function startPeer(login?: { user: string; pass: string }): Promise<Peer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    ...(login ? { authOptional: false, allowInsecureAuth: true } : { authOptional: true }),
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(new Error("Invalid username or password"));
    },
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
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, received, port: (server.server.address() as AddressInfo).port }),
    ),
  );
}

/** A DNS zone in memory: what the merchant has published so far. */
const zone = {
  txt: new Map<string, string[][]>(),
  cname: new Map<string, string[]>(),
  mx: new Map<string, { exchange: string; priority: number }[]>(),
};
const fakeResolver: DnsResolverPort = {
  resolveTxt: async (name) => zone.txt.get(name) ?? [],
  resolveCname: async (name) => zone.cname.get(name) ?? [],
  resolveMx: async (name) => zone.mx.get(name) ?? [],
};

let t: TestApp;
let token: string;
let defaultPeer: Peer;
let shopPeer: Peer;
const LOGIN = { user: "mailer@shop.example", pass: "s3cret-Passw0rd!" };

beforeAll(async () => {
  defaultPeer = await startPeer();
  shopPeer = await startPeer(LOGIN);
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${defaultPeer.port}`, APP_URL: "http://laurel.test" },
  });
  t.deps.dns = fakeResolver;
  ({ token } = await signIn(t.app));
  await addMembers(t, ["701", "702", "703"]);
  // Advanced: custom sending domain and sender are available.
  await updateShopRow(t, "shop_demo", { plan: "advanced" });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => defaultPeer.server.close(() => r()));
  await new Promise<void>((r) => shopPeer.server.close(() => r()));
});
beforeEach(() => {
  defaultPeer.received.length = 0;
  shopPeer.received.length = 0;
});

const log = () =>
  t.deps.db
    .selectFrom("notifications")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .orderBy("created_at")
    .execute();

async function earnAndSend(orderId: string, customer: string) {
  await deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id: orderId, customerId: customer, email: `${customer}@example.com` }),
  );
  const row = (await log()).find((r) => r.idempotency_key.includes(`order:${orderId}`));
  if (!row) throw new Error(`no e-mail for order ${orderId}`);
  await sendNotification(t.deps, "shop_demo", row.id);
  return row;
}

describe("custom SMTP (L-06) and the send-method priority (L-09)", () => {
  it("refuses bad input with the field named, and writes nothing", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/mail/smtp", token, { host: "127.0.0.1", port: "25x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "port", message: "Port must be a number" })]),
    );
    const noUser = await adminSend(t.app, "PUT", "/apiSa/mail/smtp", token, {
      host: "127.0.0.1",
      port: 25,
      auth: true,
    });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().errors[0]).toMatchObject({ field: "username", message: "This field is required" });
    expect((await adminGet(t.app, "/apiSa/mail/delivery", token)).json().data.smtp.configured).toBe(false);
  });

  it("is verified only by a real connection that accepts a test message; the password never leaves, and is stored encrypted", async () => {
    const save = await adminSend(t.app, "PUT", "/apiSa/mail/smtp", token, {
      host: "127.0.0.1",
      port: shopPeer.port,
      secure: false,
      auth: true,
      username: LOGIN.user,
      password: "wrong-password",
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().data).toMatchObject({ configured: true, verified: false, hasPassword: true });
    expect(save.body).not.toContain("wrong-password");
    const stored = await t.deps.db.selectFrom("mail_smtp_settings").selectAll().executeTakeFirstOrThrow();
    expect(stored.password_enc).not.toContain("wrong-password");

    // A wrong password: the server refuses the login, so the connection stays unverified with its reason.
    const bad = await adminSend(t.app, "POST", "/apiSa/mail/smtp/verify", token, {
      email: "owner@example.com",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      code: "smtp_test_failed",
      error: "Failed to send test mail",
    });
    let view = (await adminGet(t.app, "/apiSa/mail/delivery", token)).json().data;
    expect(view.method).toBe("default");
    expect(view.smtp.lastError).toMatch(/Invalid username or password|535/);
    expect(shopPeer.received).toHaveLength(0);

    // The right password, then the real test again.
    await adminSend(t.app, "PUT", "/apiSa/mail/smtp", token, {
      host: "127.0.0.1",
      port: shopPeer.port,
      auth: true,
      username: LOGIN.user,
      password: LOGIN.pass,
    });
    const good = await adminSend(t.app, "POST", "/apiSa/mail/smtp/verify", token, {
      email: "owner@example.com",
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({ verified: true, lastError: null });
    expect(shopPeer.received).toHaveLength(1);
    expect(shopPeer.received[0]?.subject).toMatch(/SMTP connection test/);
    view = (await adminGet(t.app, "/apiSa/mail/delivery", token)).json().data;
    expect(view.method).toBe("custom_smtp");
    expect(JSON.stringify(view)).not.toContain(LOGIN.pass);

    // L-09: a shopper's e-mail now leaves through the shop's server, not the default service.
    await earnAndSend("7101", "701");
    expect(shopPeer.received.map((m) => m.subject)).toEqual([
      expect.stringMatching(/SMTP connection test/),
      expect.stringMatching(/You earned 10 points/),
    ]);
    expect(defaultPeer.received).toHaveLength(0);

    // Changing the connection makes it unverified again; e-mails fall back to the default service.
    await adminSend(t.app, "PUT", "/apiSa/mail/smtp", token, {
      host: "localhost",
      port: shopPeer.port,
      auth: true,
      username: LOGIN.user,
    });
    view = (await adminGet(t.app, "/apiSa/mail/delivery", token)).json().data;
    expect(view.smtp).toMatchObject({ verified: false, hasPassword: true, host: "localhost" });
    expect(view.method).toBe("default");
    await earnAndSend("7102", "702");
    expect(defaultPeer.received).toHaveLength(1);
    expect((await adminSend(t.app, "DELETE", "/apiSa/mail/smtp", token)).statusCode).toBe(200);
  });
});

describe("custom sending domain (L-07) through the resolver port", () => {
  it("lists the five records, reports what is missing, and once verified DKIM-signs e-mails from the domain", async () => {
    const bad = await adminSend(t.app, "POST", "/apiSa/mail/domain", token, {
      rootDomain: "www.shop.example",
      subdomain: "send",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      field: "rootDomain",
      message: "Enter the root domain without www",
    });
    const empty = await adminSend(t.app, "POST", "/apiSa/mail/domain", token, {
      rootDomain: "",
      subdomain: "send",
    });
    expect(empty.json().errors[0]).toMatchObject({
      field: "rootDomain",
      message: "Please fill in all fields",
    });

    const add = await adminSend(t.app, "POST", "/apiSa/mail/domain", token, {
      rootDomain: "Shop.example",
      subdomain: "send",
    });
    expect(add.statusCode, add.body).toBe(200);
    const domain = add.json().data.domain;
    expect(domain).toMatchObject({ sendingDomain: "send.shop.example", status: "unverified" });
    expect(domain.records.map((r: { kind: string }) => r.kind)).toEqual([
      "SPF",
      "DKIM",
      "DMARC",
      "CNAME",
      "MX",
    ]);
    expect(add.body).not.toMatch(/PRIVATE KEY/);
    const stored = await t.deps.db.selectFrom("mail_domains").selectAll().executeTakeFirstOrThrow();
    expect(stored.dkim_private_key_enc).not.toMatch(/PRIVATE KEY/);

    type Rec = { kind: string; name: string; value: string };
    const rec = (kind: string) => domain.records.find((r: Rec) => r.kind === kind) as Rec;
    // The merchant publishes SPF (split in two strings, as DNS may) and DMARC only.
    const spf = rec("SPF").value;
    zone.txt.set(rec("SPF").name, [[spf.slice(0, 10), spf.slice(10)]]);
    zone.txt.set(rec("DMARC").name, [["v=DMARC1; p=none;"]]);
    let check = await adminSend(t.app, "POST", "/apiSa/mail/domain/verify", token);
    expect(check.json().data.domain).toMatchObject({
      status: "partially_verified",
      missing: ["DKIM", "CNAME", "MX"],
    });
    expect(check.json().message).toBe("Domain partially verified. Missing: DKIM, CNAME, MX");
    // Partially verified is not enough to send from it (L-09).
    expect((await adminGet(t.app, "/apiSa/mail/delivery", token)).json().data.method).toBe("default");

    // The rest: the DKIM key split into 255-character strings, the CNAME with a trailing dot.
    const dkim = rec("DKIM").value;
    zone.txt.set(rec("DKIM").name, [dkim.match(/.{1,255}/g) as string[]]);
    zone.cname.set(rec("CNAME").name, [`${rec("CNAME").value}.`]);
    zone.mx.set(rec("MX").name, [{ exchange: rec("MX").value, priority: 10 }]);
    check = await adminSend(t.app, "POST", "/apiSa/mail/domain/verify", token);
    expect(check.json().data.domain).toMatchObject({ status: "verified", missing: [] });
    expect((await adminGet(t.app, "/apiSa/mail/delivery", token)).json().data).toMatchObject({
      method: "custom_domain",
      from: '"Laurel Demo Store" <no-reply@send.shop.example>',
    });

    await earnAndSend("7103", "703");
    const mail = defaultPeer.received.at(-1) as ParsedMail;
    expect(mail.from?.value[0]?.address).toBe("no-reply@send.shop.example");
    const signature = mail.headerLines.find((h) => h.key === "dkim-signature")?.line ?? "";
    expect(signature).toMatch(/d=send\.shop\.example/);
    expect(signature).toContain(`s=${stored.dkim_selector}`);

    expect((await adminSend(t.app, "DELETE", "/apiSa/mail/domain", token)).statusCode).toBe(200);
    expect((await adminSend(t.app, "POST", "/apiSa/mail/domain/verify", token)).json()).toMatchObject({
      code: "mail_domain_not_found",
      error: "Failed to load domain",
    });
  });
});

describe("sender (L-08)", () => {
  it("a new sender address is verified by the signed link e-mailed to it; then e-mails come from it", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/mail/sender", token, {
      email: "Hello@Gmail.com",
      name: "Demo Team",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: "hello@gmail.com", verified: false, publicDomain: true });
    const verification = defaultPeer.received.at(-1) as ParsedMail;
    expect(verification.subject).toBe("Verify your sender address");
    const link = /http:\/\/laurel\.test(\/mail\/sender\/[^"\s]+)/.exec(String(verification.text))?.[1];
    if (!link) throw new Error("no verification link");
    expect((await t.app.inject({ method: "GET", url: link.replace("hello", "other") })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(200);
    const view = (await adminGet(t.app, "/apiSa/mail/delivery", token)).json().data;
    expect(view.sender).toMatchObject({ verified: true });
    expect(view.from).toMatch(/^"Demo Team" </);
    // A public-mail address cannot be the From of the default service; replies go to it.
    const test = await adminSend(t.app, "POST", "/apiSa/notifications/points_earned/test", token, {
      email: "me@example.com",
    });
    expect(test.statusCode, test.body).toBe(200);
    const sent = defaultPeer.received.at(-1) as ParsedMail;
    expect(sent.from?.value[0]?.name).toBe("Demo Team");
    expect(sent.replyTo?.value[0]?.address).toBe("hello@gmail.com");
  });
});

describe("merchant e-mails (L-11)", () => {
  it("other areas enqueue them in their transaction; once per occasion; the button is the tracked download link", async () => {
    const shop = await t.deps.db
      .selectFrom("shops")
      .selectAll()
      .where("id", "=", "shop_demo")
      .executeTakeFirstOrThrow();
    const request = {
      event: "export_ready" as const,
      occasion: "export:exp_1",
      values: { export: "customers", count: 42, days: 7, url: "https://files.example/exp_1.csv?sig=abc" },
    };
    const queued = await t.deps.db.transaction().execute(async (trx) => {
      const first = await enqueueMerchantEmails(t.deps, trx, shop, [request]);
      const again = await enqueueMerchantEmails(t.deps, trx, shop, [request]);
      return first + again;
    });
    expect(queued).toBe(1);
    const row = (await log()).find((r) => r.event === "export_ready");
    expect(row).toMatchObject({ customer_id: null, recipient: shop.email.toLowerCase() });
    await sendNotification(t.deps, "shop_demo", row?.id as string);
    const mail = defaultPeer.received.at(-1) as ParsedMail;
    expect(mail.subject).toBe("Your customers export from Laurel Demo Store is ready");
    expect(mail.headers.get("list")).toBeUndefined();
    const html = String(mail.html).replaceAll("&amp;", "&");
    const click = /http:\/\/laurel\.test(\/mail\/c\/[^"]+)/.exec(html)?.[1] as string;
    const res = await t.app.inject({ method: "GET", url: click });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("https://files.example/exp_1.csv?sig=abc");
  });
});

describe("the log (L-02, L-03): filters and pages", () => {
  it("filters by status and event, searches the recipient, and pages with a cursor without gaps or repeats", async () => {
    const all = (await adminGet(t.app, "/apiSa/notifications/log?limit=100", token)).json().data;
    expect(all.nextCursor).toBeNull();
    const total = all.entries.length;
    expect(total).toBeGreaterThanOrEqual(4);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/apiSa/notifications/log?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await adminGet(t.app, url, token)).json().data;
      seen.push(...page.entries.map((e: { id: string }) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e: { id: string }) => e.id));

    const sent = (
      await adminGet(t.app, "/apiSa/notifications/log?status=sent&event=points_earned", token)
    ).json().data;
    expect(sent.entries.length).toBeGreaterThan(0);
    expect(
      sent.entries.every(
        (e: { status: string; event: string }) => e.status === "sent" && e.event === "points_earned",
      ),
    ).toBe(true);
    const search = (await adminGet(t.app, "/apiSa/notifications/log?query=702%40example", token)).json().data;
    expect(search.entries.map((e: { recipient: string }) => e.recipient)).toEqual(["702@example.com"]);

    const bad = await adminGet(t.app, "/apiSa/notifications/log?status=bounced", token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: "status" });
    expect((await adminGet(t.app, "/apiSa/notifications/log?cursor=zzz", token)).statusCode).toBe(400);
  });
});

describe("unsubscribe (RFC 8058) leaves an 'unsubscribe' activity", () => {
  it("records the activity once, however often the link is followed", async () => {
    const row = (await log()).find((r) => r.recipient === "701@example.com");
    if (!row) throw new Error("no row");
    const { signLink } = await import("../src/modules/mail/mail.links");
    const sig = signLink(t.deps.sessionSecret, "unsubscribe", "shop_demo", row.id);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: `/mail/u/shop_demo/${row.id}/${sig}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(res.statusCode).toBe(200);
    }
    const entries = await t.deps.db
      .selectFrom("ledger_entries")
      .select(["activity_type", "available_delta"])
      .where("shop_id", "=", "shop_demo")
      .where("customer_id", "=", row.customer_id as string)
      .where("activity_type", "=", "unsubscribe")
      .execute();
    expect(entries).toHaveLength(1);
  });
});

describe("tier e-mails (L-12, decision 0112)", () => {
  it("a launch e-mails nobody; an order that lifts a member to Silver sends 'tier up' once, in the tier's name", async () => {
    const before = (await log()).filter((r) => r.event === "tier_up" || r.event === "tier_down").length;
    await seedDemoTiers(t.deps);
    expect((await log()).filter((r) => r.event === "tier_up" || r.event === "tier_down")).toHaveLength(
      before,
    );

    const body = orderBody({
      id: "7201",
      customerId: "702",
      email: "702@example.com",
      lines: [{ id: "72011", price: "200.00", quantity: 1 }],
    });
    await deliverWebhook(t, "orders/paid", body);
    await deliverWebhook(t, "orders/paid", body);
    const rows = (await log()).filter((r) => r.event === "tier_up");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: "702@example.com" });
    expect(rows[0]?.data).toMatchObject({ tier: "Silver" });
    await sendNotification(t.deps, "shop_demo", rows[0]?.id as string);
    expect(defaultPeer.received.at(-1)?.subject).toBe("Welcome to Silver!");
  });
});

describe("demo seed (decision 0112)", () => {
  it("logs the demo import's merchant e-mail once, however often the app starts", async () => {
    expect(await seedDemoMail(t.deps)).toBe(1);
    expect(await seedDemoMail(t.deps)).toBe(0);
    expect((await log()).filter((r) => r.event === "import_completed")).toHaveLength(1);
  });
});
