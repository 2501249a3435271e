import type { Shop, ShopInfo } from "@laurel/contracts";
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { planDisplayName } from "../../../lib/plans";

export interface ShopOverviewProps {
  shop: Pick<
    Shop,
    "name" | "shopifyDomain" | "plan" | "monthlyOrderCount" | "last30DayOrdersCount" | "countCustomer"
  >;
  shopInfo: Pick<ShopInfo, "currency" | "ianaTimezone">;
  /** From GET /shopify/checkSupportAppBlock; null when the check failed. */
  isThemeOS2: boolean | null;
}

/** The dashboard's facts about the shop, all as the server reported them — nothing estimated. */
export function ShopOverview({ shop, shopInfo, isThemeOS2 }: ShopOverviewProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const facts: { label: string; value: string; id: string }[] = [
    { id: "plan", label: t("dashboard.plan"), value: planDisplayName(shop.plan) },
    {
      id: "monthlyOrders",
      label: t("dashboard.monthlyOrders"),
      value: number.format(shop.monthlyOrderCount),
    },
    {
      id: "last30DayOrders",
      label: t("dashboard.last30DayOrders"),
      value: number.format(shop.last30DayOrdersCount),
    },
    { id: "customers", label: t("dashboard.customers"), value: number.format(shop.countCustomer) },
  ];
  const theme =
    isThemeOS2 === null
      ? t("dashboard.themeUnknown")
      : isThemeOS2
        ? t("dashboard.themeYes")
        : t("dashboard.themeNo");

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {shop.name}
          </Text>
          <Text as="p" tone="subdued">
            {shop.shopifyDomain} · {shopInfo.currency} · {shopInfo.ianaTimezone}
          </Text>
        </BlockStack>
        <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
          {facts.map((fact) => (
            <BlockStack gap="100" key={fact.id}>
              <Text as="p" variant="bodySm" tone="subdued">
                {fact.label}
              </Text>
              <Text as="p" variant="headingLg" numeric>
                <span data-testid={`fact-${fact.id}`}>{fact.value}</span>
              </Text>
            </BlockStack>
          ))}
        </InlineGrid>
        <Text as="p" tone="subdued">
          {t("dashboard.themeAppBlocks")}: {theme}
        </Text>
      </BlockStack>
    </Card>
  );
}
