import { Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { AreaUnavailable } from "../../../components/area-unavailable";
import { SupportTools } from "../../../features/dev-zone";
import { NotificationTool } from "../../../features/notifications";
import { useAppPaths } from "../../../lib/routing";
import type { DevZoneToolKey } from "../../route-table";
import { useDevZoneShopList } from "./outlet";

/**
 * /dev_zone/<tool> (P-01): internal tools; the notification tool (L-14) and the support tools
 * (P-10) are built, the others not yet.
 */
export default function DevZoneToolScreen({ tool }: { tool: DevZoneToolKey }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  if (tool === "notificationTool") return <NotificationToolScreen />;
  if (tool === "supportTools") return <SupportToolsScreen />;
  return <AreaUnavailable title={t(`devZone.tools.${tool}`)} backUrl={href("/dev_zone")} />;
}

function NotificationToolScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const shops = useDevZoneShopList();
  return (
    <Page
      title={t("devZone.tools.notificationTool")}
      backAction={{ content: t("devZone.title"), url: href("/dev_zone") }}
    >
      <NotificationTool shops={shops} />
    </Page>
  );
}

function SupportToolsScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const shops = useDevZoneShopList();
  return (
    <Page
      title={t("devZone.tools.supportTools")}
      backAction={{ content: t("devZone.title"), url: href("/dev_zone") }}
    >
      <SupportTools shops={shops} />
    </Page>
  );
}
