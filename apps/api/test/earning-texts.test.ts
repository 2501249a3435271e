import { storefrontLanguages, widgetTranslationDefaults } from "@laurel/contracts";
import { describe, expect, it } from "vitest";
import {
  EARNING_TEXT_KEYS,
  EARNING_TEXTS,
  shippedEarningText,
} from "../src/modules/storefront/earning-texts";
import { resolveWidgetTranslations } from "../src/modules/storefront/widget-settings";

/** Decision 0157: the earning kinds' storefront words ship in every storefront language (M-19). */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("shipped storefront texts of the earning kinds (issue 15)", () => {
  it("cover every storefront language but English, every key, with English's placeholders", () => {
    expect(Object.keys(EARNING_TEXTS).sort()).toEqual(storefrontLanguages.filter((l) => l !== "en").sort());
    for (const [language, row] of Object.entries(EARNING_TEXTS)) {
      expect(row, language).toHaveLength(EARNING_TEXT_KEYS.length);
      EARNING_TEXT_KEYS.forEach((key, i) => {
        const text = row[i] ?? "";
        expect(text.trim(), `${language} ${key}`).not.toBe("");
        expect(placeholders(text), `${language} ${key}`).toEqual(
          placeholders(widgetTranslationDefaults[key]),
        );
      });
    }
  });

  it("are real translations: no row copies the English of its sentences", () => {
    const english = EARNING_TEXT_KEYS.map((k) => widgetTranslationDefaults[k]);
    for (const [language, row] of Object.entries(EARNING_TEXTS)) {
      const copied = row.filter((text, i) => text === english[i] && !/^Google|^\{\{/.test(text));
      expect(copied, language).toEqual([]);
    }
  });

  it("a shopper in French sees them; the shop's own French wins; English keys outside stay English", () => {
    const fr = resolveWidgetTranslations({}, "fr-CA").translations;
    expect(fr["message.birthday_invalid"]).toBe("La date d'anniversaire n'est pas valide");
    expect(fr["earn.streakDay"]).toBe("Jour {{day}} sur {{length}}");
    const own = resolveWidgetTranslations({ fr: { "earn.birthday": "Votre date de naissance" } }, "fr");
    expect(own.translations["earn.birthday"]).toBe("Votre date de naissance");
    expect(resolveWidgetTranslations({}, "en").translations["earn.birthday"]).toBe("Your birthday");
  });

  it("regional and base languages find their row", () => {
    expect(shippedEarningText("pt", "earn.save")).toBe("Salvar");
    expect(shippedEarningText("pt-PT", "earn.save")).toBe("Guardar");
    expect(shippedEarningText("zh-HK", "earn.save")).toBe("保存");
    expect(shippedEarningText("ja", "earn.birthday")).toBe("お誕生日");
    expect(shippedEarningText("en", "earn.birthday")).toBeUndefined();
    expect(shippedEarningText("fr", "panel.title")).toBeUndefined();
  });
});
