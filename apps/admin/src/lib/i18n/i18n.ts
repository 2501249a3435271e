import {
  type AdminLanguageCode,
  adminLanguageCodes,
  adminLanguages,
  DEFAULT_ADMIN_LANGUAGE,
} from "@laurel/contracts";
import polarisEn from "@shopify/polaris/locales/en.json";
import i18next from "i18next";
import { useSyncExternalStore } from "react";
import { initReactI18next } from "react-i18next";
import { storage } from "../storage";

/** The admin's i18next instance. en-US ships in the main bundle; other languages load on demand. */
export const i18n = i18next.createInstance();

export type { AdminLanguageCode };
export { adminLanguages };

export function isAdminLanguage(code: unknown): code is AdminLanguageCode {
  return typeof code === "string" && (adminLanguageCodes as readonly string[]).includes(code);
}

type Dictionary = Record<string, unknown>;
type PolarisDictionary = typeof polarisEn;

/*
 * Each language is a folder of JSON files: `translation.json` for the shell and one file per area
 * (`customers.json`, …), each holding its own top-level keys, so areas never edit the same file
 * (decision 0019). A language's files merge into one dictionary.
 */
const enUSFiles = import.meta.glob<Dictionary>("../../locales/en-US/*.json", {
  eager: true,
  import: "default",
});
const appLoaders = import.meta.glob<Dictionary>(["../../locales/*/*.json", "!../../locales/en-US/*.json"], {
  import: "default",
});

/** One language's files merged (their top-level keys are disjoint: `locales.test.ts`). */
export function mergeLocaleFiles(files: Dictionary[]): Dictionary {
  return Object.assign({}, ...files);
}

const enUS = mergeLocaleFiles(Object.values(enUSFiles));

/**
 * Polaris ships no Indonesian strings, so `id` (and both Englishes) use its English ones; only
 * Polaris' own built-in labels (e.g. "Close", "Save") are affected, never Laurel's strings.
 */
const polarisLoaders: Record<AdminLanguageCode, () => Promise<PolarisDictionary>> = {
  "en-GB": async () => polarisEn,
  "en-US": async () => polarisEn,
  id: async () => polarisEn,
  fr: () => import("@shopify/polaris/locales/fr.json").then((m) => m.default as PolarisDictionary),
  es: () => import("@shopify/polaris/locales/es.json").then((m) => m.default as PolarisDictionary),
  de: () => import("@shopify/polaris/locales/de.json").then((m) => m.default as PolarisDictionary),
  it: () => import("@shopify/polaris/locales/it.json").then((m) => m.default as PolarisDictionary),
  ja: () => import("@shopify/polaris/locales/ja.json").then((m) => m.default as PolarisDictionary),
};

/* The Polaris dictionary of the current language, for AppProvider's `i18n` prop. */
let polarisStrings: PolarisDictionary = polarisEn;
const polarisListeners = new Set<() => void>();
function setPolarisStrings(next: PolarisDictionary): void {
  if (next === polarisStrings) return;
  polarisStrings = next;
  for (const listener of polarisListeners) listener();
}
export function usePolarisTranslations(): PolarisDictionary {
  return useSyncExternalStore(
    (listener) => {
      polarisListeners.add(listener);
      return () => polarisListeners.delete(listener);
    },
    () => polarisStrings,
    () => polarisStrings,
  );
}

let initialised: Promise<void> | null = null;

/** Initialise i18next once (idempotent). */
export function initI18n(): Promise<void> {
  if (!initialised) {
    initialised = i18n
      .use(initReactI18next)
      .init({
        resources: { [DEFAULT_ADMIN_LANGUAGE]: { translation: enUS } },
        lng: DEFAULT_ADMIN_LANGUAGE,
        fallbackLng: DEFAULT_ADMIN_LANGUAGE,
        supportedLngs: adminLanguageCodes,
        load: "currentOnly",
        interpolation: { escapeValue: false },
        returnEmptyString: false,
        showSupportNotice: false,
        react: { useSuspense: false },
      })
      .then(() => undefined);
  }
  return initialised;
}

/** Loads the app's and Polaris' strings for `code` (no-op when already loaded). */
async function loadLanguage(code: AdminLanguageCode): Promise<PolarisDictionary> {
  const polaris = polarisLoaders[code]();
  if (!i18n.hasResourceBundle(code, "translation")) {
    const prefix = `../../locales/${code}/`;
    const loaders = Object.entries(appLoaders).filter(([path]) => path.startsWith(prefix));
    if (loaders.length === 0) throw new Error(`No translations for ${code}`);
    const files = await Promise.all(loaders.map(([, load]) => load()));
    i18n.addResourceBundle(code, "translation", mergeLocaleFiles(files), true, true);
  }
  return polaris;
}

/**
 * apply a language at once (app strings, Polaris strings, `<html lang>`) and remember it
 * in localStorage. Saving it to the shop is the caller's business (`POST /lp/settings`).
 */
export async function applyLanguage(
  code: AdminLanguageCode,
  options: { remember?: boolean } = {},
): Promise<void> {
  await initI18n();
  const polaris = await loadLanguage(code);
  await i18n.changeLanguage(code);
  setPolarisStrings(polaris);
  if (typeof document !== "undefined") document.documentElement.lang = code;
  if (options.remember !== false) storage.setLanguage(code);
}

/** The language before any shop is known: the remembered one, else en-US. */
export function rememberedLanguage(): AdminLanguageCode {
  const stored = storage.getLanguage();
  return isAdminLanguage(stored) ? stored : DEFAULT_ADMIN_LANGUAGE;
}

/**
 * start rule: the shop's `settings.primaryLanguageInApp` wins, else the language
 * remembered in localStorage, else en-US.
 */
export function resolveStartLanguage(shopLanguage: unknown, stored: unknown): AdminLanguageCode {
  if (isAdminLanguage(shopLanguage)) return shopLanguage;
  if (isAdminLanguage(stored)) return stored;
  return DEFAULT_ADMIN_LANGUAGE;
}

export function currentLanguage(): AdminLanguageCode {
  return isAdminLanguage(i18n.language) ? i18n.language : DEFAULT_ADMIN_LANGUAGE;
}
