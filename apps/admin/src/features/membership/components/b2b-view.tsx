import type { MembershipOverview } from "@laurel/contracts";
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  Tabs,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAppPaths } from "../../../lib/routing";
import { useMembershipOverview } from "../api/get-membership-overview";
import { useTierProgram } from "../api/get-tier-program";
import { TierProgramKindContext, tierPaths } from "../api/tier-program-kind";
import { TierEditor } from "./tier-editor";
import { TierLifecycleCard } from "./tier-lifecycle-card";
import { TierListCard } from "./tier-list-card";
import { TierRewardEditor } from "./tier-reward-editor";
import { TierRunHistory } from "./tier-run-history";
import { TierSettingsForm } from "./tier-settings-form";

/** I-03 for B2B partner tiers: the tabs of `/wholesale/vip` (in the URL, `?tab=`). */
const B2B_TABS = ["general", "tiers", "launch"] as const;
type B2bTab = (typeof B2B_TABS)[number];

function Skeleton({ testId }: { testId: string }) {
  return (
    <Card>
      <div data-testid={testId}>
        <SkeletonBodyText lines={6} />
      </div>
    </Card>
  );
}

/** I-21, X-22: each requirement and whether the shop meets it (decision 0117). */
function RequirementsCard({ b2b }: { b2b: MembershipOverview["b2b"] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("membershipMore.b2b.requirements")}
        </Text>
        {b2b.requirements.map((r) => (
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
  );
}

/** The B2B program's settings, tiers and lifecycle: the VIP tier cards over the `b2b` program. */
function B2bProgram() {
  const { t } = useTranslation();
  const program = useTierProgram();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab") as B2bTab | null;
  const tab: B2bTab = asked && B2B_TABS.includes(asked) ? asked : "general";
  if (program.isPending) return <Skeleton testId="b2b-tiers-skeleton" />;
  if (program.isError) {
    return (
      <Banner
        tone="critical"
        title={t("b2bTiers.loadError")}
        action={{ content: t("membership.tryAgain"), onAction: () => void program.refetch() }}
      >
        <p data-testid="b2b-tiers-error">{program.error.message}</p>
      </Banner>
    );
  }
  return (
    <BlockStack gap="400">
      <Tabs
        tabs={B2B_TABS.map((id) => ({ id: `b2b-${id}`, content: t(`b2bTiers.tabs.${id}`) }))}
        selected={B2B_TABS.indexOf(tab)}
        onSelect={(i) => setParams(i === 0 ? {} : { tab: B2B_TABS[i] ?? "general" }, { replace: true })}
      />
      {tab === "general" && <TierSettingsForm program={program.data} />}
      {tab === "tiers" && <TierListCard program={program.data} />}
      {tab === "launch" && (
        <>
          <TierLifecycleCard program={program.data} />
          <TierRunHistory />
        </>
      )}
    </BlockStack>
  );
}

/**
 * `/wholesale/vip` (I-19 … I-21, X-22; decision 0174): B2B partner tiers. They need Laurel's
 * Advanced plan AND a Shopify Plus store AND the B2B access scopes; until all are met the page shows
 * each requirement and what B2B tiers will do, and nothing that would not work. Once met, the
 * settings, tiers and launch of the B2B program, which company members climb by their orders.
 */
export function B2bScreen() {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const overview = useMembershipOverview();
  let content: React.ReactNode;
  if (overview.isPending) {
    content = <Skeleton testId="b2b-skeleton" />;
  } else if (overview.isError) {
    content = (
      <Banner
        tone="critical"
        title={t("membershipMore.cards.loadError")}
        action={{ content: t("membership.tryAgain"), onAction: () => void overview.refetch() }}
      >
        <p>{overview.error.message}</p>
      </Banner>
    );
  } else if (!overview.data.b2b.available) {
    content = (
      <BlockStack gap="400">
        <Banner tone="warning" title={t("membershipMore.b2b.blockedTitle")}>
          <p>{t("membershipMore.b2b.blockedBody")}</p>
        </Banner>
        <RequirementsCard b2b={overview.data.b2b} />
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("membershipMore.b2b.whatTitle")}
            </Text>
            <Text as="p">{t("membershipMore.b2b.what")}</Text>
          </BlockStack>
        </Card>
      </BlockStack>
    );
  } else {
    content = <B2bProgram />;
  }
  const available = overview.data?.b2b.available === true;
  return (
    <TierProgramKindContext.Provider value="b2b">
      <Page
        title={t("membership.cards.b2b.title")}
        subtitle={t("b2bTiers.subtitle")}
        backAction={{ content: t("membership.title"), url: href("/membership") }}
        primaryAction={
          available ? { content: t("b2bTiers.add"), url: href(tierPaths("b2b").create) } : undefined
        }
      >
        <Layout>
          <Layout.Section>{content}</Layout.Section>
        </Layout>
      </Page>
    </TierProgramKindContext.Provider>
  );
}

/**
 * `/wholesale/privileges/:id` (I-19): a B2B partner tier's privileges (entry points, tier-up coupon,
 * pre-tier reward), `?tab=tier` its fields (name, milestone, card colour, perks), and `create` a new
 * tier: the VIP tier editors over the `b2b` program. Behind the same requirements as the list.
 */
export function B2bPrivilegesScreen({ tierId }: { tierId: string }) {
  const { t } = useTranslation();
  const { href } = useAppPaths();
  const overview = useMembershipOverview();
  const [params] = useSearchParams();
  let content: React.ReactNode;
  if (overview.isPending || overview.isError || !overview.data.b2b.available) {
    content = (
      <Page
        title={t("membershipMore.b2b.privilegesTitle")}
        backAction={{ content: t("membership.cards.b2b.title"), url: href("/wholesale/vip") }}
      >
        {overview.isPending ? (
          <Skeleton testId="b2b-skeleton" />
        ) : overview.isError ? (
          <Banner
            tone="critical"
            title={t("membershipMore.cards.loadError")}
            action={{ content: t("membership.tryAgain"), onAction: () => void overview.refetch() }}
          >
            <p>{overview.error.message}</p>
          </Banner>
        ) : (
          <BlockStack gap="400">
            <Banner tone="warning" title={t("membershipMore.b2b.blockedTitle")}>
              <p>{t("membershipMore.b2b.blockedBody")}</p>
            </Banner>
            <RequirementsCard b2b={overview.data.b2b} />
          </BlockStack>
        )}
      </Page>
    );
  } else if (tierId === "create") {
    content = <TierEditor tierId={null} />;
  } else if (params.get("tab") === "tier") {
    content = <TierEditor tierId={tierId} />;
  } else {
    content = <TierRewardEditor tierId={tierId} />;
  }
  return <TierProgramKindContext.Provider value="b2b">{content}</TierProgramKindContext.Provider>;
}
