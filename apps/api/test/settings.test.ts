import { defaultBrandColors, defaultGeneralSettings } from "@laurel/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { convertShopPendingPointsJob } from "../src/jobs/convert-shop-pending-points.job";
import { ensureCustomer } from "../src/modules/customers/customers.service";
import { CONFIRM_PENDING_CONVERSION } from "../src/modules/settings/settings.service";
import { DEMO_GENERAL_AND_COLOURS, DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  deliverWebhook,
  shopifyToken,
  signedProxyUrl,
  type TestApp,
  updateShopRow,
} from "./helpers";
import { orderBody } from "./order-payloads";

const clock = fixedClock("2026-06-15T14:00:00Z");
const SHOP = "shop_demo";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  // Point expiry is an Essential feature; the demo shop starts on Starter.
  await updateShopRow(t, SHOP, { plan: "pro" });
});
afterAll(async () => {
  await t.close();
});

/** A fresh admin token at the test clock's now (tokens live a minute). */
const token = (domain = DEMO_SHOP_DOMAIN) => shopifyToken(t.config, domain, clock.now());
const getSettings = async (domain?: string) => adminGet(t.app, "/apiSa/lp/settings", await token(domain));
const putSettings = async (body: unknown) =>
  adminSend(t.app, "PUT", "/apiSa/lp/settings", await token(), body);

const DEFAULTS = {
  orderEarningTrigger: "paid",
  pendingPoints: { enabled: false, value: 14, unit: "day" },
  pointExpiry: { expiry: "permanent", customDuration: null },
  sandbox: { enabled: false, testEmails: [] },
  exchangeRate: 100,
  couponRevoke: {
    enabled: false,
    maxRevokes: 1,
    timeframe: { unit: "month", duration: 1 },
    timeLimit: { value: 24, unit: "hour" },
  },
  // M-02, M-04: the demo shop's seeded General and Colours sections; it is on Essential here.
  general: DEMO_GENERAL_AND_COLOURS.general,
  platformTimeZone: "America/New_York",
  colors: DEMO_GENERAL_AND_COLOURS.colors,
  colorsAccess: { allowed: true, primaryAllowed: true, requiredPlan: "Essential" },
  // H-08, R-04: point expiration is Essential; the shop is on it.
  pointExpiryAccess: { allowed: true, requiredPlan: "Essential" },
};
const {
  general: _g,
  colors: _c,
  colorsAccess: _a,
  pointExpiryAccess: _p,
  platformTimeZone: _z,
  ...SHARED_DEFAULTS
} = DEFAULTS;

async function member(platformId: string) {
  return t.deps.db.transaction().execute((trx) =>
    ensureCustomer(
      t.deps,
      trx,
      SHOP,
      {
        platformCustomerId: platformId,
        email: `${platformId}@example.com`,
        firstName: null,
        lastName: null,
      },
      "member",
      clock.now(),
    ),
  );
}
const balance = (platformId: string) =>
  t.deps.db
    .selectFrom("customers")
    .select(["available_points", "pending_points"])
    .where("shop_id", "=", SHOP)
    .where("platform_customer_id", "=", platformId)
    .executeTakeFirstOrThrow();
async function paidOrder(orderId: string, customerId: string, amount = "100.00") {
  const body = orderBody({
    id: orderId,
    customerId,
    lines: [{ id: `${orderId}1`, price: amount, quantity: 1 }],
  });
  const res = await deliverWebhook(t, "orders/paid", body);
  expect(res.statusCode, res.body).toBe(200);
}

describe("GET /apiSa/lp/settings", () => {
  it("answers the defaults for a shop that never chose", async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(DEFAULTS);
  });
});

