import type { AnalyticsReportResponse } from "@laurel/contracts";
import { BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { formatChange, formatFigure } from "../utils/format";

type Incrementality = NonNullable<AnalyticsReportResponse["incrementality"]>;

/**
 * Members vs comparable non-members (decision 0162): repeat rate and average spend side by side,
 * with the sample sizes, stated as an observational estimate. Empty when no group has both sides.
 */
export function IncrementalityCard({ data, currency }: { data: Incrementality; currency: string }) {
  const { t, i18n } = useTranslation();
  const f = (v: number | null, format: "number" | "percent" | "money") =>
    formatFigure(v, format, i18n.language, currency);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("analytics.incrementality.title")}
        </Text>
        {data.members === 0 ? (
          <Text as="p" tone="subdued">
            {t("analytics.incrementality.empty")}
          </Text>
        ) : (
          <div data-testid="incrementality">
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric"]}
              headings={[
                "",
                t("analytics.incrementality.members"),
                t("analytics.incrementality.nonMembers"),
                t("analytics.incrementality.difference"),
              ]}
              rows={[
                [
                  t("analytics.incrementality.customers"),
                  f(data.members, "number"),
                  f(data.nonMembers, "number"),
                  "",
                ],
                [
                  t("analytics.incrementality.repeatRate"),
                  f(data.memberRepeatRate, "percent"),
                  f(data.nonMemberRepeatRate, "percent"),
                  data.repeatRateLift === null
                    ? "—"
                    : t("analytics.incrementality.points", {
                        value: new Intl.NumberFormat(i18n.language, {
                          maximumFractionDigits: 1,
                          signDisplay: "exceptZero",
                        }).format(data.repeatRateLift * 100),
                      }),
                ],
                [
                  t("analytics.incrementality.averageSpend"),
                  f(data.memberAverageSpendMinor, "money"),
                  f(data.nonMemberAverageSpendMinor, "money"),
                  formatChange(data.spendLift, i18n.language) ?? "—",
                ],
              ]}
            />
          </div>
        )}
        <Text as="p" tone="subdued">
          {t("analytics.incrementality.note", { unmatched: f(data.unmatchedMembers, "number") })}
        </Text>
      </BlockStack>
    </Card>
  );
}
