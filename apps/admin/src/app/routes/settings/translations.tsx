import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { TranslationEditor, TranslationList } from "../../../features/translations";
import { useAppPaths } from "../../../lib/routing";
import { ProgramNamesCard } from "./program-names-card";

/**
 * `/translations` (the translation list) and `/settings/translations/editor` (the editor; M-12,
 * back to `/settings?type=translations`). Area M, issue 11.
 */
export default function TranslationsScreen() {
  const { t } = useTranslation();
  const { path, href } = useAppPaths();
  if (path === "/settings/translations/editor") {
    return <TranslationEditor backUrl={`${href("/settings")}?type=translations`} />;
  }
  return (
    <Page
      title={t("translationsEditor.listTitle")}
      backAction={{ content: t("notifications.settings.title"), url: href("/settings") }}
    >
      <TranslationList href={href} />
      <ProgramNamesCard />
    </Page>
  );
}
