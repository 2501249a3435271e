import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { DevImportListView } from "../../../features/customer-imports";
import { useAppPaths } from "../../../lib/routing";

/** /dev_zone/import-file-manager (J-12): every shop's customer imports, for staff. */
export default function DevZoneImportsScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  return (
    <Page
      fullWidth
      title={t("devZone.tools.importFileManager")}
      backAction={{ content: t("devZone.title"), url: href("/dev_zone") }}
    >
      <DevImportListView />
    </Page>
  );
}
