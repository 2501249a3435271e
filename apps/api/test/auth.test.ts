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
  ])("names the bad field: %j", async (payload, field, message) => {
    const res = await t.app.inject({ method: "POST", url: "/auth/login", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it("locks an account for 15 minutes after 5 failures in 15 minutes, then lets it in", async () => {
    clock.advance(16 * 60_000); // start outside the window of the failures above
    for (let i = 0; i < 4; i++) expect((await login(DEMO_MERCHANT.email, "wrong")).statusCode).toBe(401);
    const fifth = await login(DEMO_MERCHANT.email, "wrong");
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe("too_many_attempts");
    // Even the right password is refused while locked.
    expect((await login(DEMO_MERCHANT.email, DEMO_MERCHANT.password)).statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1);
    expect((await login(DEMO_MERCHANT.email, DEMO_MERCHANT.password)).statusCode).toBe(200);
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
