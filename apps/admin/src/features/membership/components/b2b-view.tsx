import { Badge, Banner, BlockStack, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useAppPaths } from "../../../lib/routing";
import { MembershipOverviewGate } from "./membership-overview-gate";

/**
 * `/wholesale/vip` and `/wholesale/privileges/:id` (I-19 … I-21, X-22): B2B partner tiers and their
 * privileges. They need Laurel's Advanced plan AND a Shopify Plus store AND the B2B access scopes;
 * the page shows each requirement and whether the shop meets it. Until all are met nothing can be
 * set up (the platform's companies exist only on Plus), so nothing is offered that would not work.
 */
export function B2bScreen({ privileges }: { privileges: boolean }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const title = privileges ? t("membershipMore.b2b.privilegesTitle") : t("membership.cards.b2b.title");
  const back = privileges
    ? { content: t("membership.cards.b2b.title"), url: href("/wholesale/vip") }
    : { content: t("membership.title"), url: href("/membership") };
  const content = (
    <MembershipOverviewGate skeletonLines={5}>
      {(overview) => {
        const { available, requirements } = overview.b2b;
        return (
          <BlockStack gap="400">
            <Banner
              tone={available ? "success" : "warning"}
              title={t(available ? "membershipMore.b2b.readyTitle" : "membershipMore.b2b.blockedTitle")}
            >
              <p>{t(available ? "membershipMore.b2b.readyBody" : "membershipMore.b2b.blockedBody")}</p>
            </Banner>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t("membershipMore.b2b.requirements")}
                </Text>
                {requirements.map((r) => (
                  <InlineStack key={r.key} align="space-between" blockAlign="center">
                    <BlockStack gap="050">
                      <Text as="p" fontWeight="semibold">
                        {t(`membershipMore.b2b.requirement.${r.key}`)}
                      </Text>
                      <Text as="p" tone="subdued">
                        {r.needs}
                      </Text>
                    </BlockStack>
                    <div data-testid={`b2b-${r.key}`}>
                      <Badge tone={r.met ? "success" : "critical"}>
                        {t(r.met ? "membershipMore.b2b.met" : "membershipMore.b2b.notMet")}
                      </Badge>
                    </div>
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {t("membershipMore.b2b.whatTitle")}
                </Text>
                <Text as="p">{t("membershipMore.b2b.what")}</Text>
                <Text as="p" tone="subdued">
                  {t("membershipMore.b2b.tabs")}
                </Text>
              </BlockStack>
            </Card>
          </BlockStack>
        );
      }}
    </MembershipOverviewGate>
  );
  return (
    <Page title={title} backAction={back}>
      <Layout>
        <Layout.Section>{content}</Layout.Section>
      </Layout>
    </Page>
  );
}
