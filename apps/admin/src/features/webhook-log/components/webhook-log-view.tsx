import type { StaffShop } from "@laurel/contracts";
import { Banner, BlockStack, Box, Card, EmptyState, SkeletonBodyText, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { emptyStateImage } from "../../../components/illustrations";
import { useWebhookDeliveries, WEBHOOK_LOG_REFRESH_MS } from "../api/get-webhook-deliveries";
import { useWebhookLogParams } from "../hooks/use-webhook-log-params";
import { RetryConfirmModal } from "./retry-confirm-modal";
import { WebhookDeliveryModal } from "./webhook-delivery-modal";
import { WebhookLogFilters } from "./webhook-log-filters";
import { WebhookLogTable } from "./webhook-log-table";

/**
 * The internal zone's webhook log (P-01, issue 16): recorded deliveries newest first, filtered and
 * paged from the URL, refreshing itself while visible; the detail and "Process again" on top.
 */
export function WebhookLogView({ shops }: { shops: StaffShop[] }) {
  const { t } = useTranslation();
  const url = useWebhookLogParams();
  const cursor = url.cursors.at(-1);
  const list = useWebhookDeliveries({ shop: url.shop, status: url.status, topic: url.topic, cursor });
  const filtered = url.shop !== undefined || url.status !== undefined || url.topic !== undefined;

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Box padding="400" data-testid="webhook-log-skeleton">
        <SkeletonBodyText lines={8} />
      </Box>
    );
  } else if (list.isError && !list.data) {
    content = (
      <Box padding="400">
        <Banner
          tone="critical"
          title={t("webhookLog.loadError")}
          action={{ content: t("webhookLog.tryAgain"), onAction: () => void list.refetch() }}
        >
          <p data-testid="webhook-log-error">{list.error.message}</p>
        </Banner>
      </Box>
    );
  } else {
    const data = list.data;
    content = (
      <WebhookLogTable
        deliveries={data?.deliveries ?? []}
        loading={list.isPlaceholderData}
        emptyState={
          <EmptyState
            heading={filtered ? t("webhookLog.empty.filteredTitle") : t("webhookLog.empty.title")}
            image={emptyStateImage}
          >
            <p>{filtered ? t("webhookLog.empty.filteredBody") : t("webhookLog.empty.body")}</p>
          </EmptyState>
        }
        onOpen={url.openDelivery}
        onRetry={url.askRetry}
        pagination={{
          hasPrevious: url.cursors.length > 0,
          hasNext: Boolean(data?.nextCursor),
          onPrevious: url.previousPage,
          onNext: () => data?.nextCursor && url.nextPage(data.nextCursor),
        }}
      />
    );
  }

  return (
    <BlockStack gap="400">
      <WebhookLogFilters
        shops={shops}
        shop={url.shop}
        status={url.status}
        topic={url.topic}
        counts={list.data?.counts}
        countCap={list.data?.countCap ?? Number.POSITIVE_INFINITY}
        onChange={url.setFilter}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching && !list.isPending}
      />
      {list.isError && list.data ? (
        <Banner tone="warning" title={t("webhookLog.staleWarning")}>
          <p>{list.error.message}</p>
        </Banner>
      ) : null}
      <Card padding="0">{content}</Card>
      <Text as="p" tone="subdued" variant="bodySm">
        {t("webhookLog.autoRefresh", { seconds: WEBHOOK_LOG_REFRESH_MS / 1000 })}
      </Text>
      <WebhookDeliveryModal
        delivery={url.delivery}
        onClose={() => url.openDelivery(null)}
        onRetry={url.askRetry}
      />
      <RetryConfirmModal delivery={url.retry} onClose={() => url.askRetry(null)} />
    </BlockStack>
  );
}
