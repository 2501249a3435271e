import { createHmac } from "node:crypto";

/**
 * Shopify's two signatures, as the platform computes them (the sending side only). Laurel's
 * verifying side lives in the api; both are checked against Shopify's published vectors
 * (test/signatures.test.ts here, the api's tests there), so they cannot drift apart.
 */

/** Webhooks: base64(HMAC-SHA256(secret, raw body bytes)), sent in X-Shopify-Hmac-Sha256. */
export function webhookHmac(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

/**
 * App proxy: hex(HMAC-SHA256(secret, message)); message = every parameter but `signature`,
 * multi-valued keys joined with ",", rendered `key=value`, sorted, concatenated.
 */
export function appProxySignature(params: URLSearchParams, secret: string): string {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (key === "signature") continue;
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  const message = [...grouped.entries()]
    .map(([key, values]) => `${key}=${values.join(",")}`)
    .sort()
    .join("");
  return createHmac("sha256", secret).update(message).digest("hex");
}

/**
 * A review app's call to Laurel's inbound endpoint (Laurel decision 0100): header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, with the shop's signing secret
 * the merchant pasted into the review app.
 */
export function inboundSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}
