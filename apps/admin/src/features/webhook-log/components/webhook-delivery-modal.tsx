import { Banner, BlockStack, Box, InlineGrid, Modal, SkeletonBodyText, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useWebhookDelivery } from "../api/get-webhook-delivery";
import type { DeliveryRef } from "../api/post-webhook-retry";
import { formatDeliveryTime } from "../utils/format";
import { DeliveryStatus } from "./delivery-status";

export interface WebhookDeliveryModalProps {
  delivery: DeliveryRef | null;
  onClose: () => void;
  onRetry: (ref: DeliveryRef) => void;
}

/** A delivery in full: its facts, the whole error, and the body as received (indented). */
export function WebhookDeliveryModal({ delivery, onClose, onRetry }: WebhookDeliveryModalProps) {
  const { t, i18n } = useTranslation();
  const query = useWebhookDelivery(delivery);
  const d = query.data;
  const fact = (label: string, value: string) => (
    <BlockStack gap="050">
      <Text as="dt" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="dd" breakWord>
        {value}
      </Text>
    </BlockStack>
  );

  return (
    <Modal
      open={delivery !== null}
      onClose={onClose}
      size="large"
      title={d ? `${d.topic} · ${d.webhookId}` : t("webhookLog.detailTitle")}
      primaryAction={
        d?.status === "failed"
          ? {
              content: t("webhookLog.retry.action"),
              onAction: () => onRetry({ shopId: d.shopId, webhookId: d.webhookId }),
            }
          : undefined
      }
      secondaryActions={[{ content: t("webhookLog.close"), onAction: onClose }]}
    >
      <Modal.Section>
        {query.isPending ? (
          <SkeletonBodyText lines={6} />
        ) : query.isError ? (
          <Banner tone="critical">
            <p>{query.error.message}</p>
          </Banner>
        ) : d ? (
          <BlockStack gap="400">
            <DeliveryStatus status={d.status} duplicates={d.duplicates} />
            <dl style={{ margin: 0 }}>
              <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="300">
                {fact(t("webhookLog.columns.shop"), `${d.shopName} (${d.shopDomain})`)}
                {fact(t("webhookLog.columns.attempts"), String(d.attempts))}
                {fact(t("webhookLog.detail.orderKey"), d.orderKey ?? "—")}
                {fact(t("webhookLog.columns.receivedAt"), formatDeliveryTime(d.receivedAt, i18n.language))}
                {fact(t("webhookLog.columns.processedAt"), formatDeliveryTime(d.processedAt, i18n.language))}
                {fact(
                  t("webhookLog.detail.nextAttemptAt"),
                  formatDeliveryTime(d.nextAttemptAt, i18n.language),
                )}
              </InlineGrid>
            </dl>
            {d.lastError ? (
              <Banner tone="critical" title={t("webhookLog.detail.error")}>
                <p data-testid="webhook-error">{d.lastError}</p>
              </Banner>
            ) : null}
            <BlockStack gap="200">
              <Text as="h3" variant="headingSm">
                {t("webhookLog.detail.body")}
              </Text>
              <Box background="bg-surface-secondary" padding="300" borderRadius="200" overflowX="scroll">
                <pre
                  data-testid="webhook-body"
                  style={{ margin: 0, fontSize: "0.8125rem", whiteSpace: "pre" }}
                >
                  {d.body ?? t("webhookLog.detail.noBody")}
                </pre>
              </Box>
            </BlockStack>
          </BlockStack>
        ) : null}
      </Modal.Section>
    </Modal>
  );
}
