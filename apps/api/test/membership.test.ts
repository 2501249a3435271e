import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import { getExclusiveDeal } from "../src/modules/membership/membership.service";
import { adminGet, adminSend, createTestApp, signIn, type TestApp, updateShopRow } from "./helpers";

/**
 * The rest of Membership through the API (issue 10): the member exclusive deal (I-22: fields, the
 * end after the start, the 200 KB image, tiers of the shop; I-23: Advanced to switch it on, one of
 * the shop's automatic discounts), the VIP Design tab, and the overview with B2B's three
 * requirements (I-21, X-22) and the subscription gate (I-24).
 */
const clock = fixedClock("2026-06-15T14:00:00Z");
let t: TestApp;
let token: string;
const shop = "shop_demo";
beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ token } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => (await adminGet(t.app, url, token)).json();
const put = (url: string, body: unknown) => adminSend(t.app, "PUT", url, token, body);

const settings = {
  name: "Gold week",
  discountType: "percentage",
  discountValue: 15,
  condition: "minimum_subtotal",
  conditionValue: 5_000,
  startsAt: "2026-06-01T00:00:00Z",
  endsAt: "2026-07-01T00:00:00Z",
  eligibility: "all",
  tierIds: [],
  salesChannel: "online_store",
  freeItems: 0,
};
const design = {
  actionText: "Shop now",
  description: "15 % off for members",
  font: "theme",
  fontSize: 16,
  buttonIcon: "crown",
  textColor: "#111111",
  buttonColor: "#222222",
  backgroundColor: "#FFFFFF",
};
const body = (patch: Record<string, unknown> = {}, settingsPatch: Record<string, unknown> = {}) => ({
  enabled: false,
  settings: { ...settings, ...settingsPatch },
  design,
  image: null,
  ...patch,
});
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString("base64")}`;

describe("member exclusive deal (I-22, I-23)", () => {
  it("shows defaults before the first save, switched off", async () => {
    const res = await get("/apiSa/membership/exclusive-deal");
    expect(res.data).toMatchObject({
      enabled: false,
      saved: false,
      running: false,
      planAllowed: false,
      requiredPlan: "Advanced",
      automaticDiscounts: { used: 0, limit: 25 },
      settings: { discountType: "percentage", eligibility: "all" },
    });
  });

  it("saves the settings and design on any plan while switched off", async () => {
    const res = await put("/apiSa/membership/exclusive-deal", body());
    expect(res.json()).toMatchObject({ success: true, message: "Saved successfully" });
    expect((await get("/apiSa/membership/exclusive-deal")).data).toMatchObject({
      saved: true,
      settings,
      design,
    });
  });

  it.each([
    [
      body({}, { endsAt: "2026-05-01T00:00:00Z" }),
      "endsAt",
      "The end date must be later than the start date",
    ],
    [body({ image: png(200 * 1024 + 1) }), "image", "The image must be 200 KB or smaller"],
    [body({}, { eligibility: "tiers", tierIds: [] }), "tierIds", "Choose at least one tier"],
    [
      body({}, { eligibility: "tiers", tierIds: ["tier_nope"] }),
      "tierIds",
      "Choose tiers of this shop's VIP program",
    ],
    [
      body({}, { discountValue: 150 }),
      "discountValue",
      "The discount value must be between 1 and 100 percent",
    ],
    [
      body({}, { discountType: "bogus" }),
      "settings.discountType",
      "Discount type must be percentage, fixed_amount or free_items.",
    ],
    [body({ colour: "red" }), "colour", "Unknown field: colour."],
    [
      body({ image: "data:text/html;base64,AAAA" }),
      "image",
      "The image must be a PNG, JPEG, GIF or WebP image.",
    ],
  ])("refuses case %#", async (b, field, message) => {
    const res = await put("/apiSa/membership/exclusive-deal", b);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await get("/apiSa/membership/exclusive-deal")).data.settings).toEqual(settings);
  });

  it("an image of exactly 200 KB is kept", async () => {
    const res = await put("/apiSa/membership/exclusive-deal", body({ image: png(200 * 1024) }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.image).toMatch(/^data:image\/png;base64,/);
  });

  it("switching it on needs the Advanced plan (I-23): 403 on the free plan, nothing written", async () => {
    const res = await put("/apiSa/membership/exclusive-deal", body({ enabled: true }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "plan_required",
      error: "Member exclusive deal is available on the Advanced plan and above.",
    });
    expect((await get("/apiSa/membership/exclusive-deal")).data.enabled).toBe(false);
  });

  it("on Advanced it switches on, runs within its dates and takes one automatic discount", async () => {
    await updateShopRow(t, shop, { plan: "advanced" });
    const res = await put("/apiSa/membership/exclusive-deal", body({ enabled: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      enabled: true,
      running: true,
      planAllowed: true,
      automaticDiscounts: { used: 1, limit: 25 },
    });
    // At its end date it stops running (read through the service: a session token would have expired).
    clock.set("2026-07-01T00:00:00Z");
    try {
      expect((await getExclusiveDeal(t.deps, shop)).running).toBe(false);
    } finally {
      clock.set("2026-06-15T14:00:00Z");
    }
  });
});

describe("the VIP Design tab", () => {
  it("defaults, then saves (not locked: it moves no member)", async () => {
    expect((await get("/apiSa/tiers/design")).data).toEqual({
      hideDefaultTier: false,
      showProgress: true,
      showPerks: true,
      accentColor: "#5C6AC4",
    });
    const saved = { hideDefaultTier: true, showProgress: false, showPerks: true, accentColor: "#123456" };
    const res = await put("/apiSa/tiers/design", saved);
    expect(res.json()).toMatchObject({ success: true, message: "Updated VIP tier", data: saved });
    expect((await get("/apiSa/tiers/design")).data).toEqual(saved);
    const bad = await put("/apiSa/tiers/design", { ...saved, accentColor: "blue" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({
      field: "accentColor",
      message: "Accent colour must be a hex colour such as #1A2B3C.",
    });
  });
});

describe("the membership overview (I-01)", () => {
  it("B2B needs Advanced AND Shopify Plus AND the scopes (I-21, X-22); subscription needs Advanced (I-24)", async () => {
    const res = await get("/apiSa/membership");
    expect(res.data).toMatchObject({
      exclusiveDeal: { enabled: true, running: true, planAllowed: true },
      vip: { status: "inactive", tiers: 0 },
      b2b: {
        // The demo store is on Shopify Basic by default and grants the B2B scopes (decision 0174).
        available: false,
        requirements: [
          { key: "app_plan", met: true, needs: "Advanced plan or higher" },
          { key: "store_plan", met: false, needs: "Shopify Plus" },
          { key: "scopes", met: true },
        ],
        status: "inactive",
        tiers: 0,
      },
      subscription: { planAllowed: true, requiredPlan: "Advanced" },
    });
  });
});
