import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, adminSend, createTestApp, signIn, type TestApp } from "./helpers";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

function rawJson(method: string, url: string, body: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as "POST",
    url,
    payload: body,
    headers: { "content-type": "application/json", "x-auth-token": token, ...headers },
  });
}

const fail = (res: { statusCode: number; json(): unknown }) =>
  ({ status: res.statusCode, body: res.json() }) as { status: number; body: Record<string, unknown> };

describe("the boundary policy on every JSON body (decision 0030)", () => {
  it.each([
    ['{"customCSS":"a\\u0000b"}', "customCSS", "customCSS must not contain the NUL character (\\u0000)."],
    [
      '{"customCSS":"\\ud800x"}',
      "customCSS",
      "customCSS contains an invalid character (a lone UTF-16 surrogate).",
    ],
    [
      '{"customCSS":"\\udc00"}',
      "customCSS",
      "customCSS contains an invalid character (a lone UTF-16 surrogate).",
    ],
    ['{"__proto__":{"setupDone":true}}', "__proto__", "Field name __proto__ is not allowed."],
    ['{"a":{"b\\u0000":1}}', "a.b\u0000", "Field name must not contain the NUL character (\\u0000)."],
    ['{"setupDone":1e400}', "setupDone", "setupDone is not a number JSON can hold."],
  ])("PUT /apiSa/shop %s → 400 naming %s", async (body, field, message) => {
    const { status, body: json } = fail(await rawJson("PUT", "/apiSa/shop", body));
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, code: "validation_failed", error: message });
    expect(json.errors).toEqual([{ field, message }]);
  });

  it("keeps a well-formed surrogate pair (emoji) and answers ordinary validation", async () => {
    const res = await rawJson("PUT", "/apiSa/shop", '{"customCSS":"/* \\ud83c\\udf89 */"}');
    expect(res.statusCode).toBe(200);
  });

  it("refuses deep nesting without overflowing the stack", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const { status, body } = fail(await rawJson("PUT", "/apiSa/shop", deep));
    expect(status).toBe(400);
    expect(String(body.error)).toMatch(/nested too deeply/);
  });

  it("still calls broken JSON malformed", async () => {
    const { status, body } = fail(await rawJson("PUT", "/apiSa/shop", '{"a":'));
    expect(status).toBe(400);
    expect(body.code).toBe("malformed_json");
  });

  it("checks query strings and path parameters too", async () => {
    const q = fail(await adminGet(t.app, "/apiSa/customers?search=a%00b", token));
    expect(q.status).toBe(400);
    expect(q.body.errors).toEqual([
      { field: "search", message: "search must not contain the NUL character (\\u0000)." },
    ]);
    const p = fail(await adminGet(t.app, "/apiSa/customers/a%00b", token));
    expect(p.status).toBe(400);
    expect((p.body.errors as Array<{ field: string }>)[0]?.field).toBe("id");
  });
});

describe("unknown fields", () => {
  it("PUT with only a misspelt field names it", async () => {
    const res = await adminSend(t.app, "PUT", "/apiSa/lp/programs/anything", token, { titel: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "Unknown field: titel.", errors: [{ field: "titel" }] });
  });
});

describe("framework-level rejections answer the envelope", () => {
  it("414 for an overlong path parameter", async () => {
    const res = await adminGet(t.app, `/apiSa/customers/${"x".repeat(5000)}`, token);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ success: false, code: "uri_too_long" });
  });

  it("400 for broken percent-encoding", async () => {
    const res = await adminGet(t.app, "/apiSa/customers/%E0%A4%A", token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: "bad_url" });
  });

  it("413 for a body over the limit, 415 for one that is not JSON", async () => {
    const big = await rawJson(
      "PUT",
      "/apiSa/shop",
      JSON.stringify({ customCSS: "x".repeat(2 * 1024 * 1024) }),
    );
    expect(fail(big)).toMatchObject({ status: 413, body: { success: false, code: "payload_too_large" } });
    const xml = await rawJson("PUT", "/apiSa/shop", "<a/>", { "content-type": "application/xml" });
    expect(fail(xml)).toMatchObject({
      status: 415,
      body: { success: false, code: "unsupported_media_type" },
    });
  });

  it("431 for an oversized request head, over a real socket", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: "/health", headers: { "x-big": "x".repeat(64 * 1024) } },
        (res) => {
          let body = "";
          res.on("data", (c) => {
            body += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "header_too_large" });
  });
});
