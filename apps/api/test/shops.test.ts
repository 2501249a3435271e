import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMembers,
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  signIn,
  signInStaff,
  type TestApp,
} from "./helpers";
import { orderBody } from "./order-payloads";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

const shop = async (tok = token) => (await adminGet(t.app, "/apiSa/shops", tok)).json().data.shop;

describe("GET /shops and GET /shopify/checkSupportAppBlock (A-10)", () => {
  it("answers the shop, the platform's shop info and the theme check", async () => {
    const res = await adminGet(t.app, "/apiSa/shops", token);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        shop: {
          name: "Laurel Demo Store",
          plan: "free",
          setupDone: true,
          settings: { primaryLanguageInApp: "en-US" },
        },
        shopInfo: { currency: "USD", ianaTimezone: "America/New_York" },
        blocked: false,
        platform: "demo",
      },
    });
    const check = await adminGet(t.app, "/apiSa/shopify/checkSupportAppBlock", token);
    expect(check.json()).toEqual({ success: true, data: { isThemeOS2: true } });
  });
});

describe("the dashboard's counters (B-01, B-29, X-08)", () => {
  const now = (days = 0) => new Date(t.deps.clock.now().getTime() + days * 86_400_000).toISOString();
  it("count customers, orders of the plan cycle and of the last 30 days as they are now", async () => {
    const before = await shop();
    await addMembers(t, ["7100000001"]);
    await deliverWebhook(
      t,
      "orders/paid",
      orderBody({ id: "7200000001", customerId: "7100000001", financialStatus: "paid", createdAt: now() }),
    );
    const after = await shop();
    expect(after.countCustomer).toBe(before.countCustomer + 1);
    expect(after.monthlyOrderCount).toBe(before.monthlyOrderCount + 1);
    expect(after.last30DayOrdersCount).toBe(before.last30DayOrdersCount + 1);
    // An order not paid yet is placed (the last 30 days) but not counted against the plan.
    await deliverWebhook(
      t,
      "orders/create",
      orderBody({ id: "7200000002", customerId: "7100000001", financialStatus: "pending", createdAt: now() }),
    );
    const unpaid = await shop();
    expect(unpaid.last30DayOrdersCount).toBe(after.last30DayOrdersCount + 1);
    expect(unpaid.monthlyOrderCount).toBe(after.monthlyOrderCount);
    // One placed 40 days ago counts for neither window's order count, though its customer counts.
    await deliverWebhook(
      t,
      "orders/create",
      orderBody({ id: "7200000003", customerId: "7100000002", createdAt: now(-40) }),
    );
    const old = await shop();
    expect(old.last30DayOrdersCount).toBe(unpaid.last30DayOrdersCount);
    expect(old.countCustomer).toBe(unpaid.countCustomer + 1);
  });
});

describe("POST /shop bookkeeping (spec 000 §7, B-31, A-29)", () => {
  it("appends dismissed banner ids without duplicates", async () => {
    expect(
      (
        await adminSend(t.app, "POST", "/apiSa/shop", token, { bannersDismiss: ["deal", "order-limit"] })
      ).json(),
    ).toEqual({
      success: true,
      data: null,
      message: "Saved",
    });
    await adminSend(t.app, "POST", "/apiSa/shop", token, {
      bannersDismiss: ["deal", "booking"],
      typeBannerDismiss: "x",
    });
    expect([...(await shop()).bannersDismiss].sort()).toEqual(["booking", "deal", "order-limit"]);
  });

  it.each([
    [{ isFirstLogin: false }, "isFirstLogin", false],
    [{ accessAppAt: "2026-11-20T08:00:00.000Z" }, "accessAppAt", "2026-11-20T08:00:00.000Z"],
    [{ promoShowAt: "2026-11-21T08:00:00.000Z" }, "promoShowAt", "2026-11-21T08:00:00.000Z"],
    [
      { promoHolidaySaleShowAt: "2026-12-01T08:00:00.000Z" },
      "promoHolidaySaleShowAt",
      "2026-12-01T08:00:00.000Z",
    ],
    [
      { aiAssistantConsent: true, aiAssistantConsentTimestamp: "2026-11-22T08:00:00.000Z" },
      "aiAssistantConsent",
      true,
    ],
  ])("stores %j", async (body, field, expected) => {
    expect((await adminSend(t.app, "POST", "/apiSa/shop", token, body)).statusCode).toBe(200);
    expect((await shop())[field]).toEqual(expected);
  });

  it.each([
    [{ bannersDismiss: "deal" }, "bannersDismiss"],
    [{ bannersDismiss: [] }, "bannersDismiss"],
    [{ isFirstLogin: "no" }, "isFirstLogin"],
    [{ accessAppAt: "yesterday" }, "accessAppAt"],
    [{ somethingElse: 1 }, "body"],
    [{ isFirstLogin: false, extra: 1 }, "extra"],
  ])("refuses %j naming %s, writing nothing", async (body, field) => {
    const before = await shop();
    const res = await adminSend(t.app, "POST", "/apiSa/shop", token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await shop()).toEqual(before);
  });
});

