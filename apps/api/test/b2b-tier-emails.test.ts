import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { sweepTierDemotionsJob } from "../src/jobs/sweep-tier-demotions.job";
import { sendNotification } from "../src/modules/mail/mail.service";
import {
  addMembers,
  adminSend,
  createTestApp,
  deliverWebhook,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

/**
 * B2B partner tier e-mails (L-12, I-20, decision 0177) against a real SMTP peer: a company member
 * moving up or down a partner tier, or about to be demoted, gets the tier e-mail in partner
 * wording, once per event, member and occasion, unless the merchant switched the event off.
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
const shop = "shop_demo";
let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

const send = (method: "POST" | "PUT", url: string, body?: unknown) =>
  adminSend(t.app, method, url, token, body);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    clock,
    worker: true,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: "http://laurel.test" },
  });
  ({ token } = await signIn(t.app));
  // The B2B requirements: Laurel Advanced, a Plus store (the demo store grants the scopes).
  await updateShopRow(t, shop, { plan: "advanced", shopify_plan: "shopify_plus" });
  // 8100 buys for a company; 8300 is a direct-to-consumer member.
  await addMembers(t, ["8100", "8300"], clock.now());
  await t.deps.db
    .updateTable("customers")
    .set({ is_b2b: true })
    .where("shop_id", "=", shop)
    .where("platform_customer_id", "=", "8100")
    .execute();
  const settings = await send("PUT", "/apiSa/b2b/tiers/settings", {
    basis: "amount_spent",
    period: { kind: "lifetime" },
    demotion: { action: "downgrade_tier", after: 1, unit: "month", notifyBeforeDays: 7 },
    tagPrefix: "Joy",
  });
  expect(settings.statusCode).toBe(200);
  for (const [name, milestone] of [
    ["Partner", 0],
    ["Preferred partner", 200_000],
  ] as const) {
    ids[name] = (await send("POST", "/apiSa/b2b/tiers", { name, milestone })).json().data.id;
  }
  expect((await send("POST", "/apiSa/b2b/tiers/launch", {})).statusCode).toBe(200);
  await t.deps.queue.drain();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

const tierMails = () =>
  t.deps.db
    .selectFrom("notifications")
    .selectAll()
    .where("shop_id", "=", shop)
    .where("event", "in", ["tier_up", "tier_down", "tier_demotion_notice"])
    .orderBy("created_at")
    .execute();

/** The e-mail as the SMTP peer received it (the worker may have sent it already; sending again adds nothing). */
async function deliver(id: string) {
  await sendNotification(t.deps, shop, id);
  const mails = received.filter((m) => m.messageId === `<${id}@laurel.test>`);
  expect(mails).toHaveLength(1);
  return mails[0] as ParsedMail;
}

describe("B2B partner tier e-mails (L-12, decision 0177)", () => {
  it("the launch e-mails nobody", async () => {
    expect(await tierMails()).toEqual([]);
  });

  it("an order lifting a company member to the next partner tier sends 'tier up' once, in partner wording", async () => {
    const body = orderBody({
      id: "810001",
      customerId: "8100",
      email: "8100@example.com",
      lines: [{ id: "8100011", price: "2500.00", quantity: 1 }],
    });
    await deliverWebhook(t, "orders/paid", body);
    await deliverWebhook(t, "orders/paid", body);
    // A DTC member's big order moves no partner tier and sends no tier e-mail (VIP is not launched).
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "830001",
        customerId: "8300",
        lines: [{ id: "8300011", price: "9000.00", quantity: 1 }],
      }),
    );
    await t.deps.queue.drain();
    const rows = await tierMails();
    expect(rows.map((r) => [r.event, r.recipient])).toEqual([["tier_up", "8100@example.com"]]);
    expect(rows[0]?.data).toMatchObject({ tier: "Preferred partner", program: "b2b" });

    const mail = await deliver(rows[0]?.id as string);
    expect(mail.subject).toBe("Your business reached Preferred partner at Laurel Demo Store");
    expect(mail.text).toContain(
      "Congratulations: your business's partner tier at Laurel Demo Store is now Preferred partner, with new partner privileges.",
    );
    expect(mail.text).not.toContain("member of");
    // The job run again sends nothing more.
    await sendNotification(t.deps, shop, rows[0]?.id as string);
    expect(received.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);
  });

  it("within the 'notify before' days the sweep warns the partner once, worded for partner tiers", async () => {
    clock.set("2026-07-10T14:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    clock.set("2026-07-11T14:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    const notices = (await tierMails()).filter((r) => r.event === "tier_demotion_notice");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.data).toMatchObject({ tier: "Preferred partner", program: "b2b", days: 5 });
    const mail = await deliver(notices[0]?.id as string);
    expect(mail.subject).toBe("Keep your partner tier Preferred partner at Laurel Demo Store");
    expect(mail.text).toContain("Your partner tier Preferred partner ends in 5 days");
  });

  it("a switched-off 'tier down' queues nothing when the sweep demotes the partner; switched on, the next one is sent", async () => {
    ({ token } = await signIn(t.app)); // the clock moved past the session's token
    expect((await send("PUT", "/apiSa/notifications/tier_down", { enabled: false })).statusCode).toBe(200);
    clock.set("2026-07-16T14:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    const standing = await t.deps.db
      .selectFrom("customer_tiers as ct")
      .innerJoin("customers as c", (j) =>
        j.onRef("c.shop_id", "=", "ct.shop_id").onRef("c.id", "=", "ct.customer_id"),
      )
      .select("ct.tier_id")
      .where("ct.shop_id", "=", shop)
      .where("ct.program", "=", "b2b")
      .where("c.platform_customer_id", "=", "8100")
      .executeTakeFirstOrThrow();
    expect(standing.tier_id).toBe(ids.Partner);
    expect((await tierMails()).filter((r) => r.event === "tier_down")).toEqual([]);

    // Back up, then (switched on) down again a month later: this time the partner hears of it.
    ({ token } = await signIn(t.app));
    expect((await send("PUT", "/apiSa/notifications/tier_down", { enabled: true })).statusCode).toBe(200);
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({
        id: "810002",
        customerId: "8100",
        createdAt: "2026-07-16T10:00:00Z",
        lines: [{ id: "8100021", price: "10.00", quantity: 1 }],
      }),
    );
    await t.deps.queue.drain();
    // The order brought the partner back to Preferred partner; that 'tier up' is its own e-mail.
    expect((await tierMails()).filter((r) => r.event === "tier_up")).toHaveLength(2);
    clock.set("2026-08-17T14:00:00Z");
    await sweepTierDemotionsJob.handle(t.deps, {});
    await t.deps.queue.drain();
    const downs = (await tierMails()).filter((r) => r.event === "tier_down");
    expect(downs).toHaveLength(1);
    expect(downs[0]?.data).toMatchObject({ tier: "Partner", program: "b2b" });
    const mail = await deliver(downs[0]?.id as string);
    expect(mail.subject).toBe("Your partner tier at Laurel Demo Store changed");
    expect(mail.text).toContain("Your business's partner tier changed to Partner.");
  });
});
