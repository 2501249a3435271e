import { Banner, BlockStack, Card, Layout, Page, SkeletonBodyText, Tabs } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAppPaths } from "../../../lib/routing";
import { useTierProgram } from "../api/get-tier-program";
import { MembershipCards } from "./membership-cards";
import { StuckTierCouponsBanner, StuckTierCouponsCard, useStuckCouponsView } from "./stuck-tier-coupons";
import { TierDesignCard } from "./tier-design-card";
import { TierLifecycleCard } from "./tier-lifecycle-card";
import { TierListCard } from "./tier-list-card";
import { TierNotificationCard } from "./tier-notification-card";
import { TierRunHistory } from "./tier-run-history";
import { TierSettingsForm } from "./tier-settings-form";

/**
 * I-03: the tabs of `/membership/vip` (in the URL, `?tab=`). Assessment and Tier demotion are
 * sections of the one settings form (General settings), which is saved and locked as a whole (I-12).
 */
const VIP_TABS = ["general", "tiers", "design", "notification", "launch"] as const;
type VipTab = (typeof VIP_TABS)[number];

/**
 * `/membership` and `/membership/vip` (I-01, I-03): VIP tiers — the lifecycle with preview and
 * progress, the ladder, and the calculation settings; `/membership` adds the other membership cards.
 * Both warn of tier coupons the platform could not make and open their list (decision 0173).
 */
export function VipTiersView({ overview }: { overview: boolean }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const program = useTierProgram();
  const stuckCoupons = useStuckCouponsView();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab") as VipTab | null;
  const tab: VipTab = asked && VIP_TABS.includes(asked) ? asked : "general";

  let content: React.ReactNode;
  if (stuckCoupons.open) {
    content = <StuckTierCouponsCard />;
  } else if (program.isPending) {
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
  } else if (overview) {
    content = (
      <BlockStack gap="400">
        <TierLifecycleCard program={program.data} />
        <TierListCard program={program.data} />
        <TierSettingsForm program={program.data} />
        <TierRunHistory />
      </BlockStack>
    );
  } else {
    content = (
      <BlockStack gap="400">
        <Tabs
          tabs={VIP_TABS.map((id) => ({ id: `vip-${id}`, content: t(`membershipMore.vipTabs.${id}`) }))}
          selected={VIP_TABS.indexOf(tab)}
          onSelect={(i) => setParams(i === 0 ? {} : { tab: VIP_TABS[i] ?? "general" }, { replace: true })}
        />
        {tab === "general" && <TierSettingsForm program={program.data} />}
        {tab === "tiers" && <TierListCard program={program.data} />}
        {tab === "design" && <TierDesignCard />}
        {tab === "notification" && <TierNotificationCard program={program.data} />}
        {tab === "launch" && (
          <>
            <TierLifecycleCard program={program.data} />
            <TierRunHistory />
          </>
        )}
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
        <Layout.Section>
          <BlockStack gap="400">
            <StuckTierCouponsBanner />
            {content}
          </BlockStack>
        </Layout.Section>
        {overview && (
          <Layout.Section>
            <MembershipCards />
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}
