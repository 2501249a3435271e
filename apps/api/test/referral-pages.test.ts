import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { sendNotification } from "../src/modules/mail/mail.service";
import { buildReferralExport } from "../src/modules/referrals/referral-pages.service";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  signedProxyUrl,
  signIn,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * Referrals, the rest (issue 18): the referral pages' design (E-13) reaching the storefront, and the
 * referral export e-mailed as a signed link (E-12) through a real SMTP peer (`smtp-server` in this
 * process), downloaded from the link the e-mail carries.
 */
const received: ParsedMail[] = [];
const server = new SMTPServer({
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

const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;

const SETTINGS = {
  enabled: true,
  title: "Give 10%, get 500 points",
  description: "Share your link.",
  friendReward: { kind: "percentage", percentage: 10 },
  referrerReward: { kind: "points", points: 500 },
  redirectUrl: "/",
  linkPrefix: "REF",
  eligibility: "members_only",
  orderTags: [],
  customerTags: [],
  perCustomerLimit: { limit: null, perTier: {} },
  antiCheat: {
    similarEmail: true,
    sameBrowser: true,
    sameIp: false,
    previousPurchases: true,
    paidOrdersOnly: true,
  },
  cancelWindowDays: 30,
};

const BRANDING = {
  invite: {
    heading: "Share {{reward}} with friends",
    body: "Friends get {{reward}} at {{shop}}.",
    shareChannels: ["copy", "whatsapp"],
    showStats: false,
  },
  popup: {
    enabled: true,
    layout: "corner",
    title: "{{referrer}} gave you {{reward}}",
    description: "Welcome to {{shop}}.",
    buttonText: "Get {{reward}}",
    claimedText: "Here it is: {{code}}",
    imageUrl: "https://cdn.example.com/gift.png",
    delaySeconds: 0,
    colors: { background: "#fff8f0", text: "#222222", button: "#c2410c", buttonText: "#ffffff" },
  },
};

const AVA = "7401";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: "http://laurel.test" },
  });
  ({ token } = await signIn(t.app));
  await t.deps.db.transaction().execute(async (trx) => {
    const { ensureCustomer } = await import("../src/modules/customers/customers.service");
    await ensureCustomer(
      t.deps,
      trx,
      "shop_demo",
      { platformCustomerId: AVA, email: "ava.pages@example.com", firstName: "Ava", lastName: "Pages" },
      "member",
      clock.now(),
    );
  });
  const put = await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, SETTINGS);
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const proxyGet = (path: string, customer: string | null, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: signedProxyUrl(t, path, customer === null ? { extra } : { customer, extra }),
  });

