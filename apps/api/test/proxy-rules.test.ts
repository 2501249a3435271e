import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { fixedClock } from "../src/infra/clock";
import { REDACTED, redactUrl } from "../src/infra/log-redaction";
import { signAppProxyQuery } from "../src/infra/shopify-signatures";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import { createTestApp, signedProxyUrl, type TestApp } from "./helpers";

const clock = fixedClock("2026-11-22T12:00:00Z");
const now = () => Math.floor(clock.now().getTime() / 1000);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

/** A query Shopify's algorithm signs correctly, repeated keys included (joined with ","). */
function signed(params: Record<string, string | string[]>) {
  const base = { shop: DEMO_SHOP_DOMAIN, logged_in_customer_id: "", path_prefix: "/apps/laurel" };
  return `/proxy/customer?${signAppProxyQuery({ ...base, timestamp: String(now()), ...params }, t.config.shopifyApiSecret)}`;
}

const call = (url: string) => t.app.inject({ method: "GET", url });

describe("app proxy: repeated parameters (reference §4, decision 0037)", () => {
  it("accepts the same request with each parameter once", async () => {
    expect((await call(signed({}))).statusCode).toBe(200);
  });

  it.each([
    ["shop", [DEMO_SHOP_DOMAIN, "other-shop.myshopify.com"]],
    ["timestamp", [String(now()), "1"]],
    ["logged_in_customer_id", ["1001", "1002"]],
    ["path_prefix", ["/apps/laurel", "/apps/other"]],
    ["an app parameter", ["1", "2"]],
  ])("refuses a repeated %s even when the signature covers it", async (name, values) => {
    const key = name === "an app parameter" ? "locale" : name;
    const res = await call(signed({ [key]: values }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: "proxy_unauthorized" });
  });
});

describe("app proxy: the timestamp window is 90 s either way", () => {
  it.each([
    [-89, 200],
    [89, 200],
    [-91, 401],
    [91, 401],
    [-600, 401],
  ])("a timestamp %i s from now answers %i", async (offset, status) => {
    const res = await call(signedProxyUrl(t, "/proxy/customer", { at: now() + offset }));
    expect(res.statusCode).toBe(status);
    if (status === 401) expect(res.json().code).toBe("proxy_expired");
  });

  it.each(["", "1.7e9", " 1763812800", "abc", "-5"])("a malformed timestamp %j is refused", async (stamp) => {
    const res = await call(signed({ timestamp: stamp }));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("proxy_expired");
  });
});

describe("signed URLs stay out of the log", () => {
  it("redacts signature, hmac and id_token values, keeps the rest", () => {
    expect(redactUrl("/proxy/customer?shop=a.myshopify.com&signature=abc123&timestamp=1")).toBe(
      `/proxy/customer?shop=a.myshopify.com&signature=${REDACTED}&timestamp=1`,
    );
    expect(redactUrl("/embed?hmac=f00&id_token=eyJ.x.y&host=abc")).toBe(
      `/embed?hmac=${REDACTED}&id_token=${REDACTED}&host=abc`,
    );
    expect(redactUrl("/proxy/customer?%73ignature=abc")).toBe(`/proxy/customer?%73ignature=${REDACTED}`);
    expect(redactUrl("/health")).toBe("/health");
  });

  it("the info log of a signed proxy request holds no signature", async () => {
    const lines: string[] = [];
    const app = await buildApp(
      { ...t.deps, config: { ...t.deps.config, logLevel: "info" } },
      {
        logger: true,
        logStream: { write: (line) => void lines.push(line) },
        webDirs: { admin: "/nonexistent/a", widget: "/nonexistent/w" },
      },
    );
    try {
      const url = signedProxyUrl(t, "/proxy/customer");
      const signature = new URLSearchParams(url.split("?")[1]).get("signature") ?? "";
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(200);
      const log = lines.join("");
      expect(log).toContain("/proxy/customer?");
      expect(log).toContain(`signature=${REDACTED}`);
      expect(log).not.toContain(signature);
    } finally {
      await app.close();
    }
  });
});
