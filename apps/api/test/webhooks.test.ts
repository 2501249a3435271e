import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookHmac } from "../src/infra/shopify-signatures";
import { postEntry } from "../src/modules/ledger/ledger.service";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import { adminGet, createTestApp, deliverWebhook, shopifyToken, signIn, type TestApp } from "./helpers";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/shopify/${name}`, import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const deliver = (
  topic: string,
  body: Buffer | string,
  opts: { shop?: string; id?: string; hmac?: string | null; headers?: Record<string, string> } = {},
) => deliverWebhook(t, topic, body, opts);

async function freshShop(domain: string) {
  await adminGet(t.app, "/apiSa/shops", await shopifyToken(t.config, domain));
  return t.deps.db
    .selectFrom("shops")
    .selectAll()
    .where("shopify_domain", "=", domain)
    .executeTakeFirstOrThrow();
}

describe("POST /webhooks: verification (S2)", () => {
  it.each([
    ["no HMAC header", { hmac: null }],
    ["an HMAC of another secret", { hmac: webhookHmac(fixture("app_uninstalled.json"), "not-the-secret") }],
    ["a malformed HMAC", { hmac: "%%%" }],
  ])("refuses %s with 401 before reading the body", async (_label, opts) => {
    const res = await deliver("app/uninstalled", fixture("app_uninstalled.json"), opts);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: "webhook_unauthorized" });
    const shop = await t.deps.db
      .selectFrom("shops")
      .select("uninstalled_at")
      .where("id", "=", "shop_demo")
      .executeTakeFirstOrThrow();
    expect(shop.uninstalled_at).toBeNull();
  });

  it("refuses every mutated delivery (seeded; replay with WEBHOOK_MUTATION_SEED)", async () => {
    const seed = Number(process.env.WEBHOOK_MUTATION_SEED ?? Date.now() % 100_000);
    console.log(`webhook mutation seed: ${seed}`);
    let state = seed;
    const rand = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const body = fixture("customers_create.json");
    const goodHmac = webhookHmac(body, t.config.shopifyApiSecret);
    let rejected = 0;
    const total = 200;
    for (let i = 0; i < total; i++) {
      const mutated = Buffer.from(body);
      let hmac = goodHmac;
      switch (rand(3)) {
        case 0: {
          const at = rand(mutated.length);
          mutated[at] = (mutated[at] ?? 0) ^ (1 + rand(255));
          break;
        }
        case 1: {
          const chars = hmac.split("");
          const at = rand(chars.length - 1);
          chars[at] = chars[at] === "A" ? "B" : "A";
          hmac = chars.join("");
          break;
        }
        default:
          mutated.writeUInt8(0x20, mutated.length - 1);
          hmac = webhookHmac(Buffer.concat([body, Buffer.from(" ")]), t.config.shopifyApiSecret);
      }
      const res = await deliver("customers/create", mutated, { hmac });
      if (res.statusCode === 401) rejected += 1;
    }
    expect(rejected).toBe(total);
  });

  it.each([
    ["x-shopify-topic", "webhook_headers_missing"],
    ["x-shopify-shop-domain", "webhook_headers_missing"],
    ["x-shopify-webhook-id", "webhook_headers_missing"],
  ])("answers 400 without %s", async (header) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/webhooks",
      payload: fixture("app_uninstalled.json"),
      headers: {
        "content-type": "application/json",
        "x-shopify-hmac-sha256": webhookHmac(fixture("app_uninstalled.json"), t.config.shopifyApiSecret),
        "x-shopify-topic": "app/uninstalled",
        "x-shopify-shop-domain": DEMO_SHOP_DOMAIN,
        "x-shopify-webhook-id": "x",
        [header]: "",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("webhook_headers_missing");
  });

  it("acknowledges a signed body that is not JSON and parks it as failed, never to be retried", async () => {
    const res = await deliver("app/uninstalled", "{not json", { id: "not-json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ outcome: "unusable" });
    const row = await t.deps.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("webhook_id", "=", "not-json")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", last_error: "The body is not valid JSON.", attempts: 0 });
    // A raw NUL (never valid JSON; PostgreSQL text cannot hold it) is recorded visibly, not a 500.
    const nul = await deliver("app/uninstalled", '{"a":"\u0000"}', { id: "nul-body" });
    expect(nul.json().data).toEqual({ outcome: "unusable" });
    const shop = await t.deps.db
      .selectFrom("shops")
      .selectAll()
      .where("id", "=", "shop_demo")
      .executeTakeFirstOrThrow();
    expect(shop.uninstalled_at).toBeNull();
  });

  it("acknowledges deliveries for unknown shops and topics without a handler", async () => {
    expect(
      (
        await deliver("app/uninstalled", fixture("app_uninstalled.json"), { shop: "nobody.myshopify.com" })
      ).json().data,
    ).toEqual({
      outcome: "unknown_shop",
    });
    expect((await deliver("inventory_levels/update", "{}")).json().data).toEqual({
      outcome: "ignored_topic",
    });
  });
});

describe("POST /webhooks: topics and exactly-once", () => {
  it("app/uninstalled marks the shop uninstalled once; a redelivery is a duplicate", async () => {
    const shop = await freshShop("uninstall-me.myshopify.com");
    const body = fixture("app_uninstalled.json");
    const first = await deliver("app/uninstalled", body, { shop: shop.shopify_domain, id: "same-id" });
    expect(first.json().data).toEqual({ outcome: "recorded" });
    const row = await t.deps.db
      .selectFrom("shops")
      .selectAll()
      .where("id", "=", shop.id)
      .executeTakeFirstOrThrow();
    expect(row.uninstalled_at).not.toBeNull();
    expect(row.access_token).toBeNull();
    const again = await deliver("app/uninstalled", body, { shop: shop.shopify_domain, id: "same-id" });
    expect(again.json().data).toEqual({ outcome: "duplicate" });
  });

  it("app_subscriptions/update records the platform charge; an invalid payload is parked and writes nothing", async () => {
    const bad = await deliver("app_subscriptions/update", '{"app_subscription":{"status":1}}', {
      id: "sub-0",
    });
    // Acknowledged (Shopify must not retry content that can never be used), parked with the reason.
    expect(bad.statusCode).toBe(200);
    const parked = await t.deps.db
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("webhook_id", "=", "sub-0")
      .executeTakeFirstOrThrow();
    expect(parked.status).toBe("failed");
    expect(parked.attempts).toBe(1);
    expect(parked.last_error).toMatch(/app_subscription/);
    expect(
      (
        await t.deps.db
          .selectFrom("shops")
          .select("subscription")
          .where("id", "=", "shop_demo")
          .executeTakeFirstOrThrow()
      ).subscription,
    ).toBeNull();
    const good = await deliver("app_subscriptions/update", fixture("app_subscriptions_update.json"), {
      id: "sub-1",
    });
    expect(good.json().data).toEqual({ outcome: "recorded" });
    const row = await t.deps.db
      .selectFrom("shops")
      .select("subscription")
      .where("id", "=", "shop_demo")
      .executeTakeFirstOrThrow();
    expect(row.subscription).toEqual({
      platformChargeId: "gid://shopify/AppSubscription/1029266977",
      name: "Webhook Test",
      status: "PENDING",
      updatedAt: "2021-12-31T19:00:00-05:00",
    });
  });

  it("app/scopes_update keeps the store's granted scopes current (decision 0174); a bad payload writes nothing", async () => {
    const shop = await freshShop("scopes.myshopify.com");
    const scopesOf = async () =>
      (
        await t.deps.db
          .selectFrom("shops")
          .select("granted_scopes")
          .where("id", "=", shop.id)
          .executeTakeFirstOrThrow()
      ).granted_scopes;
    const before = await scopesOf();
    const bad = await deliver("app/scopes_update", '{"current":"read_companies"}', {
      shop: shop.shopify_domain,
      id: "scopes-0",
    });
    expect(bad.statusCode).toBe(200);
    expect(await scopesOf()).toEqual(before);
    const payload = {
      id: 1,
      previous: ["read_orders", "read_customers"],
      current: ["read_orders", "read_customers", "read_companies", "write_publications", "read_companies"],
      updated_at: "2026-11-24T10:00:00.000Z",
    };
    const res = await deliver("app/scopes_update", JSON.stringify(payload), {
      shop: shop.shopify_domain,
      id: "scopes-1",
    });
    expect(res.json().data).toEqual({ outcome: "recorded" });
    expect(await scopesOf()).toEqual([
      "read_companies",
      "read_customers",
      "read_orders",
      "write_publications",
    ]);
  });

  it("shop/redact erases the shop and everything it owns", async () => {
    const shop = await freshShop("erase-me.myshopify.com");
    const res = await deliver("shop/redact", fixture("shop_redact.json"), { shop: shop.shopify_domain });
    expect(res.json().data).toEqual({ outcome: "recorded" });
    expect(
      await t.deps.db.selectFrom("shops").select("id").where("id", "=", shop.id).executeTakeFirst(),
    ).toBeUndefined();
    const again = await deliver("shop/redact", fixture("shop_redact.json"), { shop: shop.shopify_domain });
    expect(again.json().data).toEqual({ outcome: "unknown_shop" });
  });
});

describe("customer topics and privacy compliance (reference §2.5)", () => {
  const bob = "706405506930370084";
  const customer = () =>
    t.deps.db
      .selectFrom("customers")
      .selectAll()
      .where("shop_id", "=", "shop_demo")
      .where("platform_customer_id", "=", bob)
      .executeTakeFirst();

  it("customers/create stores the shopper with an exact 64-bit id; customers/update refreshes details", async () => {
    expect((await deliver("customers/create", fixture("customers_create.json"))).json().data.outcome).toBe(
      "recorded",
    );
    expect(await customer()).toMatchObject({ email: "bob@biller.com", first_name: "Bob", type: "guest" });
    const updated = fixture("customers_create.json")
      .toString("utf8")
      .replace("bob@biller.com", "robert@biller.com");
    await deliver("customers/update", updated);
    expect((await customer())?.email).toBe("robert@biller.com");
  });

  it("customers/data_request exports what Laurel holds, downloadable by the merchant only", async () => {
    const c = await customer();
    if (!c) throw new Error("customer missing");
    await t.deps.db.transaction().execute((trx) =>
      postEntry(trx, {
        shopId: "shop_demo",
        customerId: c.id,
        activityType: "earn_sign_up",
        available: 100,
        idempotencyKey: `signup:${c.id}`,
        note: "welcome",
      }),
    );
    // Written as text: the 64-bit id must reach the server exactly, as Shopify sends it.
    const body = `{"shop_id":1,"shop_domain":"${DEMO_SHOP_DOMAIN}","customer":{"id":${bob}},"orders_requested":[1],"data_request":{"id":9999}}`;
    expect((await deliver("customers/data_request", body)).json().data.outcome).toBe("recorded");
    const { token } = await signIn(t.app);
    const list = (await adminGet(t.app, "/apiSa/compliance/exports", token)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ dataRequestId: "9999", platformCustomerId: bob });
    const exp = (await adminGet(t.app, `/apiSa/compliance/exports/${list[0].id}`, token)).json().data;
    expect(exp.data.customer).toMatchObject({ email: "robert@biller.com", availablePoints: 100 });
    expect(exp.data.pointActivities).toEqual([
      expect.objectContaining({ activityType: "earn_sign_up", points: 100, note: "welcome" }),
    ]);
    const other = await shopifyToken(t.config, "nosy-shop.myshopify.com");
    expect((await adminGet(t.app, `/apiSa/compliance/exports/${list[0].id}`, other)).statusCode).toBe(404);
  });

  it("customers/redact erases personal data and ledger notes, keeping the points", async () => {
    // Copies of Bob's data elsewhere: a referral where he is the friend, his own link's devices,
    // an e-mail sent to him; and another shopper's referral, which stays as it is.
    const bobId = (await customer())?.id ?? "";
    await t.deps.db
      .insertInto("referral_links")
      .values({
        shop_id: "shop_demo",
        customer_id: bobId,
        code: "BOB1",
        device_ids: '["dev-b"]',
        ip_hashes: '["ip-b"]',
      })
      .execute();
    await t.deps.db
      .insertInto("referrals")
      .values([
        {
          shop_id: "shop_demo",
          id: "ref_bob",
          code: "AVA1",
          referrer_id: bobId,
          friend_id: bobId,
          friend_email: "bob@example.com",
          status: "pending",
          device_id: "dev-b",
          ip_hash: "ip-b",
        },
        {
          shop_id: "shop_demo",
          id: "ref_other",
          code: "AVA1",
          referrer_id: bobId,
          friend_id: null,
          friend_email: "eve@example.com",
          status: "pending",
          device_id: "dev-e",
          ip_hash: "ip-e",
        },
      ])
      .execute();
    await t.deps.db
      .insertInto("notifications")
      .values({
        shop_id: "shop_demo",
        id: "ntf_bob",
        event: "points_earned",
        customer_id: bobId,
        recipient: "bob@example.com",
        language: "en",
        idempotency_key: "k-bob",
        data: '{"name":"Bob"}',
      })
      .execute();
    const body = fixture("customers_redact.json")
      .toString("utf8")
      .replace("191167", bob)
      .replace("{shop}.myshopify.com", DEMO_SHOP_DOMAIN);
    expect((await deliver("customers/redact", body)).json().data.outcome).toBe("recorded");
    const c = await customer();
    expect(c).toMatchObject({ email: null, first_name: null, last_name: null, available_points: 100 });
    expect(c?.redacted_at).not.toBeNull();
    const notes = await t.deps.db
      .selectFrom("ledger_entries")
      .select("note")
      .where("customer_id", "=", c?.id ?? "")
      .execute();
    expect(notes).toEqual([{ note: null }]);
    const referrals = await t.deps.db
      .selectFrom("referrals")
      .select(["id", "friend_email", "device_id", "ip_hash", "status"])
      .where("shop_id", "=", "shop_demo")
      .orderBy("id")
      .execute();
    expect(referrals).toEqual([
      { id: "ref_bob", friend_email: null, device_id: null, ip_hash: null, status: "pending" },
      {
        id: "ref_other",
        friend_email: "eve@example.com",
        device_id: "dev-e",
        ip_hash: "ip-e",
        status: "pending",
      },
    ]);
    const link = await t.deps.db
      .selectFrom("referral_links")
      .selectAll()
      .where("code", "=", "BOB1")
      .executeTakeFirst();
    expect(link).toMatchObject({ device_ids: [], ip_hashes: [] });
    const sent = await t.deps.db
      .selectFrom("notifications")
      .selectAll()
      .where("id", "=", "ntf_bob")
      .executeTakeFirst();
    expect(sent).toMatchObject({ recipient: "", data: {}, event: "points_earned" });
  });

  it("customers/delete moves the shopper to 'left'", async () => {
    expect((await deliver("customers/delete", fixture("customers_delete.json"))).json().data.outcome).toBe(
      "recorded",
    );
    expect((await customer())?.type).toBe("left");
  });
});