describe("referral pages' design (E-13)", () => {
  it("answers the defaults with the preview's sample, filled from the program's friend reward", async () => {
    const res = await adminGet(t.app, "/apiSa/referral/branding", token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.branding.popup).toMatchObject({ enabled: true, layout: "modal" });
    expect(data.sample).toEqual({ reward: "10% off", referrer: "Ava", shop: "Laurel Demo Store" });
    expect(data.programEnabled).toBe(true);
  });

  it.each([
    [
      "popup.colors.button",
      { popup: { ...BRANDING.popup, colors: { ...BRANDING.popup.colors, button: "red" } } },
    ],
    ["popup.layout", { popup: { ...BRANDING.popup, layout: "fullscreen" } }],
    ["popup.imageUrl", { popup: { ...BRANDING.popup, imageUrl: "javascript:alert(1)" } }],
    ["popup.title", { popup: { ...BRANDING.popup, title: "   " } }],
    ["popup.delaySeconds", { popup: { ...BRANDING.popup, delaySeconds: 61 } }],
    ["invite.shareChannels", { invite: { ...BRANDING.invite, shareChannels: ["copy", "copy"] } }],
    ["invite.shareChannels.0", { invite: { ...BRANDING.invite, shareChannels: ["myspace"] } }],
    ["invite.body", { invite: { ...BRANDING.invite, body: "x".repeat(501) } }],
  ])("refuses a bad %s with a 400 naming it, and saves nothing", async (field, patch) => {
    const res = await adminSend(t.app, "PUT", "/apiSa/referral/branding", token, { ...BRANDING, ...patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    const now = await adminGet(t.app, "/apiSa/referral/branding", token);
    expect(now.json().data.branding.popup.layout).toBe("modal");
  });

  it("refuses unknown fields and needs an admin", async () => {
    const extra = await adminSend(t.app, "PUT", "/apiSa/referral/branding", token, {
      ...BRANDING,
      theme: "x",
    });
    expect(extra.statusCode).toBe(400);
    const anon = await t.app.inject({ method: "GET", url: "/apiSa/referral/branding" });
    expect(anon.statusCode).toBe(401);
  });

  it("saves a design; the storefront's popup and invite card show it with the placeholders filled", async () => {
    const put = await adminSend(t.app, "PUT", "/apiSa/referral/branding", token, BRANDING);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.branding).toEqual(BRANDING);

    const view = await proxyGet("/proxy/referral", AVA, { deviceId: "device-ava-pages-0123" });
    expect(view.statusCode, view.body).toBe(200);
    const { code, invite } = view.json().data;
    expect(invite).toEqual({
      heading: "Share 10% off with friends",
      body: "Friends get 10% off at Laurel Demo Store.",
      shareChannels: ["copy", "whatsapp"],
      showStats: false,
    });

    // A visitor who opened Ava's link (not signed in) sees Ava's popup.
    const popup = await proxyGet("/proxy/referral/popup", null, { code });
    expect(popup.statusCode, popup.body).toBe(200);
    expect(popup.json().data).toEqual({
      show: true,
      layout: "corner",
      title: "Ava gave you 10% off",
      description: "Welcome to Laurel Demo Store.",
      buttonText: "Get 10% off",
      claimedText: "Here it is: {{code}}",
      imageUrl: "https://cdn.example.com/gift.png",
      delaySeconds: 0,
      colors: BRANDING.popup.colors,
    });
  });

  it("an unknown code is 'Account not found'; a bad code is a 400; the popup off shows nothing", async () => {
    const unknown = await proxyGet("/proxy/referral/popup", null, { code: "NOPE1234" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("Account not found");
    const bad = await proxyGet("/proxy/referral/popup", null, { code: "<script>" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("code");

    const code = (await proxyGet("/proxy/referral", AVA)).json().data.code;
    const off = { ...BRANDING, popup: { ...BRANDING.popup, enabled: false } };
    expect((await adminSend(t.app, "PUT", "/apiSa/referral/branding", token, off)).statusCode).toBe(200);
    expect((await proxyGet("/proxy/referral/popup", null, { code })).json().data.show).toBe(false);
    await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, { ...SETTINGS, enabled: false });
    await adminSend(t.app, "PUT", "/apiSa/referral/branding", token, BRANDING);
    expect((await proxyGet("/proxy/referral/popup", null, { code })).json().data.show).toBe(false);
    await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, SETTINGS);
    expect((await proxyGet("/proxy/referral/popup", null, { code })).json().data.show).toBe(true);
  });
});

describe("referral export by e-mail (E-12)", () => {
  const exportRows = async () =>
    t.deps.db.selectFrom("referral_exports").selectAll().where("shop_id", "=", "shop_demo").execute();

  it("'No referrals found to export' when none match, and nothing is recorded", async () => {
    const res = await adminSend(t.app, "POST", "/apiSa/referrals/export", token, { status: "completed" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("No referrals found to export");
    expect(await exportRows()).toHaveLength(0);
    const bad = await adminSend(t.app, "POST", "/apiSa/referrals/export", token, { status: "done" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("status");
  });

  it("queues a job that builds the CSV and e-mails the shop a signed link, once; the link downloads it until it expires", async () => {
    const ava = await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("platform_customer_id", "=", AVA)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto("referrals")
      .values(
        Array.from({ length: 3 }, (_, i) => ({
          shop_id: "shop_demo",
          id: `ref_export_${i}`,
          code: "REFEXPORT",
          referrer_id: ava.id,
          friend_email: i === 2 ? "=HYPERLINK(evil)" : `friend${i}@example.com`,
          status: "completed" as const,
          completed_at: clock.now(),
        })),
      )
      .execute();

    const res = await adminSend(t.app, "POST", "/apiSa/referrals/export", token, { status: "completed" });
    expect(res.statusCode, res.body).toBe(200);
    const { exportId, recipient, count } = res.json().data;
    expect(count).toBe(3);
    const queued = await t.deps.database.jobSql.executeSql("select data from pgboss.job where name = $1", [
      "export-referrals",
    ]);
    expect(queued.rows).toEqual([{ data: { shopId: "shop_demo", exportId } }]);

    // The job, run twice (a retry): one file, one e-mail queued.
    await buildReferralExport(t.deps, "shop_demo", exportId);
    await buildReferralExport(t.deps, "shop_demo", exportId);
    const [row] = await exportRows();
    expect(row).toMatchObject({ status: "ready", row_count: 3 });
    const mails = await t.deps.db
      .selectFrom("notifications")
      .selectAll()
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "export_ready")
      .execute();
    expect(mails).toHaveLength(1);
    const mailRow = mails[0];
    if (!mailRow) throw new Error("no e-mail queued");
    expect(mailRow.recipient).toBe(recipient);
    await sendNotification(t.deps, "shop_demo", mailRow.id);

    expect(received).toHaveLength(1);
    const mail = received[0] as ParsedMail;
    expect(mail.subject).toContain("referral");
    const html = (typeof mail.html === "string" ? mail.html : "").replaceAll("&amp;", "&");
    // The button goes through the click tracker to the signed download link.
    const click = /http:\/\/laurel\.test\/mail\/c\/[^"]+/.exec(html)?.[0];
    if (!click) throw new Error("no download button");
    const target = new URL(click).searchParams.get("u") ?? "";
    expect(target).toMatch(/^http:\/\/laurel\.test\/exports\/referrals\/shop_demo\/[^/?]+\?s=/);
    const path = target.replace("http://laurel.test", "");

    const file = await t.app.inject({ method: "GET", url: path });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    const lines = file.body.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("Referrer,Referrer email,Friend email");
    // A cell a spreadsheet would run as a formula is defused.
    expect(file.body).toContain("'=HYPERLINK(evil)");

    const forged = await t.app.inject({ method: "GET", url: `${path.replace(/s=.{4}/, "s=AAAA")}` });
    expect(forged.statusCode).toBe(403);
    const otherShop = await t.app.inject({ method: "GET", url: path.replace("/shop_demo/", "/shop_other/") });
    expect(otherShop.statusCode).toBe(403);
    const noSig = await t.app.inject({ method: "GET", url: path.replace(/\?s=.*/, "") });
    expect(noSig.statusCode).toBe(400);

    clock.advance(7 * 86_400_000 + 1);
    const expired = await t.app.inject({ method: "GET", url: path });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toContain("expired");
  });
});

describe("redeem referral coupon (E-11)", () => {
  it("an order using the friend's referral code logs it on her history, once whatever the redeliveries", async () => {
    const { ensureCustomer } = await import("../src/modules/customers/customers.service");
    const [ava, friend] = await t.deps.db.transaction().execute(async (trx) =>
      Promise.all(
        [
          { platformCustomerId: AVA, email: "ava.pages@example.com", firstName: "Ava", lastName: "Pages" },
          { platformCustomerId: "7402", email: "fern@example.com", firstName: "Fern", lastName: null },
        ].map((c) => ensureCustomer(t.deps, trx, "shop_demo", c, "member", clock.now())),
      ),
    );
    await t.deps.db
      .insertInto("referrals")
      .values({
        shop_id: "shop_demo",
        id: "ref_coupon_1",
        code: "REFCOUPON",
        referrer_id: ava?.id ?? "",
        friend_id: friend?.id ?? null,
        friend_email: "fern@example.com",
        status: "pending",
        friend_reward: JSON.stringify({ kind: "discount", code: "REFFCOUPON1" }),
      })
      .execute();
    const body = orderBody({ id: "880901", customerId: "7402", discountCodes: ["reffcoupon1"] });
    await deliverWebhook(t, "orders/paid", body);
    await deliverWebhook(t, "orders/paid", body);
    await deliverWebhook(t, "orders/create", body);
    const logged = await t.deps.db
      .selectFrom("ledger_entries")
      .select(["customer_id", "activity_type", "available_delta"])
      .where("shop_id", "=", "shop_demo")
      .where("activity_type", "in", ["redeem_referral_coupon_referred", "redeem_referral_coupon_referrer"])
      .execute();
    expect(logged).toEqual([
      { customer_id: friend?.id, activity_type: "redeem_referral_coupon_referred", available_delta: 0 },
    ]);
  });
});
