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
  signedProxyUrl,
  signIn,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * A subject per storefront language for each e-mail (issue 11, L-04, decision 0179), checked on a
 * real SMTP peer: a shopper gets the subject of the language they use on the storefront, else the
 * shop's default subject, else Laurel's shipped subject in their language (English when Laurel
 * ships no e-mail words in it, as for Korean).
 */
let t: TestApp;
let token: string;
let server: SMTPServer;
const received: ParsedMail[] = [];

beforeAll(async () => {
  server = new SMTPServer({
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
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: "http://laurel.test" } });
  ({ token } = await signIn(t.app));
  await addMembers(t, ["901", "902", "903", "904"]);
  const translation = (await adminGet(t.app, "/apiSa/translation", token)).json().data;
  const saved = await adminSend(t.app, "POST", "/apiSa/translation", token, {
    ...translation,
    primaryLanguage: "en",
    additionalLanguages: ["de", "ko", "it"],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  received.length = 0;
});

const put = (body: unknown) => adminSend(t.app, "PUT", "/apiSa/notifications/points_earned", token, body);

/** The shopper opens the rewards panel on the storefront in `locale` (the widget's `GET /proxy/customer`). */
async function visit(customer: string, locale: string) {
  const res = await t.app.inject({
    method: "GET",
    url: signedProxyUrl(t, "/proxy/customer", { customer, extra: { locale } }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function earnAndReceive(orderId: string, customer: string): Promise<ParsedMail> {
  received.length = 0;
  await deliverWebhook(
    t,
    "orders/paid",
    orderBody({ id: orderId, customerId: customer, email: `${customer}@example.com` }),
  );
  const row = await t.deps.db
    .selectFrom("notifications")
    .selectAll()
    .where("shop_id", "=", "shop_demo")
    .where("idempotency_key", "like", `%order:${orderId}%`)
    .executeTakeFirstOrThrow();
  await sendNotification(t.deps, "shop_demo", row.id);
  const mail = received.find((m) => m.to && JSON.stringify(m.to).includes(`${customer}@example.com`));
  if (!mail) throw new Error(`no e-mail received for ${customer}`);
  return mail;
}

describe("a subject per storefront language (L-04)", () => {
  it("answers the shop's languages, each with Laurel's subject as its placeholder", async () => {
    const res = await adminGet(t.app, "/apiSa/notifications/points_earned", token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.languages).toEqual(["en", "de", "ko", "it"]);
    expect(data.subjects).toEqual({});
    expect(data.defaultSubjects.de).toMatch(/^Sie haben .*gesammelt$/);
    expect(data.defaultSubjects.it).toMatch(/^Hai guadagnato/);
    // Korean: no shipped e-mail words, so English (decision 0130).
    expect(data.defaultSubjects.ko).toBe(data.defaultSubjects.en);
  });

  it("refuses a language the shop does not sell in, a malformed code and a too long subject, naming the field", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ subjects: { fr: "Vos points" } }, "subjects.fr", /not one of your storefront languages/],
      [{ subjects: { "not a code": "x" } }, "subjects.not a code", /not one of your storefront languages/],
      [{ subjects: { de: "x".repeat(256) } }, "subjects.de", /Subject must be 255 characters or fewer/],
      [{ subjects: ["de"] }, "subjects", /Subjects must map a language to a subject/],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = (res.json().errors as { field: string; message: string }[]).find(
        (e) => e.field === field,
      );
      expect(error?.message ?? res.body, JSON.stringify(body)).toMatch(message);
    }
    expect((await adminGet(t.app, "/apiSa/notifications/points_earned", token)).json().data.subjects).toEqual(
      {},
    );
  });

  it("sends each shopper the subject of their language, else the shop's default, else Laurel's in their language", async () => {
    const saved = await put({
      subject: "Points from {{shop}}",
      subjects: { DE: "Neue {{label}} für Sie!", it: "", ko: "  " },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Stored as the shop spells its languages; empty subjects are no subject.
    expect(saved.json().data.subjects).toEqual({ de: "Neue {{label}} für Sie!" });

    await visit("901", "de-AT"); // German (Austria): the shop's German.
    await visit("902", "ko"); // Korean: a shop language without a subject of its own.
    await visit("903", "fr"); // French: not a language of this shop, so the primary (English).
    const german = await earnAndReceive("9101", "901");
    expect(german.subject).toBe("Neue points für Sie!");
    // The body is Laurel's German too.
    expect(german.text).toContain("Vielen Dank für Ihre Bestellung");
    expect((await earnAndReceive("9102", "902")).subject).toBe("Points from Laurel Demo Store");
    expect((await earnAndReceive("9103", "903")).subject).toBe("Points from Laurel Demo Store");

    // Without the shop's default subject: Laurel's subject in the shopper's language.
    expect((await put({ subject: null, subjects: {} })).statusCode).toBe(200);
    await visit("904", "it");
    expect((await earnAndReceive("9104", "904")).subject).toBe(
      "Hai guadagnato 10 points da Laurel Demo Store",
    );
    // A Korean shopper: Laurel ships no Korean e-mail words, so the English subject (decision 0179).
    expect((await earnAndReceive("9105", "902")).subject).toBe("You earned 10 points at Laurel Demo Store");
  });

  it("previews the e-mail in any of the shop's languages, with that language's subject", async () => {
    expect((await put({ subject: null, subjects: { de: "Neue {{label}} für Sie!" } })).statusCode).toBe(200);
    const preview = (language?: string) =>
      adminGet(
        t.app,
        `/apiSa/notifications/points_earned/preview${language ? `?language=${language}` : ""}`,
        token,
      );
    expect((await preview()).json().data.subject).toBe("You earned 120 points at Laurel Demo Store");
    expect((await preview("de")).json().data.subject).toBe("Neue points für Sie!");
    expect((await preview("it")).json().data.subject).toBe("Hai guadagnato 120 points da Laurel Demo Store");
    const refused = await preview("fr");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "language", message: "Language must be one of your storefront languages" },
    ]);
  });
});
