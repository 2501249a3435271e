import { defaultWidgetColors, widgetPresetPalettes } from "@laurel/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SHOP_DOMAIN } from "../src/seed/demo-shop";
import {
  adminGet,
  adminSend,
  createTestApp,
  shopifyToken,
  signedProxyUrl,
  signInStaff,
  type TestApp,
  updateShopRow,
} from "./helpers";

/** The widget designer (issue 12): saved per shop, validated with bounds, applied by `/proxy/widget`. */
const SHOP = "shop_demo";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const token = () => shopifyToken(t.config, DEMO_SHOP_DOMAIN);
const getDesign = async () => adminGet(t.app, "/apiSa/storefront/widget-design", await token());
const putDesign = async (body: unknown) =>
  adminSend(t.app, "PUT", "/apiSa/storefront/widget-design", await token(), body);
const widget = async (customer = "") =>
  (await t.app.inject({ method: "GET", url: signedProxyUrl(t, "/proxy/widget", { customer }) })).json().data;

// A 1×1 transparent PNG and GIF.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const GIF = "R0lGODlhAQABAAAAACwAAAAAAQABAAA=";

describe("GET|PUT /apiSa/storefront/widget-design", () => {
  it("answers the defaults for a shop that never saved a design", async () => {
    const res = await getDesign();
    expect(res.statusCode).toBe(200);
    const { design, allows } = res.json().data;
    expect(design.preset).toBe("midnight_black");
    expect(design.colors).toEqual(defaultWidgetColors);
    expect(design.blocks.guest.map((b: { id: string }) => b.id)).toEqual(["welcome", "earn", "redeem"]);
    // The demo shop starts on Starter: no custom colours, CSS or label (N-22).
    expect(allows).toMatchObject({ colours: false, advancedCss: false, pointLabel: false });
    // N-17 on the demo platform: the demo store always loads the widget; no theme editor to link.
    expect(res.json().data.embed).toEqual({
      disabledEmbedApp: false,
      isThemeOS2: true,
      themeEditorUrl: null,
    });
  });

  it("on Starter, a preset applies with its palette; custom colours and CSS are refused naming the field", async () => {
    const { design } = (await getDesign()).json().data;
    const peachy = { ...design, preset: "peachy_pink", colors: widgetPresetPalettes.peachy_pink };
    const saved = await putDesign(peachy);
    expect(saved.statusCode).toBe(200);
    expect((await widget()).colors).toEqual(widgetPresetPalettes.peachy_pink);

    const custom = await putDesign({ ...peachy, colors: { ...peachy.colors, primary: "#123456" } });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().errors[0].field).toBe("colors");
    const css = await putDesign({ ...peachy, customCss: ".lw-l{color:red}" });
    expect(css.statusCode).toBe(400);
    expect(css.json().errors[0].field).toBe("customCss");
    // Nothing half-written: the first save stands.
    expect((await getDesign()).json().data.design.colors).toEqual(widgetPresetPalettes.peachy_pink);
  });

  it("Laurel staff may grant a plan (audited); the designer's gates follow it", async () => {
    const staffToken = (await signInStaff(t.app)).token;
    const res = await adminSend(t.app, "PUT", `/apiSa/dev_zone/shops/${SHOP}`, staffToken, { plan: "pro" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getDesign()).json().data.allows).toMatchObject({ colours: true, advancedCss: true });
    const bad = await adminSend(t.app, "PUT", `/apiSa/dev_zone/shops/${SHOP}`, staffToken, { plan: "gold" });
    expect(bad.statusCode).toBe(400);
  });

  it("on Essential, saves every tab and the storefront's settings follow", async () => {
    await updateShopRow(t, SHOP, { plan: "pro" });
    const { design } = (await getDesign()).json().data;
    const body = {
      ...design,
      preset: "pacific_blue",
      colors: { ...widgetPresetPalettes.pacific_blue, primary: "#AA0000" },
      launcher: { ...design.launcher, position: "bottom_left", style: "icon", label: "Perks", icon: "gift" },
      display: "drawer",
      mobileHeight: "full",
      hiddenPages: ["cart"],
      hiddenPaths: ["/pages/contact", "/pages/contact", "/collections/sale?x=1"],
      blocks: {
        guest: [
          { id: "earn", visible: true },
          { id: "welcome", visible: true },
          { id: "redeem", visible: false },
        ],
        member: design.blocks.member,
      },
      card: { showTier: false, showPending: true, filled: true },
      pointLabel: { singular: "star", plural: "stars", position: "after" },
      customCss: ".lw-l{letter-spacing:1px}@import url(x.css);",
    };
    const res = await putDesign(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Saved successfully");
    const w = await widget();
    expect(w.colors.primary).toBe("#aa0000");
    expect(w.colors.background).toBe(widgetPresetPalettes.pacific_blue.background);
    expect(w.launcher).toMatchObject({ position: "bottom_left", style: "icon" });
    // A built-in icon is drawn in the launcher's text colour.
    expect(decodeURIComponent(w.launcherIcon)).toContain(
      `fill="${widgetPresetPalettes.pacific_blue.primaryText}"`,
    );
    expect(w.display).toBe("drawer");
    expect(w.mobileHeight).toBe("full");
    expect(w.hiddenPages).toEqual(["cart"]);
    expect(w.hiddenPaths).toEqual(["/pages/contact/", "/collections/sale/"]);
    expect(w.blocks.guest).toEqual(["earn", "welcome"]);
    expect(w.card).toEqual({ showTier: false, showPending: true, filled: true });
    expect(w.pointLabel.plural).toBe("stars");
    expect(w.customCss).toBe(".lw-l{letter-spacing:1px}");
    // The texts the translations editor owns are left alone.
    expect(w.translations["panel.title"]).toBe("Rewards");
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const { design } = (await getDesign()).json().data;
    const cases: Array<[unknown, string]> = [
      [{ ...design, preset: "neon" }, "preset"],
      [{ ...design, colors: { ...design.colors, text: "red" } }, "colors.text"],
      [{ ...design, launcher: { ...design.launcher, label: "x".repeat(61) } }, "launcher.label"],
      [
        { ...design, launcher: { ...design.launcher, icon: "custom", iconUrl: "ftp://x/y.png" } },
        "launcher.iconUrl",
      ],
      [
        { ...design, launcher: { ...design.launcher, icon: "custom", iconUrl: "https://cdn.x/icon.pdf" } },
        "launcher.iconUrl",
      ],
      [{ ...design, hiddenPaths: ["pages/contact"] }, "hiddenPaths.0"],
      [{ ...design, hiddenPaths: Array.from({ length: 51 }, (_, i) => `/p/${i}`) }, "hiddenPaths"],
      [{ ...design, blocks: { ...design.blocks, guest: design.blocks.guest.slice(1) } }, "blocks.guest"],
      [{ ...design, customCss: "x".repeat(10_001) }, "customCss"],
      [{ ...design, extra: 1 }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await putDesign(body);
      expect(res.statusCode, field).toBe(400);
      if (field)
        expect(
          res.json().errors.map((e: { field: string }) => e.field),
          field,
        ).toContain(field);
    }
    const icon = await putDesign({
      ...design,
      launcher: { ...design.launcher, icon: "custom", iconUrl: "https://cdn.x/icon.pdf" },
    });
    expect(icon.json().errors[0].message).toBe("Invalid file type");
    expect((await getDesign()).json().data.design).toEqual(design);
  });

  it("removing the powered-by mark needs a Plus store (N-13)", async () => {
    const { design } = (await getDesign()).json().data;
    const res = await putDesign({ ...design, showPoweredBy: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe("showPoweredBy");
  });
});

describe("POST /apiSa/storefront/uploads (N-16)", () => {
  const upload = async (body: unknown) =>
    adminSend(t.app, "POST", "/apiSa/storefront/uploads", await token(), body);

  it("keeps a png and serves it publicly with its type; the URL passes as a custom icon", async () => {
    const res = await upload({ fileName: "icon.png", contentType: "image/png", data: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const { url, contentType, size } = res.json().data;
    expect(contentType).toBe("image/png");
    expect(size).toBe(Buffer.from(PNG, "base64").length);
    const path = new URL(url).pathname;
    const img = await t.app.inject({ method: "GET", url: path });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    expect(img.headers["x-content-type-options"]).toBe("nosniff");
    expect(img.rawPayload.equals(Buffer.from(PNG, "base64"))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: path.replace(".png", ".gif") })).statusCode).toBe(404);

    const { design } = (await getDesign()).json().data;
    const saved = await putDesign({
      ...design,
      launcher: { ...design.launcher, icon: "custom", iconUrl: url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await widget()).launcherIcon).toBe(url);
    // Hide the launcher (N-05): the widget is told, the design keeps the chosen style.
    const hidden = { ...design, launcher: { ...design.launcher, hidden: true } };
    expect((await putDesign(hidden)).statusCode).toBe(200);
    expect((await widget()).launcher.style).toBe("hidden");
    expect((await getDesign()).json().data.design.launcher.style).toBe(design.launcher.style);
  });

  it("refuses what is not a gif, jpg or png by its bytes, and what is over 2 MB, in the spec's words", async () => {
    const pdf = Buffer.from("%PDF-1.4 not an image").toString("base64");
    const cases: Array<[unknown, string]> = [
      [
        { fileName: "icon.pdf", contentType: "application/pdf", data: pdf },
        "Image is not supported. File type must be .gif, .jpg, .png",
      ],
      [
        { fileName: "icon.png", contentType: "image/png", data: pdf },
        "Image is not supported. File type must be .gif, .jpg, .png",
      ],
      [{ fileName: "icon.png", contentType: "image/png", data: GIF }, "Image not supported"],
      [{ fileName: "icon.png", contentType: "image/png", data: "%%%" }, "Image not supported"],
    ];
    for (const [body, message] of cases) {
      const res = await upload(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    Buffer.from(PNG, "base64").copy(big);
    const tooBig = await upload({
      fileName: "big.png",
      contentType: "image/png",
      data: big.toString("base64"),
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].message).toBe("Image must be smaller than 2MB");
    const gif = await upload({ fileName: "icon.gif", contentType: "image/gif", data: GIF });
    expect(gif.statusCode).toBe(200);
  });
});

describe("GET /proxy/loyalty-page (N-10, N-20)", () => {
  const page = async (opts: { customer?: string; amount?: string } = {}) =>
    t.app.inject({
      method: "GET",
      url: signedProxyUrl(t, "/proxy/loyalty-page", {
        ...(opts.customer ? { customer: opts.customer } : {}),
        ...(opts.amount ? { extra: { amount: opts.amount } } : {}),
      }),
    });

  it("answers Liquid for the theme's layout: ways to earn and redeem, referral, calculator, FAQs", async () => {
    const res = await page();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/liquid/);
    for (const heading of ["Ways to earn", "Ways to redeem", "Refer a friend", "Point calculator", "FAQs"]) {
      expect(res.body).toContain(heading);
    }
    // A guest is asked to join; no Liquid tag can come from the shop's texts.
    expect(res.body).toContain("/account/register");
    expect(res.body).not.toMatch(/\{\{|\{%/);
  });

  it("the calculator answers without JavaScript: the order programs' points for an amount", async () => {
    const res = await page({ amount: "250.00" });
    expect(res.body).toMatch(
      /data-testid="laurel-calculator-result">An order of \$250\.00 earns <strong>\d+ \w+<\/strong>/,
    );
    expect((await page({ amount: "-1" })).statusCode).toBe(400);
  });

  it("refuses an unsigned request", async () => {
    expect((await t.app.inject({ method: "GET", url: "/proxy/loyalty-page" })).statusCode).toBe(401);
  });
});