describe("PUT /apiSa/lp/settings: validation (every error names its field, nothing is written)", () => {
  const revoke = DEFAULTS.couponRevoke;
  it.each<[string, unknown, string, string]>([
    ["an empty body", {}, "body", "Nothing to update."],
    ["an unknown field", { pointsPerDollar: 3 }, "pointsPerDollar", "Unknown field: pointsPerDollar."],
    [
      "decision 0012: the earning trigger",
      { orderEarningTrigger: "shipped" },
      "orderEarningTrigger",
      "Order earning trigger must be created, paid or fulfilled.",
    ],
    ["H-16: exchange rate 0", { exchangeRate: 0 }, "exchangeRate", "Exchange rate must be a number above 0"],
    [
      "H-16: exchange rate text",
      { exchangeRate: "ten" },
      "exchangeRate",
      "Exchange rate must be a number above 0",
    ],
    [
      "H-16: exchange rate with 5 decimals",
      { exchangeRate: 1.23456 },
      "exchangeRate",
      "Exchange rate can have at most 4 decimal places",
    ],
    [
      "H-09: a pending period of 0",
      { pendingPoints: { enabled: true, value: 0, unit: "day" } },
      "pendingPoints.value",
      "Pending period must be at least 1.",
    ],
    [
      "H-09: more than a year of months",
      { pendingPoints: { enabled: true, value: 13, unit: "month" } },
      "pendingPoints.value",
      "Pending period must be at most 12 months.",
    ],
    [
      "H-09: days or months only",
      { pendingPoints: { enabled: true, value: 2, unit: "week" } },
      "pendingPoints.unit",
      "Pending period unit must be day or month.",
    ],
    [
      "J-18: a test e-mail",
      { sandbox: { enabled: true, testEmails: ["qa@example.com", "not-an-email"] } },
      "sandbox.testEmails.1",
      "Email is invalid",
    ],
    [
      "H-07: an expiry code",
      { pointExpiry: { expiry: "3 months" } },
      "pointExpiry.expiry",
      "Point expiry must be permanent, custom or a number followed by D, W, M or Y.",
    ],
    [
      "0016: a specific date is for rewards",
      { pointExpiry: { expiry: "specific" } },
      "pointExpiry.expiry",
      "Points expire after a period without activity; a specific date applies to rewards only.",
    ],
    [
      "X-31: custom needs its duration",
      { pointExpiry: { expiry: "custom" } },
      "pointExpiry.customDuration",
      "Custom expiry must be a number followed by D, W, M or Y, such as 45D.",
    ],
    [
      "M-02: a time zone that is not an IANA zone",
      { general: { ...DEFAULTS.general, timeZone: "Mars/Olympus_Mons" } },
      "general.timeZone",
      "Time zone must be an IANA time zone, such as America/New_York.",
    ],
    [
      "M-02: an offset is not a zone",
      { general: { ...DEFAULTS.general, timeZone: "+02:00" } },
      "general.timeZone",
      "Time zone must be an IANA time zone, such as America/New_York.",
    ],
    [
      "M-02, K-11: a date format not offered",
      { general: { ...DEFAULTS.general, dateFormat: "DD.MM.YY" } },
      "general.dateFormat",
      "Date format must be month_day, MM/DD/YYYY, DD/MM/YYYY or YYYY-MM-DD.",
    ],
    [
      "M-02: a javascript: login URL",
      { general: { ...DEFAULTS.general, loginRedirectUrl: "javascript:alert(1)" } },
      "general.loginRedirectUrl",
      "Login redirect URL must be a path on your store, such as /account/login, or an https URL on your store's domain.",
    ],
    [
      "M-02: a protocol-relative sign-up URL",
      { general: { ...DEFAULTS.general, signUpRedirectUrl: "//evil.example/join" } },
      "general.signUpRedirectUrl",
      "Sign-up redirect URL must be a path on your store, such as /account/login, or an https URL on your store's domain.",
    ],
    [
      "M-02: a sign-up URL on another domain",
      { general: { ...DEFAULTS.general, signUpRedirectUrl: "https://evil.example/account/register" } },
      "general.signUpRedirectUrl",
      "Sign-up redirect URL must be a path on your store, such as /account/login, or an https URL on your store's domain.",
    ],
    [
      "M-02: a cart drawer selector that could end a style rule",
      { general: { ...DEFAULTS.general, cartDrawerSelector: "#cart{color:red}" } },
      "general.cartDrawerSelector",
      "Cart drawer selector must be a CSS selector, such as #cart-drawer.",
    ],
    [
      "M-02: an unbalanced cart drawer selector",
      { general: { ...DEFAULTS.general, cartDrawerSelector: "[data-drawer=cart" } },
      "general.cartDrawerSelector",
      "Cart drawer selector must be a CSS selector, such as #cart-drawer.",
    ],
    [
      "M-02: a cart drawer selector too long",
      { general: { ...DEFAULTS.general, cartDrawerSelector: `#${"a".repeat(200)}` } },
      "general.cartDrawerSelector",
      "Cart drawer selector must be at most 200 characters.",
    ],
    [
      "M-04: a colour that is not hex",
      { colors: { ...DEFAULTS.colors, accent: "red" } },
      "colors.accent",
      "Accent colour must be a hex colour, such as #1f6feb.",
    ],
    [
      "M-04: a colour that could end a style",
      { colors: { ...DEFAULTS.colors, loyaltyPageButton: "#fff;}" } },
      "colors.loyaltyPageButton",
      "Loyalty page button colour must be a hex colour, such as #1f6feb.",
    ],
    [
      "H-12: max revokes 0",
      { couponRevoke: { ...revoke, maxRevokes: 0 } },
      "couponRevoke.maxRevokes",
      "Max revokes must be greater than 0",
    ],
    [
      "H-12: a revoke time limit of 0",
      { couponRevoke: { ...revoke, timeLimit: { value: 0, unit: "hour" } } },
      "couponRevoke.timeLimit.value",
      "Revoke time limit must be greater than 0",
    ],
  ])("%s → 400 on %s", async (_label, body, field, message) => {
    const res = await putSettings(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await getSettings()).json().data).toEqual(DEFAULTS);
  });

  it("R-04: point expiry needs the Essential plan", async () => {
    await updateShopRow(t, SHOP, { plan: "free" });
    const res = await putSettings({ pointExpiry: { expiry: "3M", customDuration: null } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: "pointExpiry.expiry",
        message: "Point expiration is available on the Essential plan and above",
      },
    ]);
    // Never expiring is allowed on any plan.
    expect(
      (await putSettings({ pointExpiry: { expiry: "permanent", customDuration: null } })).statusCode,
    ).toBe(200);
    // The admin learns it before trying: only "never" is offered below the plan.
    expect((await getSettings()).json().data.pointExpiryAccess).toEqual({
      allowed: false,
      requiredPlan: "Essential",
    });
    await updateShopRow(t, SHOP, { plan: "pro" });
  });
});

