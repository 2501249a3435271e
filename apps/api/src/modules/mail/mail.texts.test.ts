import { storefrontLanguages } from "@laurel/contracts";
import { notificationEvents } from "@laurel/domain";
import { describe, expect, it } from "vitest";
import { mailLanguageOf, mailLanguages, mailProgramOf, mailTextsOf } from "./mail.texts";
import { partnerCatalogues, partnerTierEvents } from "./mail.texts.partner";

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("shipped e-mail texts", () => {
  it("ships every admin language and the common storefront ones", () => {
    expect([...mailLanguages].sort()).toEqual(["de", "en", "es", "fr", "id", "it", "ja", "nl", "pt"]);
  });

  it.each(mailLanguages.filter((l) => l !== "en"))(
    "%s has its own words with English's placeholders",
    (lang) => {
      for (const event of notificationEvents) {
        const en = mailTextsOf(event, "en");
        const own = mailTextsOf(event, lang);
        for (const part of ["subject", "heading", "body", "button", "greeting", "balance"] as const) {
          expect(placeholders(own[part]), `${lang} ${event} ${part}`).toEqual(placeholders(en[part]));
        }
        expect(own.subject, `${lang} ${event}`).not.toBe(en.subject);
        expect(own.body, `${lang} ${event}`).not.toBe(en.body);
      }
    },
  );

  it("maps a storefront locale to its base language, English when none is shipped", () => {
    expect(mailLanguageOf("pt-BR")).toBe("pt");
    expect(mailLanguageOf("it")).toBe("it");
    expect(mailLanguageOf("ko")).toBe("en");
    expect(mailTextsOf("points_earned", "ja").subject).toBe("{{shop}}で{{points}} {{label}}を獲得しました");
  });

  it("words the tier e-mails for B2B partner tiers in every shipped language (decision 0177)", () => {
    expect(Object.keys(partnerCatalogues).sort()).toEqual([...mailLanguages].sort());
    for (const lang of mailLanguages) {
      for (const event of partnerTierEvents) {
        const vip = mailTextsOf(event, lang);
        const partner = mailTextsOf(event, lang, "b2b");
        const enPartner = mailTextsOf(event, "en", "b2b");
        for (const part of ["subject", "heading", "body"] as const) {
          expect(placeholders(partner[part]), `${lang} ${event} ${part}`).toEqual(
            placeholders(enPartner[part]),
          );
        }
        expect(partner.body, `${lang} ${event}`).not.toBe(vip.body);
        expect(partner.subject, `${lang} ${event}`).not.toBe(vip.subject);
        // The button and the chrome are the VIP e-mail's.
        expect(partner.button).toBe(vip.button);
        expect(partner.unsubscribe).toBe(vip.unsubscribe);
        if (lang !== "en") expect(partner.body, `${lang} ${event}`).not.toBe(enPartner.body);
      }
    }
    // Other events read the same for both programs; stored values name the program.
    expect(mailTextsOf("points_earned", "de", "b2b")).toEqual(mailTextsOf("points_earned", "de"));
    expect(mailProgramOf({ tier: "Gold", program: "b2b" })).toBe("b2b");
    expect(mailProgramOf({ tier: "Gold" })).toBe("vip");
  });

  it("every other storefront language gets the English e-mail, word for word (decision 0179)", () => {
    // 21 of the 31 storefront languages (M-19) have no e-mail words of their own: they fall back to
    // English. Shipping one means adding its catalogue and taking it off this list.
    const fallback = storefrontLanguages.filter((l) => mailLanguageOf(l) === "en" && l !== "en");
    expect(fallback).toEqual([
      "sv",
      "da",
      "nb",
      "fi",
      "pl",
      "cs",
      "sk",
      "hu",
      "ro",
      "bg",
      "hr",
      "sl",
      "el",
      "tr",
      "ru",
      "uk",
      "ko",
      "zh-CN",
      "zh-TW",
      "th",
      "vi",
    ]);
    for (const language of fallback) {
      for (const event of notificationEvents) {
        expect(mailTextsOf(event, language), `${language} ${event}`).toEqual(mailTextsOf(event, "en"));
      }
    }
    // The ten others (pt-BR and pt-PT share `pt`) have their own.
    const own = storefrontLanguages.filter((l) => !fallback.includes(l) && l !== "en");
    for (const language of own) {
      expect(mailTextsOf("points_earned", language).subject, language).not.toBe(
        mailTextsOf("points_earned", "en").subject,
      );
    }
  });
});
