import {
  defaultPointLabel,
  defaultWidgetColors,
  okEnvelope,
  widgetSettingsResponse,
  widgetTranslationDefaults,
  widgetTranslationKeys,
} from "@laurel/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/infra/clock";
import {
  resolveWidgetSettings,
  resolveWidgetTranslations,
  sanitiseWidgetCss,
  sanitiseWidgetText,
} from "../src/modules/storefront/widget-settings";
import { createTestApp, signedProxyUrl, type TestApp, updateShopRow } from "./helpers";

const clock = fixedClock("2026-11-22T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await updateShopRow(t, "shop_demo", { settings: "{}", plan: "free" });
});

async function storeWidget(widget: unknown, plan = "free", extra: Record<string, unknown> = {}) {
  await updateShopRow(t, "shop_demo", { settings: JSON.stringify({ ...extra, widget }), plan });
}

function getWidget(opts: { customer?: string; locale?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: "GET",
    url: signedProxyUrl(t, "/proxy/widget", {
      ...(opts.customer ? { customer: opts.customer } : {}),
      ...(opts.locale ? { extra: { locale: opts.locale } } : {}),
    }),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
}

describe("GET /proxy/widget", () => {
  it("answers the defaults for a shop that set nothing, in the contract's shape, to guests and shoppers", async () => {
    for (const customer of [undefined, "1001"]) {
      const res = await getWidget(customer ? { customer } : {});
      expect(res.statusCode).toBe(200);
      const body = okEnvelope(widgetSettingsResponse).parse(res.json());
      expect(body.data).toMatchObject({
        enabled: true,
        launcher: { position: "bottom_right", style: "icon_label", label: "Rewards" },
        display: "widget",
        mobileHeight: "80",
        colors: defaultWidgetColors,
        hiddenPages: [],
        hideForGuests: false,
        pointLabel: defaultPointLabel,
        couponRevoke: { enabled: false },
        customCss: null,
        locale: "en",
      });
      expect(Object.keys(body.data.translations).sort()).toEqual([...widgetTranslationKeys].sort());
      expect(body.data.translations["message.insufficient_points"]).toBe("Current balance is insufficient");
      expect(body.data.translations["message.redeem_amount_invalid"]).toBe(
        "Redeem amount must be greater than 0",
      );
    }
  });

  it("is cacheable: one minute, with an ETag that answers 304 while nothing changed", async () => {
    const first = await getWidget();
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await getWidget({ headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    await storeWidget({ display: "drawer" });
    const changed = await getWidget({ headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.display).toBe("drawer");
  });

  it("applies the shop's overrides on an Essential plan; bad values fall back one by one", async () => {
    await storeWidget(
      {
        launcher: { position: "bottom_left", style: "icon", label: "Perks" },
        display: "drawer",
        mobileHeight: "full",
        colors: { primary: "#FF0000", text: "red;}</style><script>alert(1)</script>", accent: "#abc" },
        hiddenPages: ["cart", "checkout", 7, "account"],
        hideForGuests: true,
        pointLabel: { singular: "star", plural: "stars", position: "before" },
        customCss:
          ".lw-panel{border-radius:0}</style><script>x</script>@import url(https://evil.test/x.css);",
        enabled: "yes",
      },
      "pro",
      {
        couponRevoke: {
          enabled: true,
          maxRevokes: 1,
          timeframe: { unit: "month", duration: 1 },
          timeLimit: null,
        },
      },
    );
    const data = (await getWidget()).json().data;
    expect(data.launcher).toEqual({ position: "bottom_left", style: "icon", label: "Perks" });
    expect(data.display).toBe("drawer");
    expect(data.mobileHeight).toBe("full");
    expect(data.colors).toEqual({ ...defaultWidgetColors, primary: "#ff0000", accent: "#abc" });
    expect(data.hiddenPages).toEqual(["cart", "account"]);
    expect(data.hideForGuests).toBe(true);
    expect(data.enabled).toBe(true);
    expect(data.pointLabel).toEqual({ singular: "star", plural: "stars", position: "before" });
    expect(data.couponRevoke).toEqual({ enabled: true });
    expect(data.customCss).toBe(".lw-panel{border-radius:0}/style>script>x/script>");
    expect(data.customCss).not.toContain("<");
    expect(data.customCss).not.toContain("@import");
  });

  it("ignores colours, point label and CSS on Starter (N-22), and keeps the layout settings", async () => {
    await storeWidget(
      {
        launcher: { position: "bottom_left" },
        colors: { primary: "#ff0000" },
        pointLabel: { singular: "star", plural: "stars" },
        customCss: ".x{color:red}",
      },
      "free",
    );
    const data = (await getWidget()).json().data;
    expect(data.launcher.position).toBe("bottom_left");
    expect(data.colors).toEqual(defaultWidgetColors);
    expect(data.pointLabel).toEqual(defaultPointLabel);
    expect(data.customCss).toBeNull();
  });

  it("answers the texts in the storefront's language, falling back to English key by key", async () => {
    await storeWidget({
      launcher: { label: "Perks" },
      translations: {
        en: { "redeem.apply": "Use it now", "unknown.key": "ignored" },
        fr: { "panel.title": "Récompenses", "redeem.copy": "Copier le code", "redeem.button": "  " },
        "pt-BR": { "panel.title": "Recompensas (BR)" },
        pt: { "panel.title": "Recompensas", "panel.close": "Fechar" },
        "not a locale": { "panel.title": "x" },
      },
    });
    const fr = (await getWidget({ locale: "fr" })).json().data;
    expect(fr.locale).toBe("fr");
    expect(fr.translations["panel.title"]).toBe("Récompenses");
    expect(fr.translations["redeem.copy"]).toBe("Copier le code");
    // Blank text is no text: Laurel's shipped French (decision 0179), before the shop's English.
    expect(fr.translations["redeem.button"]).toBe("Échanger");
    expect(fr.translations["redeem.apply"]).toBe("Appliquer au panier");
    expect(fr.translations["history.title"]).toBe("Historique des points");
    // No French launcher text: the shop's launcher label.
    expect(fr.launcher.label).toBe("Perks");
    expect(fr.translations).not.toHaveProperty("unknown.key");

    const frCa = (await getWidget({ locale: "fr-CA" })).json().data;
    expect(frCa.locale).toBe("fr");
    expect(frCa.translations["panel.title"]).toBe("Récompenses");

    const ptBr = (await getWidget({ locale: "pt-BR" })).json().data;
    expect(ptBr.locale).toBe("pt-BR");
    expect(ptBr.translations["panel.title"]).toBe("Recompensas (BR)");
    expect(ptBr.translations["panel.close"]).toBe("Fechar");

    // Korean: no text of the shop's, and Laurel ships only the earning words in Korean (decision 0157).
    const ko = (await getWidget({ locale: "ko" })).json().data;
    expect(ko.locale).toBe("en");
    expect(ko.translations["panel.title"]).toBe("Rewards");
    // The shop's own English comes before the built-in English.
    expect(ko.translations["redeem.apply"]).toBe("Use it now");
    expect(ko.translations["redeem.button"]).toBe(widgetTranslationDefaults["redeem.button"]);
    // German: no text of the shop's, Laurel's shipped German before the shop's English (decision 0179).
    const de = (await getWidget({ locale: "de" })).json().data;
    expect(de.locale).toBe("de");
    expect(de.translations["panel.title"]).toBe("Prämien");
    expect(de.translations["redeem.apply"]).toBe("Im Warenkorb anwenden");
  });

  it("refuses a malformed locale with a 400 naming the field, and unsigned requests with a 401", async () => {
    const bad = await getWidget({ locale: "<script>" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: "validation_failed" });
    expect(bad.json().errors[0].field).toBe("locale");

    const unsigned = await t.app.inject({
      method: "GET",
      url: "/proxy/widget?shop=laurel-demo.myshopify.com&locale=en",
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe("proxy_unauthorized");
  });

  it("a stored widget setting that is not an object at all still answers the defaults", async () => {
    await storeWidget("oops");
    const res = await getWidget();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.launcher.label).toBe("Rewards");
  });
});

describe("widget settings resolution (pure)", () => {
  const shop = (widget: unknown, plan = "advanced") => ({
    plan,
    is_enable_pos_pro3: false,
    settings: { widget } as never,
    platform_info: { currency: "EUR" },
  });

  it("keeps merchant text as text: markup survives as characters, control and bidi characters do not", () => {
    expect(sanitiseWidgetText('<img src=x onerror="alert(1)">')).toBe('<img src=x onerror="alert(1)">');
    expect(sanitiseWidgetText("Re\u202ewards\u0000\nnow")).toBe("Re wards now");
    expect(sanitiseWidgetText("   ")).toBeUndefined();
    expect(sanitiseWidgetText(42)).toBeUndefined();
  });

  it("strips what could load or run code from advanced CSS", () => {
    expect(sanitiseWidgetCss("@import 'x.css'; a{b:c}")).toBe("a{b:c}");
    expect(sanitiseWidgetCss("a{width:expression(alert(1));background:url(javascript:alert(1))}")).toBe(
      "a{width:alert(1));background:url(alert(1))}",
    );
    expect(sanitiseWidgetCss("   ")).toBeNull();
    expect(sanitiseWidgetCss(undefined)).toBeNull();
  });

  it("takes the shop's currency and rejects over-long labels instead of cutting them", () => {
    const s = resolveWidgetSettings(shop({ launcher: { label: "x".repeat(61) } }));
    expect(s.currency).toBe("EUR");
    expect(s.launcher.label).toBe("Rewards");
  });

  it("answers every key whatever the shop stored", () => {
    const { translations } = resolveWidgetTranslations({ en: "nope", fr: { "panel.title": 5 } }, "fr");
    expect(Object.keys(translations)).toHaveLength(widgetTranslationKeys.length);
    // The stored French is not text: Laurel's shipped French (decision 0179).
    expect(translations["panel.title"]).toBe("Récompenses");
  });
});
