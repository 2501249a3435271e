import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "../src/infra/errors";
import {
  shopFromDest,
  signLaurelToken,
  signShopifySessionToken,
  verifyAdminToken,
} from "../src/infra/tokens";

const vectors = JSON.parse(
  readFileSync(new URL("./fixtures/shopify/session_token_vectors.json", import.meta.url), "utf8"),
);
const keys = {
  shopifyApiKey: vectors.expected_aud_client_id,
  shopifyApiSecret: vectors.secret,
  sessionSecret: "x".repeat(40),
};
const at = (unix: number) => new Date(unix * 1000);

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

describe("Shopify session tokens (A-02, X-61; shared session_token_vectors.json)", () => {
  it("accepts the vector at its verify time and reads shop and user", async () => {
    const claims = await verifyAdminToken(vectors.token, keys, at(vectors.verify_at_unix));
    expect(claims).toMatchObject({
      kind: "shopify",
      shopDomain: vectors.expected.shop_from_dest,
      userId: vectors.expected.user_id_from_sub,
    });
  });

  it("rejects the vector signed with the wrong secret", async () => {
    expect(
      await codeOf(
        verifyAdminToken(vectors.token_signed_with_wrong_secret, keys, at(vectors.verify_at_unix)),
      ),
    ).toBe("token_invalid");
  });

  it.each([
    ["within the 10 s leeway after exp", vectors.payload.exp + 9, "ok"],
    ["past exp plus leeway", vectors.payload.exp + 11, "token_expired"],
    ["before nbf beyond the leeway", vectors.payload.nbf - 11, "token_invalid"],
  ])("time check: %s", async (_label, unix, expected) => {
    expect(await codeOf(verifyAdminToken(vectors.token, keys, at(unix)))).toBe(expected);
  });

  it("rejects a token for another app (aud)", async () => {
    expect(
      await codeOf(
        verifyAdminToken(vectors.token, { ...keys, shopifyApiKey: "other-app" }, at(vectors.verify_at_unix)),
      ),
    ).toBe("token_invalid");
  });

  it.each([
    ["not a JWT", "abc"],
    ["empty signature", `${vectors.token.split(".").slice(0, 2).join(".")}.`],
    [
      "alg none",
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${vectors.token.split(".")[1]}.`,
    ],
  ])("rejects a forged token: %s", async (_label, token) => {
    expect(await codeOf(verifyAdminToken(token, keys, at(vectors.verify_at_unix)))).toBe("token_invalid");
  });

  it("rejects iss and dest naming different shops", async () => {
    const now = new Date();
    const token = await signShopifySessionToken({
      shopDomain: "a-shop.myshopify.com",
      apiKey: keys.shopifyApiKey,
      apiSecret: keys.shopifyApiSecret,
      now,
    });
    // Re-sign with a tampered dest: same secret, so only the iss/dest rule can catch it.
    const { SignJWT, decodeJwt } = await import("jose");
    const payload = decodeJwt(token);
    const tampered = await new SignJWT({ ...payload, dest: "https://b-shop.myshopify.com" })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(keys.shopifyApiSecret));
    expect(await codeOf(verifyAdminToken(tampered, keys, now))).toBe("token_invalid");
  });

  it("reads the shop only from a myshopify dest", () => {
    expect(shopFromDest("https://exampleshop.myshopify.com")).toBe("exampleshop.myshopify.com");
    expect(shopFromDest("https://evil.example.com")).toBeNull();
    expect(shopFromDest(42)).toBeNull();
  });
});

describe("Laurel standalone tokens", () => {
  it("round-trips with session and impersonation claims, and a Shopify secret cannot forge one", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const { token, expiresAt } = await signLaurelToken(
      { shopDomain: "demo.myshopify.com", userId: "usr_1", sessionId: "sid", impersonatedBy: "usr_staff" },
      keys.sessionSecret,
      now,
    );
    expect(expiresAt.getTime() - now.getTime()).toBe(60_000);
    expect(await verifyAdminToken(token, keys, now)).toEqual({
      kind: "laurel",
      shopDomain: "demo.myshopify.com",
      userId: "usr_1",
      sessionId: "sid",
      impersonatedBy: "usr_staff",
    });
    const forged = await signLaurelToken(
      { shopDomain: "demo.myshopify.com", userId: "usr_1", sessionId: "sid", impersonatedBy: null },
      keys.shopifyApiSecret.padEnd(40, "!"),
      now,
    );
    expect(await codeOf(verifyAdminToken(forged.token, keys, now))).toBe("token_invalid");
  });
});
