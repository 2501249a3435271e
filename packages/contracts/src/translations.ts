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
