import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { AppError } from "../src/infra/errors";
import { verifyExtensionToken } from "../src/infra/tokens";
import {
  adminSend,
  createTestApp,
  extensionToken,
  signedProxyUrl,
  signIn,
  type TestApp,
  updateShopRow,
} from "./helpers";

/**
 * Decision 0180: the API of the checkout and customer-account UI extensions. Shopify runs them on
 * its CDN's origin with a session token; Laurel takes the shop from `dest` and the buyer from
 * `sub`, answers any origin (the token is the proof), and shows a guest a block, not an error.
 */
const clock = fixedClock("2026-11-24T12:00:00Z");
let t: TestApp;
let admin: string;
let programId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ token: admin } = await signIn(t.app));
  programId = (
    await t.deps.db
      .selectFrom("programs")
      .select("id")
      .where("shop_id", "=", "shop_demo")
      .where("event", "=", "amount_discount")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

const call = async (path: string, token?: string) =>
  t.app.inject({
    method: "GET",
    url: path,
    headers: {
      origin: "https://extensions.shopifycdn.com",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
const proxy = (method: "GET" | "POST", path: string, customer: string, payload?: object) =>
  t.app.inject({ method, url: signedProxyUrl(t, path, { customer }), ...(payload ? { payload } : {}) });

/** A member with 1,000 points who redeemed the $5 reward (500 points): one available code. */
async function memberWithCode(platformId: string): Promise<string> {
  expect((await proxy("POST", "/proxy/join", platformId)).statusCode).toBe(200);
  const { id } = await t.deps.db
    .selectFrom("customers")
    .select("id")
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
  await adminSend(t.app, "POST", `/apiSa/customers/${id}/points`, admin, { points: 900 });
  const redeemed = await proxy("POST", "/proxy/redeem", platformId, { programId });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return redeemed.json().data.coupon.code;
}

describe("the extension session token (reference §1.2)", () => {
  const vectors = JSON.parse(
    readFileSync(new URL("./fixtures/shopify/session_token_vectors.json", import.meta.url), "utf8"),
  );
  const at = new Date(vectors.verify_at_unix * 1000);

  it("accepts Shopify's example token: the shop from dest, no buyer for a sub that is not a customer", async () => {
    expect(await verifyExtensionToken(vectors.token, vectors.secret, at)).toEqual({
      shopDomain: vectors.expected.shop_from_dest,
      customerId: null,
    });
  });

  it("refuses another secret's signature, and an expired token as expired", async () => {
    await expect(
      verifyExtensionToken(vectors.token_signed_with_wrong_secret, vectors.secret, at),
    ).rejects.toMatchObject({ code: "token_invalid" });
    const late = new Date((vectors.expected.expired_at_unix_after + 11) * 1000);
    await expect(verifyExtensionToken(vectors.token, vectors.secret, late)).rejects.toBeInstanceOf(AppError);
    await expect(verifyExtensionToken(vectors.token, vectors.secret, late)).rejects.toMatchObject({
      code: "token_expired",
    });
  });

  it("reads a checkout token's bare dest and the customer GID in sub", async () => {
    const token = await extensionToken(t, { customer: "8123" });
    expect(await verifyExtensionToken(token, t.config.shopifyApiSecret, clock.now())).toEqual({
      shopDomain: "laurel-demo.myshopify.com",
      customerId: "8123",
    });
  });
});

describe("GET /extensions/* (decision 0180)", () => {
  it("answers the CORS preflight of any origin, before any token", async () => {
    const res = await t.app.inject({
      method: "OPTIONS",
      url: "/extensions/account",
      headers: {
        origin: "https://extensions.shopifycdn.com",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(String(res.headers["access-control-allow-headers"])).toMatch(/Authorization/);
  });

  it("refuses a missing, forged or expired token with a readable 401", async () => {
    for (const token of [
      undefined,
      "not-a-jwt",
      await extensionToken(t, { secret: "someone-else" }),
      await extensionToken(t, { lifetimeSeconds: -60 }),
    ]) {
      const res = await call("/extensions/account", token);
      expect(res.statusCode).toBe(401);
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it("refuses a shop that has not installed Laurel", async () => {
    const res = await call(
      "/extensions/account",
      await extensionToken(t, { shop: "stranger.myshopify.com" }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("shop_not_installed");
  });

  it("checkout discount (N-12): nothing while the block is off, the member's codes once it is on", async () => {
    const code = await memberWithCode("710001");
    const buyer = await extensionToken(t, { customer: "710001" });
    const off = (await call("/extensions/checkout-discount", buyer)).json().data;
    expect(off).toEqual({ block: null, signedIn: true, coupons: [] });

    await updateShopRow(t, "shop_demo", { custom_features: JSON.stringify(["checkout_discount"]) as never });
    const texts = { enabled: true, title: "Your rewards", description: "Apply one to this order." };
    expect(
      (await adminSend(t.app, "PUT", "/apiSa/storefront/checkout-discount", admin, texts)).statusCode,
    ).toBe(200);

    const on = await call("/extensions/checkout-discount", buyer);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      block: { title: "Your rewards", description: "Apply one to this order." },
      signedIn: true,
      coupons: [{ code, title: expect.any(String) }],
    });
    const guest = (await call("/extensions/checkout-discount", await extensionToken(t))).json().data;
    expect(guest).toEqual({
      block: { title: "Your rewards", description: "Apply one to this order." },
      signedIn: false,
      coupons: [],
    });
  });

  it("account (N-11): the member's balance, codes and the loyalty page; a guest gets the page only", async () => {
    const code = await memberWithCode("710002");
    const res = await call("/extensions/account?locale=en", await extensionToken(t, { customer: "710002" }));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const widget = (await proxy("GET", "/proxy/customer", "710002")).json().data;
    expect(data.member.availablePoints).toBe(widget.customer.availablePoints);
    expect(data.member.coupons.map((c: { code: string }) => c.code)).toEqual([code]);
    expect(data.pointLabel).toEqual(widget.pointLabel);
    expect(data.loyaltyPageUrl).toMatch(/\/pages\/joy-loyalty-page$/);

    const guest = (await call("/extensions/account", await extensionToken(t))).json().data;
    expect(guest).toMatchObject({ signedIn: false, member: null, loyaltyPageUrl: data.loyaltyPageUrl });
    const stranger = (
      await call("/extensions/account", await extensionToken(t, { customer: "999999" }))
    ).json().data;
    expect(stranger).toMatchObject({ signedIn: true, member: null });
  });

  it("names the field of a bad locale", async () => {
    const res = await call("/extensions/account?locale=%3Cscript%3E", await extensionToken(t));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("locale");
  });
});