describe("PUT /shop and POST /lp/settings", () => {
  it("updates merchant flags and the admin language", async () => {
    expect(
      (await adminSend(t.app, "PUT", "/apiSa/shop", token, { isEnablePosPro3: true, customCSS: ".x{}" }))
        .statusCode,
    ).toBe(200);
    expect(await shop()).toMatchObject({ isEnablePosPro3: true, customCSS: ".x{}" });
    expect(
      (await adminSend(t.app, "POST", "/apiSa/lp/settings", token, { primaryLanguageInApp: "fr" }))
        .statusCode,
    ).toBe(200);
    expect((await shop()).settings.primaryLanguageInApp).toBe("fr");
  });

  it.each([
    ["PUT", "/apiSa/shop", {}, "body"],
    ["PUT", "/apiSa/shop", { plan: "enterprise" }, "plan"],
    ["PUT", "/apiSa/shop", { setupDone: "yes" }, "setupDone"],
    ["POST", "/apiSa/lp/settings", { primaryLanguageInApp: "klingon" }, "primaryLanguageInApp"],
  ] as const)("%s %s refuses %j", async (method, url, body, field) => {
    const res = await adminSend(t.app, method, url, token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe("embedded sign-in and tenancy (A-02, X-61, S1)", () => {
  it("a valid Shopify session token for an unknown shop provisions it (demo platform), with setup pending", async () => {
    const tok = await shopifyToken(t.config, "fresh-shop.myshopify.com");
    const res = await adminGet(t.app, "/apiSa/shops", tok);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      shop: { shopifyDomain: "fresh-shop.myshopify.com", name: "Fresh Shop", setupDone: false },
      session: { mode: "embedded" },
    });
    // Accepted as a Bearer token too (App Bridge's fetch).
    const bearer = await t.app.inject({
      method: "GET",
      url: "/apiSa/shops",
      headers: { authorization: `Bearer ${tok}` },
    });
    expect(bearer.json().data.shop.id).toBe(res.json().data.shop.id);
  });

  it("another shop's token never reads or writes this shop's data", async () => {
    const other = await shopifyToken(t.config, "other-shop.myshopify.com");
    const mine = await shop();
    const theirs = await shop(other);
    expect(theirs.id).not.toBe(mine.id);
    await adminSend(t.app, "POST", "/apiSa/lp/settings", other, { primaryLanguageInApp: "ja" });
    expect((await shop()).settings.primaryLanguageInApp).toBe(mine.settings.primaryLanguageInApp);
    expect((await shop(other)).settings.primaryLanguageInApp).toBe("ja");
  });

  it("refuses expired and forged Shopify tokens", async () => {
    const expired = await shopifyToken(t.config, "x-shop.myshopify.com", new Date(Date.now() - 120_000));
    expect((await adminGet(t.app, "/apiSa/shops", expired)).json().code).toBe("token_expired");
    const forged = `${(await shopifyToken(t.config, "x-shop.myshopify.com")).slice(0, -4)}AAAA`;
    expect((await adminGet(t.app, "/apiSa/shops", forged)).json().code).toBe("token_invalid");
  });
});

describe("blocked shops (A-11, X-59)", () => {
  it("a shop flagged isBlockedStore gets 403 shop_blocked from every admin route", async () => {
    const tok = await shopifyToken(t.config, "flagged-shop.myshopify.com");
    await adminGet(t.app, "/apiSa/shops", tok);
    await t.deps.db
      .updateTable("shops")
      .set({ is_blocked_store: true })
      .where("shopify_domain", "=", "flagged-shop.myshopify.com")
      .execute();
    for (const [method, url] of [
      ["GET", "/apiSa/shops"],
      ["GET", "/apiSa/shopify/checkSupportAppBlock"],
      ["POST", "/apiSa/lp/settings"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { "x-auth-token": tok },
        ...(method === "POST" ? { payload: { primaryLanguageInApp: "fr" } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "shop_blocked", error: "Access denied." });
    }
  });

  it.each([
    ["owner@joy.so", true],
    ["team@mail.smile.io", true],
    ["owner@notsmile.io", false],
    ["owner@smile.io.example.com", false],
  ])("owner e-mail %s blocked: %s", async (email, blocked) => {
    const domain = `deny-${email.replace(/[^a-z]/g, "")}.myshopify.com`;
    const tok = await shopifyToken(t.config, domain);
    await adminGet(t.app, "/apiSa/shops", tok);
    await t.deps.db.updateTable("shops").set({ email }).where("shopify_domain", "=", domain).execute();
    expect((await adminGet(t.app, "/apiSa/shops", tok)).statusCode).toBe(blocked ? 403 : 200);
  });
});

describe("internal zone and impersonation (X-60, X-62, A-12)", () => {
  it("refuses /dev_zone calls from merchants and embedded sessions", async () => {
    expect((await adminGet(t.app, "/apiSa/dev_zone/shops", token)).json()).toMatchObject({
      code: "staff_only",
    });
    const emb = await shopifyToken(t.config, "fresh-shop.myshopify.com");
    expect((await adminGet(t.app, "/apiSa/dev_zone/shops", emb)).statusCode).toBe(403);
    expect(
      (await adminSend(t.app, "POST", "/apiSa/dev_zone/impersonate", token, { shopId: "shop_demo" }))
        .statusCode,
    ).toBe(403);
  });

  it("staff list shops and impersonate one: 'Logged in' badge and every write audit-logged", async () => {
    const staff = await signInStaff(t.app);
    const list = await adminGet(t.app, "/apiSa/dev_zone/shops", staff.token);
    expect(list.statusCode).toBe(200);
    const target = list
      .json()
      .data.find((s: { shopifyDomain: string }) => s.shopifyDomain === "fresh-shop.myshopify.com");
    expect(target).toBeDefined();
    const imp = await adminSend(t.app, "POST", "/apiSa/dev_zone/impersonate", staff.token, {
      shopId: target.id,
    });
    expect(imp.statusCode).toBe(200);
    expect(imp.json().message).toBe("Logged in");
    const impToken = imp.json().data.token;
    const view = (await adminGet(t.app, "/apiSa/shops", impToken)).json().data;
    expect(view.shop).toMatchObject({ id: target.id, isCrmLogin: true });
    expect(view.session.impersonatedBy).toBe("usr_staff");
    await adminSend(t.app, "PUT", "/apiSa/shop", impToken, { setupDone: true });
    const audit = await t.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("shop_id", "=", target.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["impersonation.started", "shop.updated"]);
    expect(audit[1]).toMatchObject({
      actor: "usr_staff",
      impersonated_by: "usr_staff",
      details: { setupDone: true },
    });
    // The merchant's own writes are not marked as impersonated.
    expect((await shop()).isCrmLogin).toBe(false);
  });

  it("staff block a shop (audit-logged); merchants cannot", async () => {
    const staff = await signInStaff(t.app);
    const tok = await shopifyToken(t.config, "to-block.myshopify.com");
    const id = (await adminGet(t.app, "/apiSa/shops", tok)).json().data.shop.id;
    expect(
      (await adminSend(t.app, "PUT", `/apiSa/dev_zone/shops/${id}`, token, { isBlockedStore: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await adminSend(t.app, "PUT", `/apiSa/dev_zone/shops/${id}`, staff.token, { isBlockedStore: "y" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await adminSend(t.app, "PUT", `/apiSa/dev_zone/shops/${id}`, staff.token, { isBlockedStore: true }))
        .statusCode,
    ).toBe(200);
    expect((await adminGet(t.app, "/apiSa/shops", tok)).json().code).toBe("shop_blocked");
    expect(
      (
        await adminSend(t.app, "PUT", "/apiSa/dev_zone/shops/shop_nope", staff.token, {
          isBlockedStore: true,
        })
      ).statusCode,
    ).toBe(404);
    const audit = await t.deps.db
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("shop_id", "=", id)
      .execute();
    expect(audit).toEqual([{ action: "staff.shop.updated", actor: "usr_staff" }]);
  });

  it("refuses to impersonate an unknown shop with 404", async () => {
    const staff = await signInStaff(t.app);
    const res = await adminSend(t.app, "POST", "/apiSa/dev_zone/impersonate", staff.token, {
      shopId: "shop_nope",
    });
    expect(res.statusCode).toBe(404);
  });
});
