import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT } from "../src/seed/demo-shop";
import { cookieOf, createTestApp, signedProxyUrl, type TestApp } from "./helpers";

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "laurel-headers-"));
  mkdirSync(join(dir, "admin/assets"), { recursive: true });
  mkdirSync(join(dir, "widget"), { recursive: true });
  writeFileSync(join(dir, "admin/index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(dir, "admin/assets/index-3f2a9c1b.js"), "console.log(1)");
  writeFileSync(join(dir, "widget/loader.js"), "void 0");
  t = await createTestApp({
    app: { webDirs: { admin: join(dir, "admin"), widget: join(dir, "widget") } },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, cookies?: Record<string, string>) =>
  t.app.inject({ method: "GET", url, ...(cookies ? { cookies } : {}) });

function expectCommon(res: LightMyRequestResponse) {
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBeTruthy();
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/base-uri '(self|none)'/);
}

function expectNoFraming(res: LightMyRequestResponse) {
  expectCommon(res);
  expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(res.headers["x-frame-options"]).toBe("DENY");
}

describe("security headers per kind of page", () => {
  it("standalone admin: never framed, index.html revalidated", async () => {
    for (const url of ["/", "/customers", "/dev_zone"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectNoFraming(res);
      expect(res.headers["referrer-policy"]).toBe("same-origin");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("embedded admin: framed only by the requesting shop and Shopify's admin", async () => {
    const res = await get("/embed?shop=maple-moss.myshopify.com&host=abc");
    expect(res.statusCode).toBe(200);
    expectCommon(res);
    expect(res.headers["content-security-policy"]).toContain(
      "frame-ancestors https://maple-moss.myshopify.com https://admin.shopify.com;",
    );
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    const nested = await get("/embed/customers?shop=Other-Shop.myshopify.com");
    expect(nested.headers["content-security-policy"]).toContain(
      "frame-ancestors https://other-shop.myshopify.com https://admin.shopify.com;",
    );
  });

  it.each([
    ["no shop", "/embed"],
    ["not a myshopify domain", "/embed?shop=evil.example"],
    ["an injected source", "/embed?shop=a.myshopify.com%20https://evil.example"],
    ["a repeated shop", "/embed?shop=a.myshopify.com&shop=b.myshopify.com"],
  ])("embedded admin with %s: only Shopify's admin may frame it", async (_name, url) => {
    const res = await get(url);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors https://admin.shopify.com;");
    expect(csp).not.toContain("evil");
  });

  it("sign-in page and sign-in answer: never framed, the answer never stored", async () => {
    const page = await get("/auth/login");
    expect(page.statusCode).toBe(200);
    expectNoFraming(page);
    const answer = await t.app.inject({ method: "POST", url: "/auth/login", payload: DEMO_MERCHANT });
    expect(answer.statusCode).toBe(200);
    expectNoFraming(answer);
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("/auth/token and the admin API: no-store, nothing may load from them", async () => {
    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: DEMO_MERCHANT });
    const token = await get("/auth/token", { laurel_session: cookieOf(login) });
    expect(token.statusCode).toBe(200);
    expectNoFraming(token);
    expect(token.headers["cache-control"]).toBe("no-store");
    expect(token.headers["content-security-policy"]).toContain("default-src 'none'");
    const api = await t.app.inject({
      method: "GET",
      url: "/apiSa/shops",
      headers: { "x-auth-token": token.json().data.token },
    });
    expect(api.statusCode).toBe(200);
    expectNoFraming(api);
    expect(api.headers["cache-control"]).toBe("no-store");
    for (const res of [await get("/apiSa/shops"), await get("/apiSa/nope")]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expectNoFraming(res);
    }
  });

  it("storefront API (/proxy/*): JSON, not framed, not stored", async () => {
    const res = await get(signedProxyUrl(t, "/proxy/customer"));
    expect(res.statusCode).toBe(200);
    expectNoFraming(res);
    expect(res.headers["cache-control"]).toBe("no-store");
    const refused = await get("/proxy/customer?shop=x");
    expect(refused.statusCode).toBe(401);
    expectNoFraming(refused);
  });

  it("widget files: loadable cross-origin by any storefront", async () => {
    const res = await get("/widget/loader.js");
    expect(res.statusCode).toBe(200);
    expectCommon(res);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("content-hashed admin assets: cached for a year, immutable", async () => {
    const res = await get("/assets/index-3f2a9c1b.js");
    expect(res.statusCode).toBe(200);
    expectCommon(res);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("demo store: not framed, keeps its own caching", async () => {
    const res = await get("/demo-store");
    expect(res.statusCode).toBeLessThan(400);
    expectNoFraming(res);
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("health and OpenAPI: API headers", async () => {
    for (const url of ["/health", "/openapi.json"]) expectNoFraming(await get(url));
  });
});
