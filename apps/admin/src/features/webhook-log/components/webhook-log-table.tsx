import type { WebhookDeliverySummary } from "@laurel/contracts";
import { Button, IndexTable, InlineStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DeliveryRef } from "../api/post-webhook-retry";
import { formatDeliveryTime } from "../utils/format";
import { DeliveryStatus } from "./delivery-status";

export interface WebhookLogTableProps {
  deliveries: WebhookDeliverySummary[];
  loading: boolean;
  emptyState: ReactNode;
  onOpen: (ref: DeliveryRef) => void;
  onRetry: (ref: DeliveryRef) => void;
  pagination: { hasNext: boolean; hasPrevious: boolean; onNext: () => void; onPrevious: () => void };
}

/** One row per recorded delivery; the error is cut to one line here and shown whole in the detail. */
export function WebhookLogTable({
  deliveries,
  loading,
  emptyState,
  onOpen,
  onRetry,
  pagination,
}: WebhookLogTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <IndexTable
      selectable={false}
      loading={loading}
      itemCount={deliveries.length}
      emptyState={emptyState}
      resourceName={{ singular: t("webhookLog.delivery"), plural: t("webhookLog.deliveries") }}
      headings={[
        { title: t("webhookLog.columns.shop") },
        { title: t("webhookLog.columns.topic") },
        { title: t("webhookLog.columns.status") },
        { title: t("webhookLog.columns.attempts"), alignment: "end" },
        { title: t("webhookLog.columns.error") },
        { title: t("webhookLog.columns.receivedAt") },
        { title: t("webhookLog.columns.processedAt") },
        { title: t("webhookLog.columns.actions") },
      ]}
      pagination={pagination}
    >
      {deliveries.map((d, index) => {
        const ref = { shopId: d.shopId, webhookId: d.webhookId };
        return (
          <IndexTable.Row
            id={`${d.shopId}/${d.webhookId}`}
            key={`${d.shopId}/${d.webhookId}`}
            position={index}
          >
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {d.shopName}
              </Text>
              <Text as="p" tone="subdued" variant="bodySm">
                {d.shopDomain}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{d.topic}</IndexTable.Cell>
            <IndexTable.Cell>
              <DeliveryStatus status={d.status} duplicates={d.duplicates} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {d.attempts}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <div style={{ maxWidth: "12rem" }} title={d.lastError ?? undefined}>
                <Text as="span" tone="critical" truncate>
                  {d.lastError ?? ""}
                </Text>
              </div>
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDeliveryTime(d.receivedAt, i18n.language, "short")}</IndexTable.Cell>
            <IndexTable.Cell>{formatDeliveryTime(d.processedAt, i18n.language, "short")}</IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="200" wrap={false}>
                <Button
                  size="slim"
                  onClick={() => onOpen(ref)}
                  accessibilityLabel={t("webhookLog.viewDelivery", { topic: d.topic, id: d.webhookId })}
                >
                  {t("webhookLog.view")}
                </Button>
                {d.status === "failed" ? (
                  <Button
                    size="slim"
                    variant="primary"
                    onClick={() => onRetry(ref)}
                    accessibilityLabel={t("webhookLog.retry.labelFor", { topic: d.topic, id: d.webhookId })}
                  >
                    {t("webhookLog.retry.action")}
                  </Button>
                ) : null}
              </InlineStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        );
      })}
    </IndexTable>
  );
}
