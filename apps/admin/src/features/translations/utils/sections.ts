import {
  type TranslationEditorType,
  type WidgetTranslationKey,
  type WidgetTranslationTab,
  widgetTranslationDefaults,
  widgetTranslationKeys,
  widgetTranslationTabs,
} from "@laurel/contracts";

/**
 * Which storefront texts each editor type and widget tab shows (M-13, M-14). The widget's keys are
 * grouped by their prefix; a type whose storefront part has no texts yet shows none.
 */
const tabOfPrefix: Record<string, WidgetTranslationTab> = {
  launcher: "welcome",
  panel: "welcome",
  guest: "welcome",
  join: "welcome",
  left: "welcome",
  member: "welcome",
  message: "toast",
  earn: "earning",
  redeem: "redeeming",
  reward: "redeeming",
  coupons: "coupons",
  history: "history",
  activity: "history",
  referral: "account",
  tier: "vip",
};

export function tabOf(key: WidgetTranslationKey): WidgetTranslationTab {
  return tabOfPrefix[key.split(".")[0] ?? ""] ?? "welcome";
}

/** The keys one editor type edits; `tab` narrows widget-design to one of its tabs. */
export function keysOf(type: TranslationEditorType, tab?: WidgetTranslationTab): WidgetTranslationKey[] {
  const prefixed = (...prefixes: string[]) =>
    widgetTranslationKeys.filter((k) => prefixes.includes(k.split(".")[0] ?? ""));
  switch (type) {
    case "widget-design": {
      // The calculator's and the page's texts are the loyalty page's (N-10, N-20), edited under
      // their own types.
      const widget = widgetTranslationKeys.filter(
        (k) => !k.startsWith("calculator.") && !k.startsWith("page."),
      );
      return tab ? widget.filter((k) => tabOf(k) === tab) : widget;
    }
    case "point-calculator":
      return prefixed("calculator");
    case "loyalty-page":
      return prefixed("page");
    case "sign-up":
      return prefixed("guest", "join");
    case "redeem-inline":
      return prefixed("redeem", "reward");
    case "referral":
      return [
        ...prefixed("referral"),
        ...widgetTranslationKeys.filter(
          (k) => k.startsWith("message.referral") || k.startsWith("message.email"),
        ),
      ];
    default:
      return [];
  }
}

/** M-18: the placeholders a text uses (`{{loyalty_point}}`, `{{points}}`, …), from its default. */
export function placeholdersOf(key: WidgetTranslationKey): string[] {
  return [...widgetTranslationDefaults[key].matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => `{{${m[1]}}}`);
}

/** M-15: a field matches a search by its label, key, current value or placeholder. */
export function matches(key: WidgetTranslationKey, value: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [key, widgetTranslationDefaults[key], value].some((s) => s.toLowerCase().includes(needle));
}

/** How much of a language is translated, by the shop or by Laurel (English is complete: the defaults). */
export function completenessOf(
  language: string,
  texts: Record<string, string> | undefined,
  shipped: Record<string, string> = {},
): number {
  if (language.toLowerCase().split("-")[0] === "en") return 100;
  // A key is translated when the shop wrote it or Laurel ships it in this language (decision 0179).
  const own = widgetTranslationKeys.filter(
    (k) => (texts?.[k] ?? "").trim() !== "" || (shipped[k] ?? "") !== "",
  ).length;
  return Math.round((own / widgetTranslationKeys.length) * 100);
}

export const isWidgetTab = (v: string | null): v is WidgetTranslationTab =>
  v !== null && (widgetTranslationTabs as readonly string[]).includes(v);
