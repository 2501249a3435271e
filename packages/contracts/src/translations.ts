import { z } from "zod";
import { WIDGET_LANGUAGES_MAX, WIDGET_LOCALE, WIDGET_TEXT_MAX, widgetTranslationKeys } from "./widget";

/**
 * The shop's storefront languages and texts (M-09, M-10): `GET /apiSa/translation` and
 * `POST /apiSa/translation` with the whole object. `translations` holds, per language, the shop's
 * own text of widget keys; a key without one reads the shipped default (English fallback, X-58).
 * E-mails are written in `primaryLanguage` (decision 0075).
 */
export const detectMethods = ["storefront_locale", "browser", "primary_only"] as const;

const languageCode = z
  .string({ error: "Language must be a language code such as en or pt-BR" })
  .trim()
  .max(35, "Language must be a language code such as en or pt-BR")
  .regex(WIDGET_LOCALE, "Language must be a language code such as en or pt-BR");

const keySet = new Set<string>(widgetTranslationKeys);

export const translationSettingsSchema = z.strictObject({
  primaryLanguage: languageCode,
  detectMethod: z.enum(detectMethods, {
    error: "Detect method must be storefront_locale, browser or primary_only",
  }),
  additionalLanguages: z
    .array(languageCode)
    .max(WIDGET_LANGUAGES_MAX - 1, `At most ${WIDGET_LANGUAGES_MAX - 1} additional languages`),
  translations: z
    .record(
      languageCode,
      z.record(
        z
          .string()
          .max(100, "Unknown text key")
          .refine((k) => keySet.has(k), "Unknown text key"),
        z.string().max(WIDGET_TEXT_MAX, `Texts must be ${WIDGET_TEXT_MAX} characters or fewer`),
      ),
    )
    .refine(
      (t) => Object.keys(t).length <= WIDGET_LANGUAGES_MAX,
      `At most ${WIDGET_LANGUAGES_MAX} languages`,
    ),
});
export type TranslationSettings = z.infer<typeof translationSettingsSchema>;

/**
 * `GET /apiSa/translation/shipped` (decision 0179): Laurel's own text of each key in each of the
 * shop's storefront languages where Laurel ships one (none for English: the defaults are English).
 * The editor shows them as placeholders and the completeness counts them.
 */
export const shippedTranslationsSchema = z.object({
  texts: z.record(z.string(), z.record(z.string(), z.string())),
});
export type ShippedTranslations = z.infer<typeof shippedTranslationsSchema>;

/**
 * M-19: the 31 storefront languages the translation editor offers (BCP 47). The widget and e-mails
 * fall back to English key by key where a language has no text.
 */
export const storefrontLanguages = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt-BR",
  "pt-PT",
  "nl",
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
  "ja",
  "ko",
  "zh-CN",
  "zh-TW",
  "th",
  "vi",
  "id",
] as const;

/** M-13: the editor's types; `widget-design` has its own editor with the tabs of M-14. */
export const translationEditorTypes = [
  "widget-design",
  "check-out",
  "point-calculator",
  "loyalty-page",
  "visit-website-popup",
  "reward-reminder",
  "sign-up",
  "redeem-inline",
  "referral",
] as const;
export type TranslationEditorType = (typeof translationEditorTypes)[number];

/** M-14: the widget-design editor's tabs. */
export const widgetTranslationTabs = [
  "welcome",
  "toast",
  "earning",
  "redeeming",
  "coupons",
  "history",
  "account",
  "time",
  "vip",
  "embed",
] as const;
export type WidgetTranslationTab = (typeof widgetTranslationTabs)[number];
