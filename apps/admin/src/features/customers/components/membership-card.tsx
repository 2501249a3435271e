import type { CustomerSummary } from "@laurel/contracts";
import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "../../../components/status-badge";
import { formatDate } from "../utils/format";

/** J-04 membership details: type, joined, customer since, platform id, last update and its source. */
export function MembershipCard({ customer }: { customer: CustomerSummary }) {
  const { t, i18n } = useTranslation();
  const rows = [
    {
      id: "joined",
      label: t("customers.membership.joined"),
      value: formatDate(customer.joinedAt, i18n.language),
    },
    {
      id: "since",
      label: t("customers.membership.since"),
      value: formatDate(customer.createdAt, i18n.language),
    },
    { id: "platformId", label: t("customers.membership.platformId"), value: customer.platformCustomerId },
    {
      id: "updated",
      label: t("customers.membership.lastUpdate"),
      value: `${formatDate(customer.updatedAt, i18n.language)}${
        customer.updatedSource
          ? ` · ${t(`customers.sources.${customer.updatedSource}`, { defaultValue: customer.updatedSource })}`
          : ""
      }`,
    },
  ];
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("customers.membership.title")}
          </Text>
          <StatusBadge status={customer.type} />
        </InlineStack>
        {customer.leftReason ? (
          <Text as="p" tone="subdued">
            {t(`customers.membership.leftReason.${customer.leftReason}`)}
          </Text>
        ) : null}
        {customer.isB2b ? <Text as="p">{t("customers.membership.b2b")}</Text> : null}
        {rows.map((r) => (
          <BlockStack gap="050" key={r.id}>
            <Text as="span" tone="subdued" variant="bodySm">
              {r.label}
            </Text>
            <Text as="span">{r.value}</Text>
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}
