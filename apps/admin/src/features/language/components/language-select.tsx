import { Select } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { adminLanguages, currentLanguage, isAdminLanguage } from "../../../lib/i18n/i18n";
import { useChangeLanguage } from "../hooks/use-change-language";

/**
 * A labelled language picker (flag + native name). `saveToShop` also saves the choice to the shop;
 * without a session (the sign-in page) it is only applied and remembered.
 */
export function LanguageSelect({ saveToShop }: { saveToShop: boolean }) {
  const { t, i18n } = useTranslation();
  const change = useChangeLanguage({ saveToShop });
  const value = isAdminLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <Select
      label={t("language.label")}
      options={adminLanguages.map((l) => ({ value: l.code, label: `${l.flag} ${l.nativeName}` }))}
      value={value}
      onChange={(code) => {
        if (isAdminLanguage(code)) void change(code);
      }}
    />
  );
}
