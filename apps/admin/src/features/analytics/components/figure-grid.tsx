import type { AnalyticsFigure } from "@laurel/contracts";
import { Badge, BlockStack, Card, InlineGrid, InlineStack, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { formatChange, formatFigure } from "../utils/format";

/** Figures that are better when lower (a rise is shown as a warning). */
const lowerIsBetter = new Set(["pointsExpired", "pointsReversed", "referralsCanceled"]);

/**
 * The figures of a report, each with its previous period's value and the change, and a link to
 * the ledger entries it sums where there is one (K-07; every figure traceable).
 */
export function FigureGrid({
  figures,
  currency,
  href,
}: {
  figures: AnalyticsFigure[];
  currency: string;
  href: (path: string) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
      {figures.map((f) => {
        const change = formatChange(f.change, i18n.language);
        const up = (f.change ?? 0) > 0;
        const good = lowerIsBetter.has(f.key) ? !up : up;
        return (
          <Card key={f.key}>
            <BlockStack gap="100">
              <Text as="h3" variant="bodySm" tone="subdued">
                {t(`analytics.figures.${f.key}`)}
              </Text>
              <InlineStack gap="200" blockAlign="center">
                <Text as="p" variant="headingLg" numeric>
                  <span data-testid={`figure-${f.key}`}>
                    {formatFigure(f.value, f.format, i18n.language, currency)}
                  </span>
                </Text>
                {change ? (
                  <Badge tone={f.change === 0 ? undefined : good ? "success" : "warning"}>{change}</Badge>
                ) : null}
              </InlineStack>
              <Text as="p" variant="bodySm" tone="subdued">
                {t("analytics.previous", {
                  value: formatFigure(f.previous, f.format, i18n.language, currency),
                })}
              </Text>
              {f.link ? (
                <Link url={href(f.link)} removeUnderline>
                  {t("analytics.seeEntries")}
                </Link>
              ) : null}
            </BlockStack>
          </Card>
        );
      })}
    </InlineGrid>
  );
}
