import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env";

describe("configuration", () => {
  it("defaults to the embedded database, the demo platform and an in-process worker", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      platform: "demo",
      workerInProcess: true,
      seedDemo: true,
    });
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.dataDir.endsWith(".data")).toBe(true);
  });
  it("DATABASE_URL switches to PostgreSQL with no other change; empty means unset", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" })).toMatchObject({
      databaseUrl: "postgres://u@h/db",
      workerInProcess: true,
    });
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db", WORKER_IN_PROCESS: "0" }).workerInProcess).toBe(
      false,
    );
    expect(loadConfig({ WORKER_IN_PROCESS: "0" }).workerInProcess).toBe(true);
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });
  it("ANALYTICS_DATABASE_URL names the reports' read replica, and needs DATABASE_URL", () => {
    expect(loadConfig({}).analyticsDatabaseUrl).toBeUndefined();
    expect(
      loadConfig({
        DATABASE_URL: "postgres://u@primary/db",
        ANALYTICS_DATABASE_URL: "postgres://u@replica/db",
      }).analyticsDatabaseUrl,
    ).toBe("postgres://u@replica/db");
    expect(() => loadConfig({ ANALYTICS_DATABASE_URL: "postgres://u@replica/db" })).toThrow(
      "ANALYTICS_DATABASE_URL: needs DATABASE_URL",
    );
    expect(() =>
      loadConfig({ DATABASE_URL: "postgres://u@h/db", ANALYTICS_DATABASE_URL: "mysql://u:secret@h/db" }),
    ).toThrow("ANALYTICS_DATABASE_URL: must be a postgres:// URL");
  });
  it("TEST_CLOCK moves the clock only on the demo platform (decision 0099)", () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: "1" }).testClock).toBe(true);
    expect(loadConfig({ TEST_CLOCK: "1", PLATFORM: "shopify", SHOPIFY_API_SECRET: "s" }).testClock).toBe(
      false,
    );
  });
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: must be a postgres:// URL"],
    [{ PLATFORM: "shopify" }, "SHOPIFY_API_SECRET: required when PLATFORM=shopify"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET: must be at least 32 characters"],
    [{ WORKER_IN_PROCESS: "maybe" }, "WORKER_IN_PROCESS"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY: must be a hop count"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.1,proxy.example" }, "TRUST_PROXY"],
  ])("names the bad setting: %j", (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
  it("TRUST_PROXY: nobody's X-Forwarded-For by default; a hop count or a list of proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "loopback",
    ]);
  });
  it("WORKER_NICE: worker processes yield the CPU to the API by default (decision 0171); 0 … 19", () => {
    expect(loadConfig({}).workerNice).toBe(10);
    expect(loadConfig({ WORKER_NICE: "0" }).workerNice).toBe(0);
    expect(() => loadConfig({ WORKER_NICE: "20" })).toThrow(/WORKER_NICE/);
    expect(() => loadConfig({ WORKER_NICE: "-5" })).toThrow(/WORKER_NICE/);
  });
  it("resolves DATA_DIR against the directory npm was run from", () => {
    expect(loadConfig({ INIT_CWD: "/srv/laurel" }).dataDir).toBe("/srv/laurel/.data");
    expect(loadConfig({ INIT_CWD: "/srv/laurel", DATA_DIR: "/var/lib/laurel" }).dataDir).toBe(
      "/var/lib/laurel",
    );
  });

  it("reads the deny list from BLOCKED_EMAIL_DOMAINS", () => {
    expect(loadConfig({ BLOCKED_EMAIL_DOMAINS: " A.com, b.io ,," }).blockedEmailDomains).toEqual([
      "a.com",
      "b.io",
    ]);
  });
});
