import type { AdminCoupon } from "@laurel/contracts";
import { Banner, BlockStack, Box, Button, Card, IndexTable, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "../../../components/status-badge";
import { useCustomerCoupons } from "../api/get-customer-coupons";
import { formatDate } from "../utils/format";

/** J-02, H-11: the customer's coupons (code, order, expiry, used, revoke reason), with Revoke. */
export function CouponsCard({
  customerId,
  onRevoke,
}: {
  customerId: string;
  onRevoke: (c: AdminCoupon) => void;
}) {
  const { t, i18n } = useTranslation();
  const q = useCustomerCoupons(customerId);
  let body: React.ReactNode;
  if (q.isPending) body = <SkeletonBodyText lines={3} />;
  else if (q.isError) {
    body = (
      <Banner
        tone="critical"
        title={t("customers.coupons.loadError")}
        action={{ content: t("customers.common.tryAgain"), onAction: () => void q.refetch() }}
      />
    );
  } else if (q.data.length === 0)
    body = (
      <Text as="p" tone="subdued">
        {t("customers.coupons.empty")}
      </Text>
    );
  else {
    body = (
      <IndexTable
        selectable={false}
        itemCount={q.data.length}
        resourceName={{ singular: t("customers.coupons.one"), plural: t("customers.coupons.many") }}
        headings={[
          { title: t("customers.coupons.code") },
          { title: t("customers.coupons.reward") },
          { title: t("customers.coupons.status") },
          { title: t("customers.coupons.expires") },
          { title: t("customers.coupons.order") },
          { title: t("customers.coupons.revokeReason") },
          { title: t("customers.columns.actions") },
        ]}
      >
        {q.data.map((c, index) => (
          <IndexTable.Row id={c.id} key={c.id} position={index}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {c.code}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{c.title}</IndexTable.Cell>
            <IndexTable.Cell>
              <StatusBadge status={c.status} />
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDate(c.expiresAt, i18n.language)}</IndexTable.Cell>
            <IndexTable.Cell>{c.usedOrderId ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>{c.revokeReason ?? ""}</IndexTable.Cell>
            <IndexTable.Cell>
              {c.status === "available" ? (
                <Button size="slim" tone="critical" onClick={() => onRevoke(c)}>
                  {t("customers.coupons.revoke")}
                </Button>
              ) : null}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    );
  }
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("customers.coupons.title")}
        </Text>
        <Box>{body}</Box>
      </BlockStack>
    </Card>
  );
}
