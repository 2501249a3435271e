import type { AddressInfo } from "node:net";
import { REFERRAL_INVITES_PER_DAY } from "@laurel/contracts";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { sendNotification } from "../src/modules/mail/mail.service";
import { adminSend, createTestApp, signedProxyUrl, signIn, type TestApp, updateShopRow } from "./helpers";

/**
 * Decision 0131: a shopper invites a friend by e-mail from the widget's referral view. The friend
 * receives the `referral_invitation` e-mail through the real SMTP path (an `smtp-server` peer in
 * this process), in the shop's language, with the referrer's code and a tracked link to the
 * referral link; each friend once, at most REFERRAL_INVITES_PER_DAY a day.
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

let t: TestApp;
const AVA = "7101";
const BEN = "7102";
const GUEST = "7103";

async function customer(platformId: string, email: string, type: "member" | "guest") {
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: platformId, email, firstName: "T", lastName: platformId },
        type,
        type === "member" ? new Date() : null,
      ),
    );
}

const invite = (customerId: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: signedProxyUrl(t, "/proxy/referral/invite", { customer: customerId }),
    payload: payload as object,
  });

const invitations = () =>
  t.deps.db
    .selectFrom("notifications")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .where("event", "=", "referral_invitation")
    .orderBy("created_at")
    .execute();

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: "http://laurel.test" } });
  const { token } = await signIn(t.app);
  await updateShopRow(t, "shop_demo", {
    settings: JSON.stringify({ translation: { primaryLanguage: "de" } }),
  });
  const res = await adminSend(t.app, "PUT", "/apiSa/referral/settings", token, {
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
  });
  expect(res.statusCode, res.body).toBe(200);
  await customer(AVA, "ava@example.com", "member");
  await customer(BEN, "ben@example.com", "member");
  await customer(GUEST, "guest@example.com", "guest");
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("a shopper invites a friend by e-mail", () => {
  it("the friend receives the invitation over SMTP, in the shop's language, with the code and a tracked referral link", async () => {
    const res = await invite(AVA, { email: "  Friend.One@Example.com " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      invited: "friend.one@example.com",
      remainingToday: REFERRAL_INVITES_PER_DAY - 1,
    });
    const [row] = await invitations();
    if (!row) throw new Error("no log row");
    expect(row).toMatchObject({ recipient: "friend.one@example.com", customer_id: null, status: "queued" });

    await sendNotification(t.deps, "shop_demo", row.id);
    // The send job run twice (a retry, a second worker) sends once.
    await sendNotification(t.deps, "shop_demo", row.id);
    expect(received).toHaveLength(1);
    const mail = received[0] as ParsedMail;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("friend.one@example.com");
    expect(mail.subject).toBe("Sie wurden zu Laurel Demo Store eingeladen");
    // The friend is not a customer: nothing to unsubscribe from.
    expect(mail.headers.get("list-unsubscribe")).toBeUndefined();
    const referral = await t.app.inject({
      method: "GET",
      url: signedProxyUrl(t, "/proxy/referral", { customer: AVA }),
    });
    const { code, link } = referral.json().data as { code: string; link: string };
    expect(mail.text).toContain(code);
    const html = typeof mail.html === "string" ? mail.html.replaceAll("&amp;", "&") : "";
    expect(html).toContain(code);
    const click = /http:\/\/laurel\.test(\/mail\/c\/[^"]+)/.exec(html)?.[1];
    if (!click) throw new Error("no tracked link");
    const followed = await t.app.inject({ method: "GET", url: click });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(link);
    expect((await invitations())[0]?.status).toBe("clicked");
  });

  it("the same friend twice is refused, and nothing new is queued", async () => {
    const res = await invite(AVA, { email: "friend.one@example.com" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "referral_invite_repeat", errors: [{ field: "email" }] });
    expect(await invitations()).toHaveLength(1);
  });

  it("bad input names the field; inviting oneself is refused", async () => {
    const bad = await invite(AVA, { email: "not-an-email" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: "email" });
    const self = await invite(AVA, { email: "AVA@example.com" });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: "referral_invite_self", errors: [{ field: "email" }] });
    expect(await invitations()).toHaveLength(1);
  });

  it("a guest (not allowed to refer) and an anonymous visitor cannot invite", async () => {
    const guest = await invite(GUEST, { email: "friend.two@example.com" });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().code).toBe("referral_invite_unavailable");
    const anonymous = await invite("", { email: "friend.two@example.com" });
    expect(anonymous.statusCode).toBe(403);
    expect(await invitations()).toHaveLength(1);
  });

  it(`at most ${REFERRAL_INVITES_PER_DAY} invitations in 24 hours`, async () => {
    const ben = await t.deps.db
      .selectFrom("customers")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", BEN)
      .executeTakeFirstOrThrow();
    // Earlier invitations today, as the route would have logged them.
    await t.deps.db
      .insertInto("notifications")
      .values(
        Array.from({ length: REFERRAL_INVITES_PER_DAY - 1 }, (_, i) => ({
          shop_id: "shop_demo",
          id: `ntf_earlier_${i}`,
          event: "referral_invitation",
          customer_id: null,
          recipient: `earlier${i}@example.com`,
          language: "de",
          idempotency_key: `referral_invitation:${ben.id}:earlier${i}@example.com`,
          data: JSON.stringify({}),
        })),
      )
      .execute();
    const last = await invite(BEN, { email: "last@example.com" });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.remainingToday).toBe(0);
    const over = await invite(BEN, { email: "one-more@example.com" });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe("referral_invite_limit");
    // Another shopper's count is their own.
    expect((await invite(AVA, { email: "friend.three@example.com" })).statusCode).toBe(200);
  });
});
