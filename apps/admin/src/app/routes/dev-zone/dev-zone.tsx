import { Banner, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ScreenSkeleton } from "../../../components/skeletons";
import { useDevZoneShops } from "../../../features/dev-zone";

/**
 * /dev_zone and its sub-pages. Access is the server's decision: the shop list doubles as the
 * check, and a refusal (403 `staff_only`) shows the server's message instead of any page.
 */
export default function DevZoneScreen() {
  const { t } = useTranslation();
  const shops = useDevZoneShops();
  if (shops.isPending) return <ScreenSkeleton title={t("devZone.title")} />;
  if (shops.isError) {
    return (
      <Page title={t("devZone.title")}>
        <Banner tone="critical" title={t("devZone.noAccess")}>
          <p data-testid="dev-zone-error">{shops.error.message}</p>
        </Banner>
      </Page>
    );
  }
  return <Outlet context={shops.data} />;
}
