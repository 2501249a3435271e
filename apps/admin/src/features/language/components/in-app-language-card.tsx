import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { adminLanguages, currentLanguage } from "../../../lib/i18n/i18n";
import { LanguageSelect } from "./language-select";

/**
 * M-20 / A-18 / A-19: the In-app languages section of `/settings`. The 8 admin languages, the
 * current one named; choosing another applies it at once (no reload), saves it to the shop
 * (`settings.primaryLanguageInApp`) and remembers it in this browser, as the account menu does.
 */
export function InAppLanguageCard() {
  const { t } = useTranslation();
  const code = currentLanguage();
  const current = adminLanguages.find((l) => l.code === code);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="p">
          {t("language.sectionCurrent", {
            language: current ? `${current.flag} ${current.nativeName}` : code,
          })}
        </Text>
        <LanguageSelect saveToShop />
        <Text as="p" tone="subdued">
          {t("language.sectionHelp")}
        </Text>
      </BlockStack>
    </Card>
  );
}
