import { Banner, BlockStack, Card, InlineGrid, Layout, Page, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useAppPaths } from "../../../lib/routing";
import { useTierProgram } from "../api/get-tier-program";
import { TierLifecycleCard } from "./tier-lifecycle-card";
import { TierListCard } from "./tier-list-card";
import { TierRunHistory } from "./tier-run-history";
import { TierSettingsForm } from "./tier-settings-form";

/** I-01: the other memberships, shown for what they are: not available yet. */
const otherMemberships = ["exclusiveDeal", "b2b", "subscription", "anniversary"] as const;

/**
 * `/membership` and `/membership/vip` (I-01, I-03): VIP tiers — the lifecycle with preview and
 * progress, the ladder, and the calculation settings; `/membership` adds the other membership cards.
 */
export function VipTiersView({ overview }: { overview: boolean }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const program = useTierProgram();

  let content: React.ReactNode;
  if (program.isPending) {
    content = (
      <Card>
        <div data-testid="tiers-skeleton">
          <SkeletonBodyText lines={8} />
        </div>
      </Card>
    );
  } else if (program.isError) {
    content = (
      <Banner
        tone="critical"
        title={t("membership.loadError")}
        action={{ content: t("membership.tryAgain"), onAction: () => void program.refetch() }}
      >
        <p data-testid="tiers-error">{program.error.message}</p>
      </Banner>
    );
  } else {
    content = (
      <BlockStack gap="400">
        <TierLifecycleCard program={program.data} />
        <TierListCard program={program.data} />
        <TierSettingsForm program={program.data} />
        <TierRunHistory />
      </BlockStack>
    );
  }

  return (
    <Page
      title={overview ? t("membership.title") : t("membership.vipTitle")}
      subtitle={t("membership.subtitle")}
      backAction={overview ? undefined : { content: t("membership.title"), url: href("/membership") }}
      primaryAction={{ content: t("membership.tiers.add"), url: href("/programs/tier/create") }}
    >
      <Layout>
        <Layout.Section>{content}</Layout.Section>
        {overview && (
          <Layout.Section>
            <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
              {otherMemberships.map((key) => (
                <Card key={key}>
                  <BlockStack gap="200">
                    <Text as="h3" variant="headingSm">
                      {t(`membership.cards.${key}.title`)}
                    </Text>
                    <Text as="p" tone="subdued">
                      {t(`membership.cards.${key}.body`)}
                    </Text>
                    <Text as="p" tone="subdued" variant="bodySm">
                      {t("membership.cards.notYet")}
                    </Text>
                  </BlockStack>
                </Card>
              ))}
            </InlineGrid>
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}
