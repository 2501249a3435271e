import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  List,
  Page,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useAppPaths } from "../../../lib/routing";
import { MembershipOverviewGate } from "./membership-overview-gate";

/**
 * `/membership/subscription` (I-24): the spec shows no fields; Laurel's proposal (decision 0117) is
 * a paid membership sold through a subscription app that grants a VIP tier or perks while it is
 * paid. Gated to Advanced. Nothing is configured here yet: the page says what it will do and how.
 */
export function SubscriptionScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const back = { content: t("membership.title"), url: href("/membership") };
  const content = (
    <MembershipOverviewGate skeletonLines={5}>
      {(overview) => {
        const { planAllowed, requiredPlan } = overview.subscription;
        return (
          <BlockStack gap="400">
            {!planAllowed && (
              <Banner
                tone="warning"
                title={t("membershipMore.subscription.planTitle", { plan: requiredPlan })}
              >
                <p>{t("membershipMore.subscription.planBody", { plan: requiredPlan })}</p>
              </Banner>
            )}
            <Card>
              <BlockStack gap="300">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    {t("membershipMore.subscription.howTitle")}
                  </Text>
                  <Badge>{t("membershipMore.cards.status.proposal")}</Badge>
                </InlineStack>
                <Text as="p">{t("membershipMore.subscription.body")}</Text>
                <List>
                  <List.Item>{t("membershipMore.subscription.step1")}</List.Item>
                  <List.Item>{t("membershipMore.subscription.step2")}</List.Item>
                  <List.Item>{t("membershipMore.subscription.step3")}</List.Item>
                </List>
                <Text as="p" tone="subdued">
                  {t("membershipMore.subscription.notYet")}
                </Text>
                <InlineStack gap="200">
                  <Button url={href("/integration")}>{t("membershipMore.subscription.apps")}</Button>
                  <Button url={href("/membership/vip")} variant="plain">
                    {t("membershipMore.subscription.tiers")}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Card>
          </BlockStack>
        );
      }}
    </MembershipOverviewGate>
  );
  return (
    <Page title={t("membership.cards.subscription.title")} backAction={back}>
      <Layout>
        <Layout.Section>{content}</Layout.Section>
      </Layout>
    </Page>
  );
}
