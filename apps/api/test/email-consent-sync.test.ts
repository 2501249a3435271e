import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailLinks } from "../src/modules/mail/mail.links";
import { enqueueEmails } from "../src/modules/mail/mail.service";
import { getShopOrThrow } from "../src/modules/shops/shops.service";
import { createShopifyPlatform } from "../src/platform/shopify/shopify.adapter";
import { startFakeShopifyAdmin } from "./fakes/shopify-admin.fake";
import { addMembers, createTestApp, deliverWebhook, shopifyToken, type TestApp } from "./helpers";

/**
 * Decision 0130: an unsubscribe from a Laurel e-mail reaches the platform's e-mail marketing
 * consent (through the platform port: the demo store here, the Shopify adapter against its fake
 * below), and a consent change on the platform (customers/update) reaches Laurel's e-mails.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ worker: true });
  await addMembers(t, ["801", "802", "803"]);
});
afterAll(async () => {
  await t.close();
});

async function customerId(platformId: string) {
  const row = await t.deps.db
    .selectFrom("customers")
    .select("id")
    .where("shop_id", "=", "shop_demo")
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Queues a birthday e-mail to the shopper; answers how many were queued (0 when they are unsubscribed). */
async function queueEmail(platformId: string, occasion: string) {
  const id = await customerId(platformId);
  const shop = await getShopOrThrow(t.deps, "shop_demo");
  return t.deps.db
    .transaction()
    .execute((trx) =>
      enqueueEmails(t.deps, trx, shop, [
        { event: "birthday_reward", customerId: id, occasion, values: { points: 5 } },
      ]),
    );
}

async function unsubscribeLinkOf(platformId: string) {
  const id = await customerId(platformId);
  const row = await t.deps.db
    .selectFrom("notifications")
    .select("id")
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", id)
    .executeTakeFirstOrThrow();
  return mailLinks("http://laurel.test", t.deps.sessionSecret, "shop_demo", row.id).unsubscribe.replace(
    /^https?:\/\/[^/]+/,
    "",
  );
}

const demoConsent = (platformId: string) =>
  t.deps.db
    .selectFrom("demo_customer_marketing_consents")
    .select(["state"])
    .where("shop_id", "=", "shop_demo")
    .where("customer_id", "=", platformId)
    .executeTakeFirst();

const unsubscribeEntries = async (platformId: string) =>
  (
    await t.deps.db
      .selectFrom("ledger_entries")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("customer_id", "=", await customerId(platformId))
      .where("activity_type", "=", "unsubscribe")
      .execute()
  ).length;

function consentUpdate(platformId: string, state: string, at: string) {
  return {
    id: Number(platformId),
    email: `${platformId}@example.com`,
    updated_at: at,
    email_marketing_consent: { state, consent_updated_at: at },
  };
}

describe("an unsubscribe reaches the platform's marketing consent", () => {
  it("the one-click link withdraws the demo store's consent through the platform port, once", async () => {
    expect(await queueEmail("801", "birthday:2026")).toBe(1);
    const url = await unsubscribeLinkOf("801");
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.deps.queue.drain();
    expect(await demoConsent("801")).toEqual({ state: "unsubscribed" });
    const jobs = await t.deps.database.jobSql.executeSql("select id from pgboss.job where name = $1", [
      "sync-marketing-consent",
    ]);
    expect(jobs.rows).toHaveLength(1);
    const customer = await t.deps.db
      .selectFrom("customers")
      .select("email_marketing_state")
      .where("id", "=", await customerId("801"))
      .executeTakeFirstOrThrow();
    expect(customer.email_marketing_state).toBe("unsubscribed");
  });

  it("the platform's echo (customers/update, unsubscribed) adds no second 'unsubscribe' activity", async () => {
    expect(await unsubscribeEntries("801")).toBe(1);
    await deliverWebhook(
      t,
      "customers/update",
      consentUpdate("801", "unsubscribed", new Date().toISOString()),
    );
    expect(await unsubscribeEntries("801")).toBe(1);
    expect(await queueEmail("801", "birthday:2027")).toBe(0);
  });
});

describe("a consent change on the platform reaches Laurel's e-mails", () => {
  it("unsubscribed on the platform: no more e-mails; subscribed again: they resume", async () => {
    await deliverWebhook(t, "customers/update", consentUpdate("802", "subscribed", "2026-01-01T00:00:00Z"));
    expect(await queueEmail("802", "birthday:a")).toBe(1);
    await deliverWebhook(t, "customers/update", consentUpdate("802", "unsubscribed", "2026-02-01T00:00:00Z"));
    expect(await queueEmail("802", "birthday:b")).toBe(0);
    // Older news arriving late (out of order) does not undo the newer unsubscribe.
    await deliverWebhook(t, "customers/update", consentUpdate("802", "subscribed", "2026-01-15T00:00:00Z"));
    expect(await queueEmail("802", "birthday:c")).toBe(0);
    await deliverWebhook(t, "customers/update", consentUpdate("802", "subscribed", "2026-03-01T00:00:00Z"));
    expect(await queueEmail("802", "birthday:d")).toBe(1);
  });

  it("a shopper who unsubscribed from Laurel stays unsubscribed when an unrelated update repeats the old consent", async () => {
    await deliverWebhook(
      t,
      "customers/update",
      consentUpdate("803", "not_subscribed", "2026-01-01T00:00:00Z"),
    );
    expect(await queueEmail("803", "birthday:a")).toBe(1);
    const res = await t.app.inject({ method: "GET", url: await unsubscribeLinkOf("803") });
    expect(res.statusCode).toBe(200);
    await deliverWebhook(
      t,
      "customers/update",
      consentUpdate("803", "not_subscribed", "2026-01-01T00:00:00Z"),
    );
    expect(await queueEmail("803", "birthday:b")).toBe(0);
  });
});

describe("the Shopify adapter", () => {
  it("withdraws consent with customerEmailMarketingConsentUpdate, as UNSUBSCRIBED at the unsubscribe's time", async () => {
    const keys = { apiKey: t.config.shopifyApiKey, apiSecret: t.config.shopifyApiSecret };
    const fake = await startFakeShopifyAdmin(keys);
    try {
      const platform = createShopifyPlatform({ ...keys, adminOrigin: fake.origin, apiVersion: "2026-07" });
      const domain = "consent.myshopify.com";
      const { accessToken } = await platform.install(domain, await shopifyToken(t.config, domain));
      const at = new Date("2026-05-01T10:00:00Z");
      await platform.unsubscribeCustomerFromEmailMarketing({ domain, accessToken }, "7001", at);
      expect(fake.state.marketingConsents.get("gid://shopify/Customer/7001")).toEqual({
        marketingState: "UNSUBSCRIBED",
        consentUpdatedAt: at.toISOString(),
      });
      await expect(
        platform.unsubscribeCustomerFromEmailMarketing({ domain, accessToken }, "gid://other/Customer/1", at),
      ).rejects.toThrow("Invalid consent input");
    } finally {
      await fake.close();
    }
  });
});
