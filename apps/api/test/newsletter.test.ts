import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import {
  adminSend,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  signedProxyUrl,
  type TestApp,
} from "./helpers";

/**
 * C-26 newsletter sign up, through the customers/create and customers/update webhooks (the REST
 * Customer's `email_marketing_consent.state`), with the rules sign up has (C-25: members only, the
 * program's limit, once in a lifetime by default) and X-48 (withdrawing consent takes nothing back).
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
const SHOP = "shop_demo";
let t: TestApp;
let newsletterProgramId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const token = await shopifyToken(t.config, DEMO_SHOP_DOMAIN, clock.now());
  const res = await adminSend(t.app, "POST", "/apiSa/lp/programs/earning", token, {
    title: "Newsletter",
    event: "sign_up_newsletter",
    status: "active",
    priority: 5,
    config: { earnPoint: 50 },
  });
  expect(res.statusCode, res.body).toBe(200);
  newsletterProgramId = res.json().data.id;
});
afterAll(async () => {
  await t.close();
});

/** Shopify's sample customer payload (fixtures/shopify), as this shopper, with their consent. */
const sample = JSON.parse(
  readFileSync(new URL("./fixtures/shopify/customers_create.json", import.meta.url), "utf8"),
);
function customerBody(
  platformId: string,
  consent: { state: string; at: string } | null,
  over: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    ...sample,
    id: Number(platformId),
    admin_graphql_api_id: `gid://shopify/Customer/${platformId}`,
    email: `${platformId}@example.com`,
    updated_at: consent?.at ?? sample.updated_at,
    email_marketing_consent: consent
      ? { state: consent.state, opt_in_level: "single_opt_in", consent_updated_at: consent.at }
      : null,
    ...over,
  });
}
async function send(topic: "customers/create" | "customers/update", body: string, id?: string) {
  const res = await deliverWebhook(t, topic, body, id ? { id } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.outcome as string;
}
const join = (platformId: string) =>
  t.app.inject({ method: "POST", url: signedProxyUrl(t, "/proxy/join", { customer: platformId }) });
const customer = (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .select(["id", "type", "available_points", "email_marketing_state"])
    .where("shop_id", "=", SHOP)
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
async function entries(platformId: string) {
  const c = await customer(platformId);
  return t.deps.db
    .selectFrom("ledger_entries")
    .select(["activity_type", "available_delta", "idempotency_key", "program_id"])
    .where("shop_id", "=", SHOP)
    .where("customer_id", "=", c.id)
    .orderBy("id")
    .execute();
}
const activities = async (platformId: string) =>
  (await entries(platformId)).map((e) => `${e.activity_type} ${e.available_delta}`);

describe("C-26: subscribing to the newsletter earns the newsletter program's points", () => {
  it("a member who subscribes earns once, keyed by customer and program; redeliveries and other updates add nothing", async () => {
    await send(
      "customers/create",
      customerBody("6001", { state: "not_subscribed", at: "2026-06-01T10:00:00Z" }),
    );
    expect((await join("6001")).statusCode).toBe(200);
    expect(await activities("6001")).toEqual(["earn_sign_up 100"]);

    const subscribed = customerBody("6001", { state: "subscribed", at: "2026-06-15T10:00:00Z" });
    expect(await send("customers/update", subscribed, "wh-news-6001")).toBe("recorded");
    const c = await customer("6001");
    expect(c).toMatchObject({ available_points: 150, email_marketing_state: "subscribed" });
    expect((await entries("6001")).at(-1)).toEqual({
      activity_type: "earn_newsletter",
      available_delta: 50,
      idempotency_key: `sign_up_newsletter:${c.id}:${newsletterProgramId}:0`,
      program_id: newsletterProgramId,
    });

    // Shopify redelivers (same webhook id), sends the same state again, or updates something else.
    expect(await send("customers/update", subscribed, "wh-news-6001")).toBe("duplicate");
    await send("customers/update", subscribed);
    await send(
      "customers/update",
      customerBody("6001", { state: "subscribed", at: "2026-06-15T10:00:00Z" }, { first_name: "Bobby" }),
    );
    expect(await activities("6001")).toEqual(["earn_sign_up 100", "earn_newsletter 50"]);
  });

  it("X-48: unsubscribing takes nothing back (a 0-point entry says so); subscribing again earns nothing more (once in a lifetime)", async () => {
    await send(
      "customers/update",
      customerBody("6001", { state: "unsubscribed", at: "2026-06-16T10:00:00Z" }),
    );
    await send("customers/update", customerBody("6001", { state: "subscribed", at: "2026-06-17T10:00:00Z" }));
    expect(await activities("6001")).toEqual(["earn_sign_up 100", "earn_newsletter 50", "unsubscribe 0"]);
    expect(await customer("6001")).toMatchObject({
      available_points: 150,
      email_marketing_state: "subscribed",
    });
  });

  it("a delivery older than the consent held is ignored (webhooks arrive out of order)", async () => {
    await send(
      "customers/update",
      customerBody("6001", { state: "unsubscribed", at: "2026-06-10T10:00:00Z" }),
    );
    expect(await customer("6001")).toMatchObject({ email_marketing_state: "subscribed" });
    expect(await activities("6001")).toHaveLength(3);
  });

  it("X-63: a guest who subscribes earns when they join, with the sign-up points", async () => {
    await send("customers/create", customerBody("6002", { state: "subscribed", at: "2026-06-15T11:00:00Z" }));
    expect(await customer("6002")).toMatchObject({ type: "guest", available_points: 0 });
    expect(await activities("6002")).toEqual([]);

    const joined = await join("6002");
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toMatchObject({ type: "member", availablePoints: 150 });
    expect(await activities("6002")).toEqual(["earn_sign_up 100", "earn_newsletter 50"]);
    // Joining again changes nothing.
    await join("6002");
    expect(await activities("6002")).toHaveLength(2);
  });

  it("a member who never subscribed, or whose payload has no consent, earns no newsletter points", async () => {
    await send("customers/create", customerBody("6003", null));
    await join("6003");
    await send("customers/update", customerBody("6003", { state: "pending", at: "2026-06-15T12:00:00Z" }));
    expect(await activities("6003")).toEqual(["earn_sign_up 100"]);
    expect(await customer("6003")).toMatchObject({ email_marketing_state: "pending" });
  });

  it("with the newsletter program off, subscribing earns nothing (C-06)", async () => {
    const token = await shopifyToken(t.config, DEMO_SHOP_DOMAIN, clock.now());
    const off = await adminSend(t.app, "PUT", `/apiSa/lp/programs/${newsletterProgramId}/status`, token, {
      status: "inactive",
    });
    expect(off.statusCode).toBe(200);
    await send("customers/create", customerBody("6004", null));
    await join("6004");
    await send("customers/update", customerBody("6004", { state: "subscribed", at: "2026-06-15T13:00:00Z" }));
    expect(await activities("6004")).toEqual(["earn_sign_up 100"]);
  });
});
