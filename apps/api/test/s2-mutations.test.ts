import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookHmac } from "../src/infra/shopify-signatures";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { createTestApp, deliverWebhook, signedProxyUrl, type TestApp } from "./helpers";
import { orderBody } from "./order-payloads";
import { seededRandom, testSeed } from "./random";

/**
 * DESIGN §9 S2: signed traffic altered in any covered part is refused, 100 %, and changes nothing.
 * Shopify's schemes sign the webhook BODY (not the topic or shop headers) and every proxy QUERY
 * parameter (not the path); those are the parts mutated here.
 */
const MUTATIONS = Number(process.env.S2_MUTATIONS ?? 400);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        "shop_demo",
        { platformCustomerId: "6001", email: "s2@example.com", firstName: null, lastName: null },
        "member",
        new Date(),
      ),
    );
});
afterAll(async () => {
  await t.close();
});

const counts = async () => {
  const [entries, deliveries, customers] = await Promise.all(
    (["ledger_entries", "webhook_deliveries", "customers"] as const).map((table) =>
      t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    ),
  );
  return { entries, deliveries, customers };
};

describe("S2: mutated webhooks and proxy requests", () => {
  it(`${MUTATIONS} mutated order webhooks are all refused with 401, nothing written`, async () => {
    const rng = seededRandom(testSeed("S2 webhooks"));
    const body = Buffer.from(orderBody({ id: "8600000000000000001", customerId: "6001" }));
    const hmac = webhookHmac(body, t.config.shopifyApiSecret);
    const before = await counts();
    const statuses = new Map<number, number>();
    for (let i = 0; i < MUTATIONS; i++) {
      let mutated = Buffer.from(body);
      let signature = hmac;
      switch (rng.int(0, 4)) {
        case 0: {
          // Flip one bit of one byte.
          const at = rng.int(0, mutated.length - 1);
          mutated[at] = (mutated[at] ?? 0) ^ (1 << rng.int(0, 7));
          break;
        }
        case 1:
          // Truncate.
          mutated = mutated.subarray(0, rng.int(0, mutated.length - 1));
          break;
        case 2:
          // Append bytes (a second JSON object, whitespace, garbage).
          mutated = Buffer.concat([mutated, Buffer.from(rng.pick([" ", "\n", "{}", '{"id":1}', "x"]))]);
          break;
        case 3: {
          // Alter one character of the signature.
          const at = rng.int(0, signature.length - 1);
          const swap = signature[at] === "A" ? "B" : "A";
          signature = `${signature.slice(0, at)}${swap}${signature.slice(at + 1)}`;
          break;
        }
        default:
          // Signed with another secret.
          signature = webhookHmac(mutated, `${t.config.shopifyApiSecret}x`);
      }
      const res = await deliverWebhook(t, "orders/paid", mutated, { hmac: signature, id: `s2-${i}` });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: MUTATIONS });
    expect(await counts()).toEqual(before);
    // The untouched delivery is accepted: the mutations, not the fixture, were refused.
    expect((await deliverWebhook(t, "orders/paid", body, { hmac })).statusCode).toBe(200);
  });

  it(`${MUTATIONS} mutated proxy requests are all refused, nothing written`, async () => {
    const rng = seededRandom(testSeed("S2 proxy"));
    const url = signedProxyUrl(t, "/proxy/join", { customer: "6002" });
    const [path, query] = url.split("?") as [string, string];
    const before = await counts();
    const statuses = new Map<number, number>();
    for (let i = 0; i < MUTATIONS; i++) {
      const params = new URLSearchParams(query);
      const keys = [...params.keys()];
      switch (rng.int(0, 4)) {
        case 0: {
          // Change one parameter's value (the shopper, the shop, the time, the prefix, the signature).
          const key = rng.pick(keys);
          const value = params.get(key) ?? "";
          params.set(key, value.length > 0 ? `${value.slice(0, -1)}${value.endsWith("1") ? "2" : "1"}` : "1");
          break;
        }
        case 1:
          // Drop one parameter.
          params.delete(rng.pick(keys));
          break;
        case 2:
          // Add one.
          params.append(
            rng.pick(["page", "customer", "logged_in_customer_id", "shop", "x"]),
            String(rng.int(0, 9)),
          );
          break;
        case 3:
          // Swap the shopper for another (the classic attack).
          params.set("logged_in_customer_id", String(rng.int(1, 9_999_999)));
          break;
        default:
          // Duplicate a parameter with another value.
          params.append("timestamp", String(rng.int(0, 2 ** 31)));
      }
      const res = await t.app.inject({ method: "POST", url: `${path}?${params.toString()}` });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: MUTATIONS });
    expect(await counts()).toEqual(before);
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(200);
  });
});
