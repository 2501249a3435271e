import type { AnalyticsReport } from "@laurel/contracts";
import { BlockStack, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { AnalyticsReportView, WeeklyReportCard } from "../../../features/analytics";
import { useAppPaths } from "../../../lib/routing";

const PAGES: Record<string, AnalyticsReport> = {
  "/analytics": "overview",
  "/analytics/loyalty-programs": "loyalty-programs",
  "/analytics/point": "point",
  "/analytics/member": "member",
  "/analytics/referral": "referral",
};
const SUB_PAGES: AnalyticsReport[] = ["loyalty-programs", "point", "member", "referral"];

/** /analytics and its pages (K-06, issue 13): one report each, over the shop's daily rollups. */
export default function AnalyticsScreen() {
  const { t } = useTranslation();
  const { path, href } = useAppPaths();
  const report = PAGES[path] ?? "overview";
  return (
    <Page
      fullWidth
      title={t(`analytics.pages.${report}`)}
      {...(report === "overview"
        ? {
            secondaryActions: SUB_PAGES.map((p) => ({
              content: t(`analytics.pages.${p}`),
              url: href(`/analytics/${p}`),
            })),
          }
        : { backAction: { content: t("analytics.pages.overview"), url: href("/analytics") } })}
    >
      <BlockStack gap="400">
        <AnalyticsReportView key={report} report={report} href={href} />
        {report === "overview" ? <WeeklyReportCard /> : null}
      </BlockStack>
    </Page>
  );
}
