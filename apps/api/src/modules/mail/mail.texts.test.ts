import { notificationEvents } from "@laurel/domain";
import { describe, expect, it } from "vitest";
import { mailLanguageOf, mailLanguages, mailTextsOf } from "./mail.texts";

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
});
