import { widgetTranslationDefaults, widgetTranslationKeys } from "@laurel/contracts";
import { describe, expect, it } from "vitest";
import { mailLanguages } from "../../mail/mail.texts";
import { EARNING_TEXT_KEYS } from "../earning-texts";
import { resolveWidgetTranslations } from "../widget-settings";
import {
  DEFAULT_FAQS,
  defaultFaqsFor,
  SHIPPED_FAQS,
  SHIPPED_STOREFRONT_TEXTS,
  shippedStorefrontLanguages,
  shippedStorefrontText,
} from "./index";

/** Decision 0179: every storefront text ships in the e-mails' languages; a missing key fails here. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const earning = new Set<string>(EARNING_TEXT_KEYS);
const ownKeys = widgetTranslationKeys.filter((k) => !earning.has(k)).sort();
const languages = Object.keys(SHIPPED_STOREFRONT_TEXTS);
/** Names and codes that read the same in every language. */
const SAME_EVERYWHERE = new Set(["Facebook", "X", "WhatsApp", "E-mail", "{{min}} to {{max}}"]);

describe("shipped storefront texts (widget and loyalty page)", () => {
  it("ship in exactly the languages the e-mails ship", () => {
    expect([...shippedStorefrontLanguages].sort()).toEqual([...mailLanguages].sort());
  });

  it.each(languages)("%s has every key, no other key, each with English's placeholders", (language) => {
    const table = SHIPPED_STOREFRONT_TEXTS[language] ?? {};
    // The earning kinds' keys live in earning-texts.ts (all 30 languages); every other key lives here.
    expect(Object.keys(table).sort(), language).toEqual(ownKeys);
    for (const key of widgetTranslationKeys) {
      const text = shippedStorefrontText(language, key) ?? "";
      expect(text.trim(), `${language} ${key}`).not.toBe("");
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(widgetTranslationDefaults[key]));
    }
  });

  it.each(languages)("%s is a translation: no sentence copies the English", (language) => {
    const table = SHIPPED_STOREFRONT_TEXTS[language] ?? {};
    const copied = ownKeys.filter((key) => {
      const english: string = widgetTranslationDefaults[key];
      return table[key] === english && !SAME_EVERYWHERE.has(english);
    });
    expect(copied, language).toEqual([]);
  });

  it.each(languages)("%s has the default FAQs, translated", (language) => {
    const faqs = SHIPPED_FAQS[language] ?? [];
    expect(faqs).toHaveLength(DEFAULT_FAQS.length);
    faqs.forEach((faq, i) => {
      expect(faq.question.trim()).not.toBe("");
      expect(faq.answer.trim()).not.toBe("");
      expect(faq.question).not.toBe(DEFAULT_FAQS[i]?.question);
      expect(faq.answer).not.toBe(DEFAULT_FAQS[i]?.answer);
    });
  });

  it("a shopper in a shipped language sees it; the shop's own text wins; regional codes find their base", () => {
    const ja = resolveWidgetTranslations({}, "ja");
    expect(ja.locale).toBe("ja");
    expect(ja.translations["panel.title"]).toBe("特典");
    expect(ja.translations["page.earnTitle"]).toBe("ポイントの貯め方");
    const own = resolveWidgetTranslations({ ja: { "panel.title": "ごほうび" } }, "ja");
    expect(own.translations["panel.title"]).toBe("ごほうび");
    expect(own.translations["panel.close"]).toBe("閉じる");
    expect(resolveWidgetTranslations({}, "pt-PT").translations["redeem.button"]).toBe("Resgatar");
    expect(resolveWidgetTranslations({}, "fr-CA").locale).toBe("fr");
    // The earning words keep their own, regional rows (decision 0157).
    expect(shippedStorefrontText("pt-PT", "earn.save")).toBe("Guardar");
  });

  it("a language without a shipped table falls back to English, its earning words aside", () => {
    const ko = resolveWidgetTranslations({}, "ko");
    expect(ko.locale).toBe("en");
    expect(ko.translations["panel.title"]).toBe("Rewards");
    expect(ko.translations["earn.save"]).not.toBe("Save");
    expect(shippedStorefrontText("en", "panel.title")).toBeUndefined();
    expect(defaultFaqsFor("ko")).toEqual(DEFAULT_FAQS);
    expect(defaultFaqsFor("de-AT")[0]?.question).toBe("Wie trete ich bei?");
  });
});
