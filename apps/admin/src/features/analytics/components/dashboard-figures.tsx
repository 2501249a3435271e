import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  ProgressBar,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useDashboard } from "../api/get-dashboard";
import { formatFigure } from "../utils/format";
import { FigureGrid } from "./figure-grid";

/**
 * The dashboard's answer to "is this working?" (A-05, B, issue 13): this cycle's orders against the
 * plan's limit, the points liability, the last 30 days against the 30 before, program health, and
 * quick links. Each section has its loading and error state; the rest of the dashboard stands.
 */
export function DashboardFigures({ href }: { href: (path: string) => string }) {
  const { t, i18n } = useTranslation();
  const dash = useDashboard();
  if (dash.isPending) {
    return (
      <Layout.Section>
        <Card>
          <div aria-busy="true" data-testid="dashboard-loading">
            <SkeletonBodyText lines={6} />
          </div>
        </Card>
      </Layout.Section>
    );
  }
  if (dash.isError || !dash.data) {
    return (
      <Layout.Section>
        <Banner
          tone="critical"
          title={t("analytics.dashboard.loadError")}
          action={{ content: t("analytics.tryAgain"), onAction: () => void dash.refetch() }}
        />
      </Layout.Section>
    );
  }
  const d = dash.data;
  const n = (v: number | null) => formatFigure(v, "number", i18n.language, d.currency);
  const share = d.plan.limit ? Math.min(100, (100 * d.plan.ordersThisCycle) / d.plan.limit) : 0;
  const liabilityTotal = d.liability.points + d.liability.pendingPoints + d.liability.unusedCouponPoints;
  return (
    <>
      <Layout.Section>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("analytics.dashboard.planUsage")}
              </Text>
              <Text as="p" variant="headingLg" numeric>
                <span data-testid="dashboard-orders-cycle">
                  {t("analytics.dashboard.ordersOfLimit", {
                    orders: n(d.plan.ordersThisCycle),
                    limit: n(d.plan.limit),
                  })}
                </span>
              </Text>
              <ProgressBar
                progress={share}
                tone={
                  d.plan.status === "reached"
                    ? "critical"
                    : d.plan.status === "warning"
                      ? "highlight"
                      : "primary"
                }
                size="small"
              />
              <Text as="p" tone="subdued">
                {t(`analytics.dashboard.planStatus.${d.plan.status}`)}
              </Text>
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("analytics.dashboard.liability")}
              </Text>
              <Text as="p" variant="headingLg" numeric>
                <span data-testid="dashboard-liability-points">
                  {formatFigure(liabilityTotal, "points", i18n.language, d.currency)}
                </span>
                {d.liability.valueMinor !== null ? (
                  <Text as="span" tone="subdued">
                    {" "}
                    ({formatFigure(d.liability.valueMinor, "money", i18n.language, d.currency)})
                  </Text>
                ) : null}
              </Text>
              <Text as="p" tone="subdued">
                {t("analytics.dashboard.liabilityParts", {
                  available: n(d.liability.points),
                  pending: n(d.liability.pendingPoints),
                  coupons: n(d.liability.unusedCoupons),
                  couponPoints: n(d.liability.unusedCouponPoints),
                })}
              </Text>
              {d.liability.expectedBreakagePoints !== null ? (
                <Text as="p" tone="subdued">
                  {t("analytics.dashboard.breakage", { points: n(d.liability.expectedBreakagePoints) })}
                </Text>
              ) : null}
            </BlockStack>
          </Card>
        </InlineGrid>
      </Layout.Section>
      <Layout.Section>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {t("analytics.dashboard.last30Days")}
            </Text>
            <Button variant="plain" url={href("/analytics")}>
              {t("analytics.dashboard.openAnalytics")}
            </Button>
          </InlineStack>
          <FigureGrid figures={d.last30Days} currency={d.currency} href={href} />
        </BlockStack>
      </Layout.Section>
      <Layout.Section>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("analytics.dashboard.health")}
              </Text>
              <Text as="p">
                <span data-testid="dashboard-programs-on">
                  {t("analytics.dashboard.programsOn", {
                    on: n(d.health.programsOn),
                    total: n(d.health.programsTotal),
                  })}
                </span>
              </Text>
              <Text as="p">
                {t("analytics.dashboard.membersJoined", { count: d.health.membersJoined7Days })}
              </Text>
              <Text as="p" tone={d.health.ordersNotRewarded7Days > 0 ? "caution" : undefined}>
                {t("analytics.dashboard.notRewarded", { count: d.health.ordersNotRewarded7Days })}
              </Text>
              {d.health.ordersNotRewarded7Days > 0 ? (
                <Button variant="plain" url={href("/programs")}>
                  {t("analytics.dashboard.whyNotAwarded")}
                </Button>
              ) : null}
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("analytics.dashboard.quickLinks")}
              </Text>
              <InlineStack gap="300" wrap>
                <Button url={href("/programs")}>{t("analytics.dashboard.links.programs")}</Button>
                <Button url={href("/customers")}>{t("analytics.dashboard.links.customers")}</Button>
                <Button url={href("/analytics/point")}>{t("analytics.dashboard.links.points")}</Button>
                <Button url={href("/customers/activity")}>{t("analytics.dashboard.links.activity")}</Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </InlineGrid>
      </Layout.Section>
    </>
  );
}
