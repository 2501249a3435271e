import type { FieldError, ShippedTranslations, TranslationSettings } from "@laurel/contracts";
import type { ShopSettingsJson } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { type Actor, auditWrite } from "../audit/audit.service";
import { getShopOrThrow, lockShopSettings, mergeShopSettings } from "../shops/shops.service";
import { shippedStorefrontTexts } from "../storefront/shipped-texts";

/**
 * M-09, M-10 (issue 11): the storefront languages (`settings.translation`) and the shop's own
 * widget texts per language (`settings.widget.translations`, which the widget reads). The whole
 * object is read and replaced at once, as the spec's `GET|POST /translation` shape it.
 */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export function presentTranslationSettings(settings: ShopSettingsJson): TranslationSettings {
  const t = settings.translation ?? {};
  const widget = (settings as Record<string, unknown>).widget;
  const stored = isRecord(widget) && isRecord(widget.translations) ? widget.translations : {};
  const translations: TranslationSettings["translations"] = {};
  for (const [language, texts] of Object.entries(stored)) {
    if (!isRecord(texts)) continue;
    translations[language] = Object.fromEntries(
      Object.entries(texts).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  }
  return {
    primaryLanguage: t.primaryLanguage ?? "en",
    detectMethod: (t.detectMethod as TranslationSettings["detectMethod"] | undefined) ?? "storefront_locale",
    additionalLanguages: t.additionalLanguages ?? [],
    translations,
  };
}

export async function getTranslationSettings(deps: Deps, shopId: string): Promise<TranslationSettings> {
  return presentTranslationSettings((await getShopOrThrow(deps, shopId)).settings);
}

export async function saveTranslationSettings(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: TranslationSettings,
): Promise<TranslationSettings> {
  const errors: FieldError[] = [];
  const languages = [body.primaryLanguage, ...body.additionalLanguages].map((l) => l.toLowerCase());
  if (new Set(languages).size !== languages.length) {
    errors.push({ field: "additionalLanguages", message: "A language is listed twice" });
  }
  for (const language of Object.keys(body.translations)) {
    if (!languages.includes(language.toLowerCase())) {
      errors.push({
        field: `translations.${language}`,
        message: "Add the language before translating into it",
      });
    }
  }
  if (errors.length > 0) {
    throw new AppError("validation_failed", 400, errors[0]?.message ?? "Failed to save language", errors);
  }
  return deps.db.transaction().execute(async (trx) => {
    const before = await lockShopSettings(trx, shopId);
    const widget = isRecord((before as Record<string, unknown>).widget)
      ? ((before as Record<string, unknown>).widget as Record<string, unknown>)
      : {};
    const settings = {
      translation: {
        primaryLanguage: body.primaryLanguage,
        detectMethod: body.detectMethod,
        additionalLanguages: body.additionalLanguages,
      },
      widget: { ...widget, translations: body.translations },
    };
    await mergeShopSettings(trx, shopId, settings as Partial<ShopSettingsJson>);
    await auditWrite(trx, shopId, actor, "settings.translation", {
      primaryLanguage: body.primaryLanguage,
      detectMethod: body.detectMethod,
      additionalLanguages: body.additionalLanguages,
      languagesWithTexts: Object.keys(body.translations),
    });
    return presentTranslationSettings({ ...before, ...settings } as ShopSettingsJson);
  });
}

/** Laurel's shipped texts in each of the shop's storefront languages (decision 0179). */
export async function getShippedTranslations(deps: Deps, shopId: string): Promise<ShippedTranslations> {
  const t = presentTranslationSettings((await getShopOrThrow(deps, shopId)).settings);
  const languages = [t.primaryLanguage, ...t.additionalLanguages];
  return { texts: Object.fromEntries(languages.map((l) => [l, shippedStorefrontTexts(l)])) };
}
