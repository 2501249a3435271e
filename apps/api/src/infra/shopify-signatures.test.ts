import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  appProxyMessage,
  parseJsonKeepingBigIntegers,
  signAppProxyQuery,
  verifyAppProxySignature,
  verifyWebhookHmac,
  webhookHmac,
} from "./shopify-signatures";

const fixtures = new URL("../../test/fixtures/shopify/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, fixtures));
const hmacVectors = JSON.parse(read("hmac_test_vectors.json").toString("utf8"));
const proxyVectors = JSON.parse(read("app_proxy_signature_vectors.json").toString("utf8"));

describe("webhook HMAC (shared hmac_test_vectors.json)", () => {
  it.each(hmacVectors.webhook_hmac.published as Array<Record<string, string | boolean>>)(
    "published: $source",
    (v) => {
      const header = (v.expected_base64 ?? v.header_sent) as string;
      expect(verifyWebhookHmac(Buffer.from(v.body_utf8 as string, "utf8"), header, v.secret as string)).toBe(
        v.valid,
      );
    },
  );

  it.each(hmacVectors.webhook_hmac.self_computed as Array<Record<string, string>>)(
    "self-computed: $note",
    (v) => {
      expect(webhookHmac(Buffer.from(v.body_utf8 ?? "", "utf8"), v.secret ?? "")).toBe(v.expected_base64);
    },
  );

  it("refuses a header that differs only in base64 padding bits (decodes to the same digest)", () => {
    const good = "hMTq0K2x7oyOjoBwGYeTj5oxfnaVYXzbanUG9aajpKI=";
    const sameBytes = `${good.slice(0, 42)}J=`; // 'I' → 'J' changes only the two padding bits
    expect(Buffer.from(sameBytes, "base64").equals(Buffer.from(good, "base64"))).toBe(true);
    expect(verifyWebhookHmac(Buffer.from('"my secret message"'), sameBytes, "hush")).toBe(false);
  });

  it("refuses an empty body whatever the header", () => {
    expect(verifyWebhookHmac(Buffer.alloc(0), "Knm8rWjeSXNIt2H0AOMT7DQ8/YSy8sQi/pEjbuUmGMs=", "hush")).toBe(
      false,
    );
  });

  it.each(hmacVectors.webhook_hmac.fixture_files.files as Array<Record<string, string>>)(
    "fixture file $file verifies over its exact bytes",
    (f) => {
      expect(verifyWebhookHmac(read(f.file as string), f.hmac_sha256_base64_with_secret_hush, "hush")).toBe(
        true,
      );
    },
  );

  it.each([
    ["missing header", undefined],
    ["garbage header", "not base64 !!"],
    ["truncated digest", "hMTq0K2x7oyOjoBwGYeTj5ox"],
    ["wrong secret's digest", webhookHmac('"my secret message"', "other")],
  ])("refuses a %s", (_label, header) => {
    expect(verifyWebhookHmac(Buffer.from('"my secret message"'), header, "hush")).toBe(false);
  });
});

describe("app proxy signature (shared app_proxy_signature_vectors.json)", () => {
  it.each(proxyVectors.published as Array<Record<string, unknown>>)("$source", (v) => {
    const params = new URLSearchParams(v.query as string);
    if (v.message) expect(appProxyMessage(params)).toBe(v.message);
    expect(verifyAppProxySignature(params, v.secret as string)).toBe(v.valid);
  });

  it.each(proxyVectors.self_computed as Array<Record<string, string>>)("self-computed: $note", (v) => {
    const params = new URLSearchParams(v.query_without_signature);
    params.append("signature", v.expected_hex ?? "");
    expect(verifyAppProxySignature(params, v.secret ?? "")).toBe(true);
  });

  it("signs like Shopify: our signature verifies, any change breaks it", () => {
    const q = signAppProxyQuery(
      { shop: "s.myshopify.com", logged_in_customer_id: "7", path_prefix: "/apps/laurel", timestamp: "1" },
      "k",
    );
    expect(verifyAppProxySignature(q, "k")).toBe(true);
    const tampered = new URLSearchParams(q);
    tampered.set("logged_in_customer_id", "8");
    expect(verifyAppProxySignature(tampered, "k")).toBe(false);
    const doubled = new URLSearchParams(q);
    doubled.append("signature", q.get("signature") ?? "");
    expect(verifyAppProxySignature(doubled, "k")).toBe(false);
    expect(verifyAppProxySignature(q, "other")).toBe(false);
  });
});

describe("big-integer-safe JSON", () => {
  it("keeps 64-bit ids exact and leaves small numbers alone (orders_create.json)", () => {
    const order = parseJsonKeepingBigIntegers(read("orders_create.json").toString("utf8")) as Record<
      string,
      unknown
    >;
    expect(order.id).toBe("820982911946154508");
    expect(JSON.parse(read("orders_create.json").toString("utf8")).id).toBe(820982911946154500);
    const parsed = parseJsonKeepingBigIntegers(
      '{"a": 12, "b": 1.5, "c": -9007199254740993, "d": [18446744073709551615]}',
    );
    expect(parsed).toEqual({ a: 12, b: 1.5, c: "-9007199254740993", d: ["18446744073709551615"] });
  });

  it("parses texts without 16 digits in a row exactly as JSON.parse, and the largest safe ids too", () => {
    const text = '{"id": 7500000000001, "total": "100.00", "n": [1, -2.5e3, 0.1], "s": "99999999999999999"}';
    expect(parseJsonKeepingBigIntegers(text)).toEqual(JSON.parse(text));
    expect(parseJsonKeepingBigIntegers('{"id": 9007199254740991}')).toEqual({ id: 9007199254740991 });
    expect(parseJsonKeepingBigIntegers('{"id": 9007199254740992}')).toEqual({ id: "9007199254740992" });
  });
});
