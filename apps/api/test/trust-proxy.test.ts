import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { DEMO_MERCHANT } from "../src/seed/demo-shop";
import { createTestApp, type TestApp } from "./helpers";

/** TRUST_PROXY: X-Forwarded-For names the client only when it comes from a configured proxy. */
let t: TestApp;
beforeAll(async () => {
  // A fixed clock: the first wait is one second, which a slow machine could otherwise sit out.
  t = await createTestApp({ env: { TRUST_PROXY: "10.0.0.0/8" }, clock: fixedClock("2026-11-22T10:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

const attempt = (remoteAddress: string, forwardedFor: string, password = "wrong") =>
  t.app.inject({
    method: "POST",
    url: "/auth/login",
    payload: { email: DEMO_MERCHANT.email, password },
    remoteAddress,
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("sign-in throttle behind a configured proxy (TRUST_PROXY)", () => {
  it("the proxy's X-Forwarded-For tells shoppers apart: the attacker waits, the owner signs in", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("10.0.0.5", "203.0.113.9")).statusCode).toBe(401);
    expect((await attempt("10.0.0.5", "203.0.113.9")).statusCode).toBe(429);
    // Same proxy, another client: the owner is not held back.
    expect((await attempt("10.0.0.5", "198.51.100.7", DEMO_MERCHANT.password)).statusCode).toBe(200);
  });

  it("an untrusted peer cannot choose its address by sending X-Forwarded-For", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("192.0.2.50", `198.18.1.${i}`)).statusCode).toBe(401);
    expect((await attempt("192.0.2.50", "198.18.1.99")).statusCode).toBe(429);
  });

  it("a client cannot prepend a fake hop in front of the trusted proxy's entry", async () => {
    // The proxy appends the real client (192.0.2.60); the client's own value comes first.
    for (let i = 0; i < 5; i++)
      expect((await attempt("10.0.0.5", `198.18.2.${i}, 192.0.2.60`)).statusCode).toBe(401);
    expect((await attempt("10.0.0.5", "198.18.2.99, 192.0.2.60")).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY as a hop count", () => {
  let hops: TestApp;
  beforeAll(async () => {
    hops = await createTestApp({ env: { TRUST_PROXY: "1" }, clock: fixedClock("2026-11-22T10:00:00Z") });
  });
  afterAll(async () => {
    await hops.close();
  });

  it("believes only the last hop's entry: the client's own additions in front change nothing", async () => {
    const attempt = (forwardedFor: string) =>
      hops.app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { email: DEMO_MERCHANT.email, password: "wrong" },
        remoteAddress: "172.16.0.2",
        headers: { "x-forwarded-for": forwardedFor },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`198.18.3.${i}, 192.0.2.70`)).statusCode).toBe(401);
    expect((await attempt("198.18.3.99, 192.0.2.70")).statusCode).toBe(429);
    expect((await attempt("192.0.2.71")).statusCode).toBe(401);
  });
});
