import { apiRoutes } from "@laurel/contracts";
import { createTestDatabase } from "@laurel/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { createTestApp, type TestApp } from "./helpers";

let t: TestApp;
const routes: Array<{ method: string; url: string; guard: string | undefined }> = [];
beforeAll(async () => {
  t = await createTestApp({
    app: {
      webDirs: { admin: "/nonexistent/a", widget: "/nonexistent/w" },
      onRouteRegistered: (r) => routes.push(r),
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("route guards (DESIGN §3)", () => {
  it("every route declares a guard, and each area uses the right one", () => {
    expect(routes.length).toBeGreaterThan(8);
    for (const r of routes) expect(r.guard, `${r.method} ${r.url}`).toBeDefined();
    for (const r of routes.filter((r) => r.url.startsWith("/apiSa/dev_zone"))) expect(r.guard).toBe("staff");
    for (const r of routes.filter((r) => r.url.startsWith("/apiSa/") && !r.url.startsWith("/apiSa/dev_zone")))
      expect(r.guard, r.url).toBe("admin");
    // The merchant API (decision 0170): an API key, nothing else.
    for (const r of routes.filter((r) => r.url.startsWith("/api/v1/"))) expect(r.guard, r.url).toBe("apiKey");
  });

  it("every JSON route is in the contracts' route table with the same guard, and nothing else is", () => {
    const served = new Set(["GET /openapi.json", "GET /widget/*", "GET /*"]);
    // E-mail links and the local mailbox answer images, redirects and HTML (decision 0075).
    const mailPages = [
      "GET /mail/o/:shopId/:id/:sig",
      "GET /mail/c/:shopId/:id",
      "GET /mail/u/:shopId/:id/:sig",
      // The sender's verification link (L-08, decision 0110) answers an HTML page.
      "GET /mail/sender/:shopId/:sig",
    ];
    for (const key of [...mailPages, "GET /mail/logo/:shopId/:event"]) served.add(key);
    for (const key of ["GET /dev/mailbox", "GET /dev/mailbox/:id"]) served.add(key);
    // Uploaded storefront images (N-16, decision 0086) are bytes, public like a CDN's.
    served.add("GET /uploads/:shopId/:file");
    // The loyalty page answers Liquid for the theme's layout (N-10), not JSON.
    served.add("GET /proxy/loyalty-page");
    served.add("GET /proxy/pages/:slug");
    // The UI extensions' CORS preflight (decision 0180): an empty 204, before any guard.
    served.add("OPTIONS /extensions/*");
    for (const r of routes.filter((r) => r.url.startsWith("/mail/"))) expect(r.guard).toBe("public");
    for (const r of routes.filter((r) => r.url.startsWith("/dev/mailbox"))) expect(r.guard).toBe("session");
    // The demo store's HTML pages, its app-proxy emulation and Shopify's /discount link (decision 0015).
    const demoStore = (key: string) => / \/(demo-store|apps\/laurel|discount)(\/|$)/.test(key);
    for (const r of routes.filter((r) => demoStore(`${r.method} ${r.url}`))) expect(r.guard).toBe("public");
    const registered = routes
      .filter((r) => r.method !== "HEAD")
      .map((r) => ({ key: `${r.method} ${r.url}`, guard: r.guard }))
      .filter((r) => !served.has(r.key) && !demoStore(r.key));
    expect(registered.map((r) => r.key).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const r of registered) expect(r.guard, r.key).toBe(apiRoutes[r.key as keyof typeof apiRoutes].guard);
  });

  it("GET /openapi.json describes every route, with its security", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/apiSa/shops"].get.security).toEqual([{ adminToken: [] }, { bearer: [] }]);
    expect(doc.paths["/apiSa/dev_zone/shops/{shopId}"].put.parameters[0]).toMatchObject({
      name: "shopId",
      in: "path",
    });
    expect(doc.paths["/proxy/activities"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "page",
      "pageSize",
    ]);
    expect(
      doc.paths["/auth/login"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("email");
    const count = Object.values(doc.paths).reduce(
      (n: number, ops) => n + Object.keys(ops as object).length,
      0,
    );
    expect(count).toBe(Object.keys(apiRoutes).length);
  });

  it("an app with an unguarded route refuses to start", async () => {
    await expect(
      buildApp(t.deps, {
        webDirs: { admin: "/nonexistent/a", widget: "/nonexistent/w" },
        extraRoutes: (app) => app.get("/apiSa/oops", async () => ({ leaked: true })),
      }),
    ).rejects.toThrow("Routes without a guard: GET /apiSa/oops");
  });

  it("every admin route refuses a request without a token", async () => {
    for (const r of routes.filter((r) => r.guard === "admin" || r.guard === "staff")) {
      if (r.method === "HEAD") continue;
      const res = await t.app.inject({
        method: r.method as "GET",
        url: r.url,
        payload: r.method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});

describe("bad input gets a clear 4xx, never a 500 (DESIGN §5)", () => {
  let token: string;
  beforeAll(async () => {
    const { signIn } = await import("./helpers");
    ({ token } = await signIn(t.app));
  });
  const send = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/apiSa/lp/settings",
      payload,
      headers: { "x-auth-token": token, "content-type": "application/json", ...headers },
    });

  it.each([
    ["malformed JSON", "{bad", {}, 400, "malformed_json"],
    ["a JSON array", "[]", {}, 400, "validation_failed"],
    ["a JSON string", '"fr"', {}, 400, "validation_failed"],
    ["null", "null", {}, 400, "validation_failed"],
    ["wrong type", '{"primaryLanguageInApp": 7}', {}, 400, "validation_failed"],
    [
      "form-encoded body",
      "primaryLanguageInApp=fr",
      { "content-type": "application/x-www-form-urlencoded" },
      415,
      "unsupported_media_type",
    ],
    [
      "oversized body (2 MiB)",
      JSON.stringify({ primaryLanguageInApp: "x".repeat(2 * 1024 * 1024) }),
      {},
      413,
      "payload_too_large",
    ],
  ])("%s", async (_label, payload, headers, status, code) => {
    const res = await send(payload, headers);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(typeof res.json().error).toBe("string");
  });

  it("unknown API routes answer a JSON 404; unknown pages fall to the SPA", async () => {
    const api = await t.app.inject({ method: "GET", url: "/apiSa/nope", headers: { "x-auth-token": token } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe("route_not_found");
    const post = await t.app.inject({ method: "POST", url: "/somewhere", payload: {} });
    expect(post.json().code).toBe("route_not_found");
  });
});

describe("a second engine-independent check", () => {
  it("createTestDatabase honours TEST_DATABASE_URL", async () => {
    const db = await createTestDatabase();
    expect(db.engine).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    await db.close();
  });
});
