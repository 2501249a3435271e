import { BlockStack, Card, Layout, Link, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { DevZoneShopList, useImpersonate } from "../../../features/dev-zone";
import { useAppPaths } from "../../../lib/routing";
import { devZoneTools } from "../../route-table";
import { useDevZoneShopList } from "./outlet";

/** /dev_zone: every shop with 'Impersonate', and the internal tools. */
export default function DevZoneShopsScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const shops = useDevZoneShopList();
  const { impersonate, pendingShopId } = useImpersonate(href("/"));

  return (
    <Page title={t("devZone.title")} subtitle={t("devZone.subtitle")}>
      <Layout>
        <Layout.Section>
          <DevZoneShopList
            shops={shops}
            onImpersonate={(id) => void impersonate(id)}
            pendingShopId={pendingShopId}
          />
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                {t("devZone.toolsTitle")}
              </Text>
              <ul style={{ margin: 0, paddingInlineStart: "var(--p-space-400)" }}>
                {devZoneTools.map((tool) => (
                  <li key={tool.path}>
                    <Link url={href(`/dev_zone/${tool.path}`)}>{t(`devZone.tools.${tool.key}`)}</Link>
                  </li>
                ))}
              </ul>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
