import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Shopify's signatures (reference/shopify-platform.md §2.1, §4), compared in constant time.
 */

/** Webhooks: base64(HMAC-SHA256(secret, raw body bytes)) in X-Shopify-Hmac-Sha256. */
export function webhookHmac(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

export function verifyWebhookHmac(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || rawBody.length === 0) return false;
  // Compare the canonical base64 text, not decoded bytes: decoding ignores the padding bits, so a
  // header differing only there would otherwise pass. Length first: timingSafeEqual needs equal
  // lengths (the length of a SHA-256 digest is not secret).
  const expected = Buffer.from(webhookHmac(rawBody, secret), "utf8");
  const given = Buffer.from(header, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * App proxy: hex(HMAC-SHA256(secret, message)) in the `signature` query parameter, where message =
 * every other parameter, URL-decoded, multi-valued keys joined with ",", rendered `key=value`,
 * sorted, concatenated with no separator.
 */
export function appProxyMessage(params: URLSearchParams): string {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (key === "signature") continue;
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  return [...grouped.entries()]
    .map(([key, values]) => `${key}=${values.join(",")}`)
    .sort()
    .join("");
}

export function appProxySignature(params: URLSearchParams, secret: string): string {
  return createHmac("sha256", secret).update(appProxyMessage(params)).digest("hex");
}

export function verifyAppProxySignature(params: URLSearchParams, secret: string): boolean {
  const given = params.get("signature");
  if (!given || !/^[0-9a-f]{64}$/i.test(given) || params.getAll("signature").length !== 1) return false;
  const expected = Buffer.from(appProxySignature(params, secret), "hex");
  return timingSafeEqual(Buffer.from(given.toLowerCase(), "hex"), expected);
}

/**
 * The first parameter that appears more than once, if any. Every parameter is signed, and
 * repeated values are signed joined with "," — so `shop=a&shop=b` verifies like `shop=a,b` while
 * a reader taking the first value sees `a`. Shopify's validator refuses repeats; Laurel's widget
 * never sends one, so the proxy guard refuses any (decision 0037).
 */
export function repeatedParameter(params: URLSearchParams): string | undefined {
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

/** Signs a storefront query the way Shopify's app proxy does (the demo store's proxy emulation). */
export function signAppProxyQuery(
  params: Record<string, string | string[]>,
  secret: string,
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of [value].flat()) search.append(key, v);
  }
  search.append("signature", appProxySignature(search, secret));
  return search;
}

const SIXTEEN_DIGITS = /\d{16}/;

/**
 * JSON.parse that keeps integers beyond 2^53 exactly, as strings (Shopify ids are 64-bit).
 * Uses the reviver's source text (Node ≥ 21); safe integers and every other value are untouched.
 * A text without 16 digits in a row holds no such integer, and is parsed without the reviver,
 * which costs a call per value (most webhook bodies: Shopify ids have 13–14 digits today).
 */
export function parseJsonKeepingBigIntegers(text: string): unknown {
  if (!SIXTEEN_DIGITS.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === "number" &&
    !Number.isSafeInteger(value) &&
    context?.source &&
    /^-?\d+$/.test(context.source)
      ? context.source
      : value,
  );
}
