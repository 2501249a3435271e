import { Layout, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { DashboardFigures } from "../../../features/analytics";
import { QuickSetupCard, ShopOverview } from "../../../features/dashboard";
import { usePutShop } from "../../../features/shop";
import { useAppPaths } from "../../../lib/routing";
import { useEditToast } from "../../../lib/toast-helpers";
import { useShell } from "../../shell/shell-context";

/** / and /home: the Dashboard — the shop's real facts and, until dismissed, the quick-setup card. */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const { shop, shopInfo, isThemeOS2 } = useShell();
  const { href } = useAppPaths();
  const putShop = usePutShop();
  const runEdit = useEditToast();

  return (
    <Page title={t("dashboard.title")}>
      <Layout>
        {shop.isDismissQuickSetup ? null : (
          <Layout.Section>
            <QuickSetupCard
              setupUrl={href("/set-up")}
              dismissing={putShop.isPending}
              onDismiss={() => void runEdit(() => putShop.mutateAsync({ isDismissQuickSetup: true }))}
            />
          </Layout.Section>
        )}
        <Layout.Section>
          <ShopOverview shop={shop} shopInfo={shopInfo} isThemeOS2={isThemeOS2} />
        </Layout.Section>
        <DashboardFigures href={href} />
      </Layout>
    </Page>
  );
}
