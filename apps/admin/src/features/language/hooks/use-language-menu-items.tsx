import { type ActionListItemDescriptor, Icon } from "@shopify/polaris";
import { CheckIcon } from "@shopify/polaris-icons";
import { useTranslation } from "react-i18next";
import { adminLanguages, currentLanguage } from "../../../lib/i18n/i18n";
import { useChangeLanguage } from "./use-change-language";

/**
 * The 8 admin languages as menu items (flag, native name; the English name for screen readers),
 * the current one marked. Choosing one switches and saves it.
 */
export function useLanguageMenuItems(): ActionListItemDescriptor[] {
  // useTranslation re-renders the caller when the language changes.
  const { t } = useTranslation();
  const change = useChangeLanguage({ saveToShop: true });
  const current = currentLanguage();
  return adminLanguages.map((language) => {
    const active = language.code === current;
    return {
      id: `language-${language.code}`,
      content: language.nativeName,
      prefix: (
        <span aria-hidden="true" style={{ fontSize: "1.1em" }}>
          {language.flag}
        </span>
      ),
      suffix: active ? <Icon source={CheckIcon} accessibilityLabel={t("language.current")} /> : undefined,
      active,
      accessibilityLabel: t("language.switchTo", { language: `${language.nativeName} (${language.name})` }),
      onAction: () => void change(language.code),
    };
  });
}