describe("PUT /apiSa/lp/settings: saving", () => {
  it("saves the sections sent, keeps the others, and is scoped to the caller's shop", async () => {
    const res = await putSettings({
      exchangeRate: 50,
      pointExpiry: { expiry: "custom", customDuration: "45D" },
      sandbox: { enabled: true, testEmails: [" QA@Example.com "] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...DEFAULTS,
      exchangeRate: 50,
      pointExpiry: { expiry: "custom", customDuration: "45D" },
      sandbox: { enabled: true, testEmails: ["qa@example.com"] },
    };
    expect(res.json().data).toEqual({ settings: expected, pendingPointsConversion: null });
    expect((await getSettings()).json().data).toEqual(expected);
    // Another shop's session sees its own (default) settings.
    const other = (await getSettings("other-settings.myshopify.com")).json().data;
    expect(other).toMatchObject(SHARED_DEFAULTS);
    expect(other.general).toEqual(defaultGeneralSettings);
    expect(other.colors).toEqual(defaultBrandColors);
    await putSettings({
      exchangeRate: 100,
      pointExpiry: DEFAULTS.pointExpiry,
      sandbox: DEFAULTS.sandbox,
    });
  });

  it("decision 0012: the earning trigger changes which event earns", async () => {
    expect((await putSettings({ orderEarningTrigger: "fulfilled" })).statusCode).toBe(200);
    await member("7601");
    await paidOrder("8601", "7601");
    expect(await balance("7601")).toEqual({ available_points: 0, pending_points: 0 });
    const fulfilled = await deliverWebhook(
      t,
      "orders/fulfilled",
      orderBody({ id: "8601", customerId: "7601" }),
    );
    expect(fulfilled.statusCode).toBe(200);
    expect(await balance("7601")).toEqual({ available_points: 10, pending_points: 0 });
    expect((await putSettings({ orderEarningTrigger: "paid" })).statusCode).toBe(200);
  });
});

describe("H-10: turning pending points off converts every pending point now", () => {
  const pendingOn = { enabled: true, value: 14, unit: "day" };
  const pendingOff = { enabled: false, value: 14, unit: "day" };
  const convertJobs = async () =>
    (
      await t.deps.database.jobSql.executeSql(
        "select start_after from pgboss.job where name = $1 and data->>'shopId' = $2",
        [convertShopPendingPointsJob.name, SHOP],
      )
    ).rows as Array<{ start_after: Date }>;

  it("needs a confirmation; then converts every award (whatever its due date), once, and orders earn available", async () => {
    expect((await putSettings({ pendingPoints: pendingOn })).statusCode).toBe(200);
    await member("7701");
    await member("7702");
    await paidOrder("8701", "7701", "300.00");
    await paidOrder("8702", "7701", "100.00");
    await paidOrder("8703", "7702", "200.00");
    expect(await balance("7701")).toEqual({ available_points: 0, pending_points: 40 });
    expect(await balance("7702")).toEqual({ available_points: 0, pending_points: 20 });

    // Irreversible: without the confirmation nothing changes.
    const unconfirmed = await putSettings({ pendingPoints: pendingOff });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().errors).toEqual([
      { field: "confirmPendingPointsConversion", message: CONFIRM_PENDING_CONVERSION },
    ]);
    expect((await getSettings()).json().data.pendingPoints).toEqual(pendingOn);
    expect(await convertJobs()).toEqual([]);

    const res = await putSettings({ pendingPoints: pendingOff, confirmPendingPointsConversion: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pendingPointsConversion).toEqual({ convertedOrders: 3, continuing: false });
    expect(res.json().data.settings.pendingPoints).toEqual(pendingOff);
    expect(await balance("7701")).toEqual({ available_points: 40, pending_points: 0 });
    expect(await balance("7702")).toEqual({ available_points: 20, pending_points: 0 });
    const entries = await t.deps.db
      .selectFrom("ledger_entries")
      .select(["idempotency_key", "available_delta", "pending_delta"])
      .where("shop_id", "=", SHOP)
      .where("activity_type", "=", "convert_pending_point")
      .orderBy("idempotency_key")
      .execute();
    expect(entries).toEqual([
      { idempotency_key: "order:8701:pending-convert", available_delta: 30, pending_delta: -30 },
      { idempotency_key: "order:8702:pending-convert", available_delta: 10, pending_delta: -10 },
      { idempotency_key: "order:8703:pending-convert", available_delta: 20, pending_delta: -20 },
    ]);

    // The job enqueued with the change (now, and a later pass for other processes' stragglers) finds
    // nothing left: conversion is once per order.
    const jobs = await convertJobs();
    expect(jobs).toHaveLength(2);
    expect(Math.max(...jobs.map((j) => new Date(j.start_after).getTime()))).toBeGreaterThanOrEqual(
      clock.now().getTime() + 2 * 60_000,
    );
    await convertShopPendingPointsJob.handle(t.deps, { shopId: SHOP });
    expect(await balance("7701")).toEqual({ available_points: 40, pending_points: 0 });

    // Orders from now on earn available points at once.
    await paidOrder("8704", "7702", "100.00");
    expect(await balance("7702")).toEqual({ available_points: 30, pending_points: 0 });
    // Saving it off again is not a change: no confirmation needed, nothing enqueued.
    expect((await putSettings({ pendingPoints: pendingOff })).statusCode).toBe(200);
    expect(await convertJobs()).toHaveLength(2);
  });

  it("the job converts what another process still held as pending after the switch, unless it is on again", async () => {
    // An order awarded pending under the old setting (another process's cached shop), after the switch.
    await updateShopRow(t, SHOP, { settings: JSON.stringify({ pendingPoints: pendingOn }) });
    await member("7801");
    await paidOrder("8801", "7801", "500.00");
    expect(await balance("7801")).toEqual({ available_points: 0, pending_points: 50 });

    // Turned on again meanwhile: pending points are meant to be held, the job leaves them.
    await convertShopPendingPointsJob.handle(t.deps, { shopId: SHOP });
    expect(await balance("7801")).toEqual({ available_points: 0, pending_points: 50 });

    await updateShopRow(t, SHOP, { settings: JSON.stringify({ pendingPoints: pendingOff }) });
    await convertShopPendingPointsJob.handle(t.deps, { shopId: SHOP });
    await convertShopPendingPointsJob.handle(t.deps, { shopId: SHOP });
    expect(await balance("7801")).toEqual({ available_points: 50, pending_points: 0 });
  });
});

describe("M-02: the General section", () => {
  const general = {
    timeZone: "Pacific/Kiritimati",
    dateFormat: "DD/MM/YYYY",
    loginRedirectUrl: "/pages/sign-in",
    signUpRedirectUrl: `https://${DEMO_SHOP_DOMAIN}/pages/join`,
    cartDrawerSelector: "cart-drawer, #CartDrawer [data-open='true']",
  };
  const widget = async () =>
    (await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/widget") })).json().data;
  const analyticsOverview = async () =>
    (await adminGet(t.app, "/apiSa/analytics", await token())).json().data;

  it("saves and answers it; the storefront settings carry the links, the selector and the date format", async () => {
    const before = await analyticsOverview();
    expect(before.timeZone).toBe("America/New_York");
    const res = await putSettings({ general });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Save successfully");
    // Decision 0176: the order and customer tags, not sent, are none.
    const saved = { ...general, orderTags: [], customerTags: [] };
    expect(res.json().data.settings.general).toEqual(saved);
    expect((await getSettings()).json().data.general).toEqual(saved);
    expect(await widget()).toMatchObject({
      loginUrl: "/pages/sign-in",
      registerUrl: `https://${DEMO_SHOP_DOMAIN}/pages/join`,
      cartDrawerSelector: "cart-drawer, #CartDrawer [data-open='true']",
      dateFormat: "DD/MM/YYYY",
    });
    // The loyalty page's guest links are the shop's pages too.
    const page = await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/loyalty-page") });
    expect(page.body).toContain('href="/pages/sign-in"');
    // The chosen time zone is the store's for the analytics (its "today" is a day ahead of New York's).
    const after = await analyticsOverview();
    expect(after.timeZone).toBe("Pacific/Kiritimati");
    expect(after.range.to).not.toBe(before.range.to);
    // Null goes back to the platform's zone and the theme's own links.
    expect((await putSettings({ general: DEFAULTS.general })).statusCode).toBe(200);
    expect((await analyticsOverview()).timeZone).toBe("America/New_York");
    expect(await widget()).toMatchObject({ loginUrl: null, registerUrl: null, cartDrawerSelector: null });
  });

  it("an https URL on a subdomain of the shop's domain is the shop's", async () => {
    const body = {
      general: { ...DEFAULTS.general, loginRedirectUrl: `https://account.${DEMO_SHOP_DOMAIN}/login` },
    };
    expect((await putSettings(body)).statusCode).toBe(200);
    expect((await putSettings({ general: DEFAULTS.general })).statusCode).toBe(200);
  });
});

describe("M-04: the Colours section", () => {
  const colors = { primary: "#123456", secondary: "#FFEEDD", accent: "#abc", loyaltyPageButton: "#f0c000" };
  const loyaltyPage = async () =>
    (await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/loyalty-page") })).body;
  const emailPreview = async () =>
    (await adminGet(t.app, "/apiSa/notifications/points_earned/preview", await token())).body;

  it("saves lower-cased hex; the loyalty page and e-mails use them", async () => {
    const res = await putSettings({ colors });
    expect(res.statusCode, res.body).toBe(200);
    const saved = { ...colors, secondary: "#ffeedd" };
    expect(res.json().data.settings.colors).toEqual(saved);
    const page = await loyaltyPage();
    expect(page).toContain("background:#123456;color:#ffeedd");
    expect(page).toContain("color:#abc");
    // A light button gets dark text.
    expect(page).toContain("background:#f0c000;color:#000000");
    const mail = await emailPreview();
    expect(mail).toContain("#123456");
    expect(mail).toContain("background:#aabbcc"); // MJML writes #abc in full
    expect(mail).toContain("#ffeedd");
    expect(
      (await adminGet(t.app, "/apiSa/notifications/points_earned", await token())).json().data,
    ).toMatchObject({
      headerColor: "#123456",
      buttonColor: "#abc",
    });
  });

  it("R-04: colours need Essential; isAllowFreeChangePrimaryColor frees the primary one", async () => {
    await putSettings({ colors: DEFAULTS.colors });
    await updateShopRow(t, SHOP, { plan: "free" });
    const settings = (await getSettings()).json().data;
    expect(settings.colorsAccess).toEqual({
      allowed: false,
      primaryAllowed: false,
      requiredPlan: "Essential",
    });
    const refused = await putSettings({
      colors: { ...DEFAULTS.colors, primary: "#000000", accent: "#111111" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "colors.primary", message: "Colors are available on the Essential plan and above" },
      { field: "colors.accent", message: "Colors are available on the Essential plan and above" },
    ]);
    // The saved values sent again are no change: other sections save alongside them.
    expect((await putSettings({ colors: DEFAULTS.colors, exchangeRate: 100 })).statusCode).toBe(200);
    // Below Essential the pages show the shipped colours, not the saved ones (C-10).
    expect(await loyaltyPage()).toContain(`background:${defaultBrandColors.primary}`);

    await updateShopRow(t, SHOP, { is_allow_free_change_primary_color: true });
    expect((await getSettings()).json().data.colorsAccess.primaryAllowed).toBe(true);
    const secondary = await putSettings({
      colors: { ...DEFAULTS.colors, primary: "#000000", secondary: "#222222" },
    });
    expect(secondary.json().errors).toEqual([
      { field: "colors.secondary", message: "Colors are available on the Essential plan and above" },
    ]);
    expect((await putSettings({ colors: { ...DEFAULTS.colors, primary: "#000000" } })).statusCode).toBe(200);
    const page = await loyaltyPage();
    expect(page).toContain(`background:#000000;color:${defaultBrandColors.secondary}`);

    await updateShopRow(t, SHOP, { plan: "pro", is_allow_free_change_primary_color: false });
    await putSettings({ colors: DEFAULTS.colors });
  });
});
