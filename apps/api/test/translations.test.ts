import { widgetTranslationKeys } from "@laurel/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, adminSend, createTestApp, signedProxyUrl, signIn, type TestApp } from "./helpers";

/** `GET|POST /apiSa/translation` (M-09, M-10, issue 11): languages, texts, the widget and e-mails follow. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
});

const valid = {
  primaryLanguage: "en",
  detectMethod: "storefront_locale",
  additionalLanguages: ["de"],
  translations: { de: { "launcher.label": "Prämien" } },
};

describe("translation settings", () => {
  it("reads the defaults, saves the whole object, and the widget shows the German text", async () => {
    const before = await adminGet(t.app, "/apiSa/translation", token);
    expect(before.json().data).toEqual({
      primaryLanguage: "en",
      detectMethod: "storefront_locale",
      additionalLanguages: [],
      translations: {},
    });
    const saved = await adminSend(t.app, "POST", "/apiSa/translation", token, valid);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe("translations saved");
    expect((await adminGet(t.app, "/apiSa/translation", token)).json().data).toEqual(valid);

    const de = await t.app.inject({
      method: "GET",
      url: signedProxyUrl(t, "/proxy/widget", { extra: { locale: "de" } }),
    });
    expect(de.json().data.translations["launcher.label"]).toBe("Prämien");
    const en = await t.app.inject({
      method: "GET",
      url: signedProxyUrl(t, "/proxy/widget", { extra: { locale: "en" } }),
    });
    expect(en.json().data.translations["launcher.label"]).not.toBe("Prämien");
  });

  it("e-mails are written in the primary language", async () => {
    const saved = await adminSend(t.app, "POST", "/apiSa/translation", token, {
      ...valid,
      primaryLanguage: "de",
      additionalLanguages: ["en"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = await adminGet(t.app, "/apiSa/notifications/points_earned/preview", token);
    expect(preview.json().data.subject).toBe("Sie haben 120 points bei Laurel Demo Store gesammelt");
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const before = (await adminGet(t.app, "/apiSa/translation", token)).json().data;
    const cases: [unknown, string][] = [
      [{ ...valid, detectMethod: "guess" }, "detectMethod"],
      [{ ...valid, primaryLanguage: "not a language" }, "primaryLanguage"],
      [{ ...valid, translations: { de: { "no.such.key": "x" } } }, "translations.de.no.such.key"],
      [{ ...valid, translations: { fr: { "launcher.label": "x" } } }, "translations.fr"],
      [{ ...valid, additionalLanguages: ["de", "de"] }, "additionalLanguages"],
      [{ ...valid, surprise: true }, "surprise"],
      [
        { ...valid, translations: { de: { "launcher.label": "x".repeat(501) } } },
        "translations.de.launcher.label",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await adminSend(t.app, "POST", "/apiSa/translation", token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await adminGet(t.app, "/apiSa/translation", token)).json().data).toEqual(before);
  });

  it("answers Laurel's shipped texts in the shop's languages (decision 0179)", async () => {
    const saved = await adminSend(t.app, "POST", "/apiSa/translation", token, {
      ...valid,
      primaryLanguage: "en",
      additionalLanguages: ["de", "ko"],
      translations: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await adminGet(t.app, "/apiSa/translation/shipped", token);
    expect(res.statusCode, res.body).toBe(200);
    const { texts } = res.json().data;
    expect(Object.keys(texts)).toEqual(["en", "de", "ko"]);
    // English is the built-in default, not a shipped translation.
    expect(texts.en).toEqual({});
    expect(Object.keys(texts.de)).toHaveLength(widgetTranslationKeys.length);
    expect(texts.de["panel.title"]).toBe("Prämien");
    expect(texts.de["page.earnTitle"]).toBe("So sammeln Sie");
    // Korean: only the earning kinds' words (decision 0157).
    expect(texts.ko["earn.save"]).toBeTruthy();
    expect(texts.ko["panel.title"]).toBeUndefined();
  });
});
