import "../../test/setup";
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../storage";
import { applyLanguage, i18n, rememberedLanguage, resolveStartLanguage } from "./i18n";

describe("start language (A-18)", () => {
  it.each([
    { shop: "fr", stored: "de", expected: "fr" },
    { shop: undefined, stored: "de", expected: "de" },
    { shop: null, stored: null, expected: "en-US" },
    { shop: "uk", stored: "xx", expected: "en-US" }, // not admin languages
    { shop: "en-GB", stored: null, expected: "en-GB" }, // 'uk' is English (UK), stored as en-GB
  ])("shop $shop, remembered $stored → $expected", ({ shop, stored, expected }) => {
    expect(resolveStartLanguage(shop, stored)).toBe(expected);
  });

  it("remembers only admin languages", () => {
    window.localStorage.setItem(STORAGE_KEYS.language, "ja");
    expect(rememberedLanguage()).toBe("ja");
    window.localStorage.setItem(STORAGE_KEYS.language, "pt-BR");
    expect(rememberedLanguage()).toBe("en-US");
  });
});

describe("applyLanguage (A-19)", () => {
  it("loads the language on demand, switches, sets <html lang> and remembers it", async () => {
    await applyLanguage("it");
    expect(i18n.language).toBe("it");
    expect(i18n.t("nav.customers")).toBe("Clienti");
    expect(document.documentElement.lang).toBe("it");
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe("it");
  });

  it("can switch without remembering", async () => {
    await applyLanguage("id", { remember: false });
    expect(i18n.t("accessDenied.title")).toBe("Akses ditolak");
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
    await applyLanguage("en-US", { remember: false });
  });
});
