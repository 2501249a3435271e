import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { adminGet, adminSend, createTestApp, shopifyToken, signIn, type TestApp } from "./helpers";

/** M-07, H-06 (decision 0170): the Developers section's API key and the merchant API it opens. */

const SHOP = "shop_demo";
let t: TestApp;
let token = "";
let customerId = "";

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app)).token;
  const customer = await t.deps.db
    .transaction()
    .execute((trx) =>
      ensureCustomer(
        t.deps,
        trx,
        SHOP,
        { platformCustomerId: "api-1", email: "api@example.com", firstName: "Ada", lastName: "Api" },
        "member",
      ),
    );
  customerId = customer.id;
  const adjusted = await adminSend(t.app, "POST", `/apiSa/customers/${customerId}/points`, token, {
    points: 250,
    note: "welcome",
  });
  expect(adjusted.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const callApi = (url: string, authorization?: string) =>
  t.app.inject({ method: "GET", url, headers: authorization ? { authorization } : {} });

async function auditActions(): Promise<Array<{ action: string; details: unknown }>> {
  return t.deps.db
    .selectFrom("audit_log")
    .select(["action", "details"])
    .where("shop_id", "=", SHOP)
    .where("action", "like", "api_key.%")
    .orderBy("id")
    .execute();
}

describe("the API key (M-07)", () => {
  let first = "";

  it("starts with no key and says where the API lives", async () => {
    const res = await adminGet(t.app, "/apiSa/developers/api-key", token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ key: null, baseUrl: `${t.config.appUrl}/api/v1` });
  });

  it("generates a key shown once: the answer holds it, the list only its prefix, the database only its hash", async () => {
    const res = await adminSend(t.app, "POST", "/apiSa/developers/api-key", token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { key, secret } = res.json().data;
    expect(secret).toMatch(/^lrl_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(secret.slice(0, 13));
    expect(key.lastUsedAt).toBeNull();
    first = secret;

    const view = await adminGet(t.app, "/apiSa/developers/api-key", token);
    expect(view.json().data.key).toEqual(key);
    expect(view.body).not.toContain(secret.slice(13));

    const rows = await t.deps.db.selectFrom("api_keys").selectAll().where("shop_id", "=", SHOP).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secret_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(secret.slice(13));
  });

  it("refuses a second key while one is live, and writes nothing", async () => {
    const res = await adminSend(t.app, "POST", "/apiSa/developers/api-key", token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: "api_key_exists",
      error: "This shop already has an API key. Rotate it to get a new one.",
    });
    expect(await t.deps.db.selectFrom("api_keys").select("id").execute()).toHaveLength(1);
  });

  it("opens the merchant API: a customer with their balance, and the shop's point activity", async () => {
    const customer = await callApi(`/api/v1/customers/${customerId}`, `Bearer ${first}`);
    expect(customer.statusCode).toBe(200);
    expect(customer.json().data).toMatchObject({
      id: customerId,
      platformCustomerId: "api-1",
      availablePoints: 250,
      pendingPoints: 0,
    });
    const activity = await callApi("/api/v1/points/activity?pageSize=5", `Bearer ${first}`);
    expect(activity.statusCode).toBe(200);
    expect(activity.json().data.activities[0]).toMatchObject({ customerId, points: 250 });
    const view = await adminGet(t.app, "/apiSa/developers/api-key", token);
    expect(view.json().data.key.lastUsedAt).not.toBeNull();
  });

  it("answers 401 with a clear error without a key, with a wrong one, or with the key elsewhere", async () => {
    const cases: Array<[string | undefined, string, string]> = [
      [undefined, "/api/v1/points/activity", "api_key_missing"],
      [`Basic ${first}`, "/api/v1/points/activity", "api_key_missing"],
      ["Bearer ", "/api/v1/points/activity", "api_key_missing"],
      [undefined, `/api/v1/points/activity?key=${first}`, "api_key_missing"],
      [`Bearer ${first.slice(0, -1)}x`, "/api/v1/points/activity", "api_key_invalid"],
      ["Bearer lrl_live_short", "/api/v1/points/activity", "api_key_invalid"],
      [`Bearer ${token}`, "/api/v1/points/activity", "api_key_invalid"],
    ];
    for (const [authorization, url, code] of cases) {
      const res = await callApi(url, authorization);
      expect(res.statusCode, `${authorization} ${url}`).toBe(401);
      expect(res.json().code).toBe(code);
    }
    expect((await callApi("/api/v1/points/activity")).json().error).toBe(
      "Send your API key as the Authorization header: Bearer <key>.",
    );
  });

  it("names the field of bad input", async () => {
    const res = await callApi("/api/v1/points/activity?pageSize=0", `Bearer ${first}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("pageSize");
  });

  it("keeps a key to its shop: another shop's key does not see this shop's customer", async () => {
    const other = await shopifyToken(t.config, "api-other.myshopify.com");
    expect((await adminGet(t.app, "/apiSa/shops", other)).statusCode).toBe(200);
    const created = await adminSend(t.app, "POST", "/apiSa/developers/api-key", other);
    const otherKey = created.json().data.secret;
    const res = await callApi(`/api/v1/customers/${customerId}`, `Bearer ${otherKey}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("customer_not_found");
    const activity = await callApi("/api/v1/points/activity", `Bearer ${otherKey}`);
    expect(activity.json().data.activities).toEqual([]);
  });

  it("rotates: the new key works, the old one is refused at once", async () => {
    const res = await adminSend(t.app, "POST", "/apiSa/developers/api-key/rotate", token);
    expect(res.statusCode).toBe(200);
    const { key, secret } = res.json().data;
    expect(secret).not.toBe(first);
    expect((await callApi(`/api/v1/customers/${customerId}`, `Bearer ${first}`)).json().code).toBe(
      "api_key_invalid",
    );
    expect((await callApi(`/api/v1/customers/${customerId}`, `Bearer ${secret}`)).statusCode).toBe(200);
    expect((await adminGet(t.app, "/apiSa/developers/api-key", token)).json().data.key.id).toBe(key.id);
    first = secret;
  });

  it("revokes: the key stops working; rotate and revoke then say there is none", async () => {
    const res = await adminSend(t.app, "DELETE", "/apiSa/developers/api-key", token);
    expect(res.statusCode).toBe(200);
    expect((await callApi("/api/v1/points/activity", `Bearer ${first}`)).statusCode).toBe(401);
    expect((await adminGet(t.app, "/apiSa/developers/api-key", token)).json().data.key).toBeNull();
    for (const [method, url] of [
      ["DELETE", "/apiSa/developers/api-key"],
      ["POST", "/apiSa/developers/api-key/rotate"],
    ] as const) {
      const again = await adminSend(t.app, method, url, token);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe("api_key_not_found");
    }
  });

  it("audit-logs creation, rotation and revocation, never the key", async () => {
    const entries = await auditActions();
    expect(entries.map((e) => e.action)).toEqual(["api_key.created", "api_key.rotated", "api_key.revoked"]);
    expect(entries[1]?.details).toMatchObject({ replacedPrefix: expect.stringMatching(/^lrl_live_/) });
    expect(JSON.stringify(entries)).not.toMatch(/lrl_live_[A-Za-z0-9_-]{20,}/);
  });

  it("lists the merchant API in the OpenAPI document with its bearer key", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect(doc.paths["/api/v1/customers/{id}"].get.security).toEqual([{ merchantApiKey: [] }]);
    expect(
      doc.paths["/api/v1/points/activity"].get.parameters.map((p: { name: string }) => p.name),
    ).toContain("pageSize");
    expect(doc.components.securitySchemes.merchantApiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });
});

describe("the merchant API's rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { API_RATE_LIMIT: "2" } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("allows API_RATE_LIMIT calls a minute per key, then 429; refused keys do not count", async () => {
    const admin = (await signIn(limited.app)).token;
    const secret = (await adminSend(limited.app, "POST", "/apiSa/developers/api-key", admin)).json().data
      .secret;
    const call = (authorization: string) =>
      limited.app.inject({ method: "GET", url: "/api/v1/points/activity", headers: { authorization } });
    for (let i = 0; i < 3; i++) expect((await call("Bearer lrl_live_wrong")).statusCode).toBe(401);
    expect((await call(`Bearer ${secret}`)).statusCode).toBe(200);
    expect((await call(`Bearer ${secret}`)).statusCode).toBe(200);
    const third = await call(`Bearer ${secret}`);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe("rate_limited");
  });
});

describe("the key never reaches the log", () => {
  let logged: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await createTestApp({
      env: { LOG_LEVEL: "trace" },
      app: {
        logger: true,
        logStream: { write: (line: string) => void lines.push(line) },
        webDirs: { admin: "/nonexistent/admin", widget: "/nonexistent/widget" },
      },
    });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it("logs the requests that make and use a key without the key", async () => {
    const admin = (await signIn(logged.app)).token;
    const secret = (await adminSend(logged.app, "POST", "/apiSa/developers/api-key", admin)).json().data
      .secret;
    const use = (key: string) =>
      logged.app.inject({
        method: "GET",
        url: "/api/v1/points/activity",
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await use(secret)).statusCode).toBe(200);
    const rotated = (await adminSend(logged.app, "POST", "/apiSa/developers/api-key/rotate", admin)).json()
      .data.secret;
    expect((await use(secret)).statusCode).toBe(401);
    expect(lines.some((l) => l.includes("/api/v1/points/activity"))).toBe(true);
    const log = lines.join("\n");
    expect(log).not.toContain(secret.slice(9));
    expect(log).not.toContain(rotated.slice(9));
  });
});
