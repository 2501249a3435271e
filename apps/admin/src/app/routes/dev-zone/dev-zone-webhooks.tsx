import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { WebhookLogView } from "../../../features/webhook-log";
import { useAppPaths } from "../../../lib/routing";
import { useDevZoneShopList } from "./outlet";

/** /dev_zone/webhooks_logs (P-01): recorded webhook deliveries, and "Process again" for failed ones. */
export default function DevZoneWebhooksScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const shops = useDevZoneShopList();
  return (
    <Page
      fullWidth
      title={t("devZone.tools.webhooksLogs")}
      subtitle={t("webhookLog.subtitle")}
      backAction={{ content: t("devZone.title"), url: href("/dev_zone") }}
    >
      <WebhookLogView shops={shops} />
    </Page>
  );
}
