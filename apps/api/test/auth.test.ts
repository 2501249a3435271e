import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { DEMO_MERCHANT } from "../src/seed/demo-shop";
import { adminGet, cookieOf, createTestApp, signIn, type TestApp, tokenFor } from "./helpers";

const clock = fixedClock("2026-11-22T10:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });

describe("standalone sign-in (A-02, A-03, A-32)", () => {
  it("signs the demo merchant in with an httpOnly 7200 s cookie and mints a 60 s token for the shop", async () => {
    const res = await login(DEMO_MERCHANT.email.toUpperCase(), DEMO_MERCHANT.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { redirectTo: "/" } });
    const cookie = res.cookies.find((c) => c.name === "laurel_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", maxAge: 7200, path: "/" });
    const token = await tokenFor(t.app, cookieOf(res));
    const shops = await adminGet(t.app, "/apiSa/shops", token);
    expect(shops.statusCode).toBe(200);
    expect(shops.json().data.shop.shopifyDomain).toBe("laurel-demo.myshopify.com");
    expect(shops.json().data.session).toMatchObject({
      mode: "standalone",
      userEmail: DEMO_MERCHANT.email,
      isStaff: false,
    });
  });

  it.each([
    ["unknown e-mail", "nobody@laurel.test", "whatever"],
    ["wrong password", "demo@laurel.test", "not-the-password"],
  ])("answers 401 'Incorrect e-mail or password.' for %s", async (_label, email, password) => {
    const res = await login(email, password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      code: "invalid_credentials",
      error: "Incorrect e-mail or password.",
    });
  });

  it.each([
    [{ email: "not-an-email", password: "x" }, "email", "Enter a valid e-mail address."],
    [{ email: "demo@laurel.test", password: "" }, "password", "Enter your password."],
    [{ email: "demo@laurel.test" }, "password", "password is required."],
    [{ email: 42, password: "x" }, "email", "email must be a string."],
    [
      { email: "demo@laurel.test", password: "x".repeat(201) },
      "password",
      "Your password can be at most 200 characters long.",
    ],
  ])("names the bad field: %j", async (payload, field, message) => {
    const res = await t.app.inject({ method: "POST", url: "/auth/login", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it("throttles a source guessing one account with growing waits; the owner elsewhere still signs in", async () => {
    clock.advance(2 * 3600_000); // past the failures above
    const attacker = "203.0.113.9";
    // A new X-Forwarded-For each time: not believed from a peer that is not a configured proxy.
    const guess = (i: number, password = "wrong") =>
      t.app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { email: DEMO_MERCHANT.email, password },
        remoteAddress: attacker,
        headers: { "x-forwarded-for": `198.18.0.${i}` },
      });
    for (let i = 0; i < 4; i++) expect((await guess(i)).statusCode).toBe(401);
    expect((await guess(4)).statusCode).toBe(401); // the 5th failure starts the waits
    const held = await guess(5);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: "too_many_attempts" });
    expect(held.headers["retry-after"]).toBe("1");
    // Even the right password is not checked from that source while it waits...
    expect((await guess(6, DEMO_MERCHANT.password)).statusCode).toBe(429);
    // ...but the owner, from anywhere else, is not locked out.
    const owner = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: DEMO_MERCHANT,
      remoteAddress: "198.51.100.7",
    });
    expect(owner.statusCode).toBe(200);
    // Each further failure doubles the wait.
    clock.advance(1000);
    expect((await guess(7)).statusCode).toBe(401);
    expect((await guess(8)).headers["retry-after"]).toBe("2");
    clock.advance(2000);
    expect((await guess(9)).statusCode).toBe(401);
    expect((await guess(10)).headers["retry-after"]).toBe("4");
    // Once the wait is over, the right password from that source works and clears its count.
    clock.advance(4000);
    expect((await guess(11, DEMO_MERCHANT.password)).statusCode).toBe(200);
    expect((await guess(12)).statusCode).toBe(401);
  });

  it("an unknown e-mail is throttled like a real one (no account discovery)", async () => {
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { email: "nobody-here@laurel.test", password: "x" },
        remoteAddress: "192.0.2.44",
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });

  it("logout ends the session: its token and cookie stop working", async () => {
    const { cookie, token } = await signIn(t.app);
    const out = await t.app.inject({
      method: "POST",
      url: "/auth/logout",
      cookies: { laurel_session: cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().data.redirectTo).toBe("/auth/login");
    expect((await adminGet(t.app, "/apiSa/shops", token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/auth/token", cookies: { laurel_session: cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it("the session expires after 7200 s and tokens after 60 s (+10 s leeway)", async () => {
    const { cookie, token } = await signIn(t.app);
    clock.advance(71_000);
    const expired = await adminGet(t.app, "/apiSa/shops", token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("token_expired");
    const fresh = await tokenFor(t.app, cookie);
    expect((await adminGet(t.app, "/apiSa/shops", fresh)).statusCode).toBe(200);
    clock.advance(7200_000);
    expect(
      (await t.app.inject({ method: "GET", url: "/auth/token", cookies: { laurel_session: cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it("no page of the API without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/apiSa/shops" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "unauthenticated" });
    expect((await t.app.inject({ method: "GET", url: "/auth/token" })).statusCode).toBe(401);
  });
});
