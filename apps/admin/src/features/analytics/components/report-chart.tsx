import type { AnalyticsSeries } from "@laurel/contracts";
import { BlockStack, Button, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
import { LineChart, PolarisVizProvider } from "@shopify/polaris-viz";
import "@shopify/polaris-viz/build/esm/styles.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DateStyle, formatFigure, formatStoreDay } from "../utils/format";

/**
 * A report's daily series as a line chart (Shopify's Polaris Viz: keyboard and screen-reader
 * accessible) and, one click away, the same numbers as a table (decision 0091).
 */
export function ReportChart({
  title,
  series,
  currency,
  dateStyle,
}: {
  title: string;
  series: AnalyticsSeries[];
  currency: string;
  dateStyle: DateStyle;
}) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const day = (d: string) => formatStoreDay(d, dateStyle, i18n.language);
  const name = (key: string) => t(`analytics.figures.${key}`);
  const days = series[0]?.points.map((p) => p.day) ?? [];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          <Button variant="plain" onClick={() => setAsTable((v) => !v)} ariaExpanded={asTable}>
            {asTable ? t("analytics.chart.showChart") : t("analytics.chart.showTable")}
          </Button>
        </InlineStack>
        {asTable ? (
          <div data-testid="chart-table">
            <DataTable
              columnContentTypes={["text", ...series.map(() => "numeric" as const)]}
              headings={[t("analytics.chart.day"), ...series.map((s) => name(s.key))]}
              rows={days.map((d, i) => [
                day(d),
                ...series.map((s) =>
                  formatFigure(s.points[i]?.value ?? 0, s.format, i18n.language, currency),
                ),
              ])}
            />
          </div>
        ) : (
          <figure style={{ height: 260, margin: 0 }} data-testid="chart" aria-label={title}>
            <PolarisVizProvider>
              <LineChart
                theme="Light"
                isAnimated={false}
                data={series.map((s) => ({
                  name: name(s.key),
                  data: s.points.map((p) => ({ key: day(p.day), value: p.value })),
                }))}
                yAxisOptions={{
                  labelFormatter: (v) =>
                    formatFigure(Number(v ?? 0), series[0]?.format ?? "number", i18n.language, currency),
                }}
              />
            </PolarisVizProvider>
          </figure>
        )}
      </BlockStack>
    </Card>
  );
}
