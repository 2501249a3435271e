import type { CustomerProfile } from "@laurel/contracts";
import { BlockStack, Card, InlineGrid, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useMemberTiers } from "../api/member-tiers";
import { formatMoney } from "../utils/format";

/** J-04 overview: balances, pending, lifetime earned and spent, orders, AOV; the tier when tiers exist. */
export function OverviewCard({ profile }: { profile: CustomerProfile }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const { customer, stats } = profile;
  const money = (minor: number) => formatMoney(minor, stats.currency, i18n.language);
  // The VIP tier in force, from the query the Tiers card shares (one request for both).
  const tiers = useMemberTiers(customer.id);
  const vip = tiers.data?.programs.find((p) => p.program === "vip");
  const tier = tiers.isPending || tiers.isError ? "—" : (vip?.tierName ?? t("customers.overview.noTier"));
  const figures = [
    { id: "available", label: t("customers.overview.available"), value: n.format(customer.availablePoints) },
    { id: "pending", label: t("customers.overview.pending"), value: n.format(customer.pendingPoints) },
    { id: "earned", label: t("customers.overview.lifetimeEarned"), value: n.format(stats.lifetimeEarned) },
    { id: "spent", label: t("customers.overview.lifetimeSpent"), value: n.format(stats.lifetimeSpent) },
    { id: "orders", label: t("customers.overview.orders"), value: n.format(stats.ordersCount) },
    { id: "amount", label: t("customers.overview.amountSpent"), value: money(stats.amountSpentMinor) },
    { id: "aov", label: t("customers.overview.aov"), value: money(stats.averageOrderMinor) },
    { id: "tier", label: t("customers.overview.tier"), value: tier },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("customers.overview.title")}
        </Text>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="400">
          {figures.map((f) => (
            <BlockStack gap="100" key={f.id}>
              <Text as="span" tone="subdued" variant="bodySm">
                {f.label}
              </Text>
              <div data-testid={`overview-${f.id}`}>
                <Text as="span" variant="headingLg">
                  {f.value}
                </Text>
              </div>
            </BlockStack>
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
