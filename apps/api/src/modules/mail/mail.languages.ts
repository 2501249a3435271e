import type { NotificationTemplateRow, ShopRow } from "@laurel/db";

/**
 * Which language a shopper's e-mail is written in, and its subject (issue 11, L-04, decision 0179).
 * The shop's storefront languages are its primary language and its additional ones (M-09); a
 * shopper's e-mails use the language they last used on the storefront when the shop has it (the
 * exact code, then its base language: `de-AT` → `de`), else the primary language.
 */

type Shop = Pick<ShopRow, "settings">;

const lower = (code: string) => code.toLowerCase();
const baseOf = (code: string) => lower(code).split("-")[0] ?? lower(code);

/** The shop's storefront languages as the merchant spelled them, primary first, each once. */
export function shopLanguagesOf(shop: Shop): string[] {
  const t = shop.settings.translation ?? {};
  const out: string[] = [];
  for (const code of [t.primaryLanguage ?? "en", ...(t.additionalLanguages ?? [])]) {
    if (!out.some((l) => lower(l) === lower(code))) out.push(code);
  }
  return out;
}

/** `code` as one of `languages` spells it: the exact language, else its base language. */
function matchIn(languages: readonly string[], code: string): string | undefined {
  return languages.find((l) => lower(l) === lower(code)) ?? languages.find((l) => lower(l) === baseOf(code));
}

/** The shop language a shopper's e-mails are written in (their storefront locale, or the primary). */
export function shopperLanguageOf(shop: Shop, locale: string | null | undefined): string {
  const languages = shopLanguagesOf(shop);
  const primary = languages[0] ?? "en";
  return (locale ? matchIn(languages, locale) : undefined) ?? primary;
}

/**
 * The merchant's subject for an e-mail in `language`: that language's own, else the shop's default
 * subject; null means the shipped subject in that language.
 */
export function merchantSubjectFor(
  template: Pick<NotificationTemplateRow, "subject" | "subjects"> | undefined,
  language: string,
): string | null {
  const subjects = template?.subjects ?? {};
  const key = matchIn(Object.keys(subjects), language);
  const own = key === undefined ? undefined : subjects[key];
  return own?.trim() ? own : (template?.subject ?? null);
}
