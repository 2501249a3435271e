import {
  Banner,
  BlockStack,
  Button,
  InlineStack,
  ProgressBar,
  SkeletonBodyText,
  Text,
} from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { isTaggingUnderWay, usePastOrderTagging, useStartPastOrderTagging } from "../api/past-order-tagging";

/**
 * M-02 (decision 0176): the saved order and customer tags, added to the orders that earned before
 * they were set. Its progress while the job hands the orders over, then when it last finished.
 */
export function TagPastOrders({ hasSavedTags }: { hasSavedTags: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const nf = new Intl.NumberFormat(i18n.language);
  const latest = usePastOrderTagging();
  const start = useStartPastOrderTagging();
  const run = latest.data ?? null;
  const underWay = isTaggingUnderWay(run);

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: () => toast(t("loyaltySettings.general.pastOrders.started")),
      onError: () => toast(t("loyaltySettings.general.pastOrders.failed"), { isError: true }),
    });

  if (latest.isPending) return <SkeletonBodyText lines={2} />;
  return (
    <BlockStack gap="200">
      <InlineStack gap="300" blockAlign="center">
        <Button onClick={onStart} loading={start.isPending} disabled={!hasSavedTags || underWay}>
          {t("loyaltySettings.general.pastOrders.button")}
        </Button>
        <Text as="span" tone="subdued">
          {hasSavedTags
            ? t("loyaltySettings.general.pastOrders.help")
            : t("loyaltySettings.general.pastOrders.needsTags")}
        </Text>
      </InlineStack>
      {latest.isError ? (
        <InlineStack gap="200" blockAlign="center">
          <Text as="p" tone="critical">
            {t("loyaltySettings.general.pastOrders.loadError")}
          </Text>
          <Button variant="plain" onClick={() => void latest.refetch()}>
            {t("loyaltySettings.general.pastOrders.retry")}
          </Button>
        </InlineStack>
      ) : null}
      {run && underWay ? (
        <BlockStack gap="100">
          <Text as="p" id="tag-past-orders">
            {t("loyaltySettings.general.pastOrders.progress", {
              done: nf.format(run.doneRows),
              total: nf.format(run.totalRows),
            })}
          </Text>
          <ProgressBar
            progress={run.totalRows > 0 ? Math.round((run.doneRows / run.totalRows) * 100) : 0}
            size="small"
            ariaLabelledBy="tag-past-orders"
          />
        </BlockStack>
      ) : null}
      {run?.status === "done" && run.finishedAt ? (
        <Text as="p" tone="subdued">
          {t("loyaltySettings.general.pastOrders.done", {
            count: run.doneRows,
            formatted: nf.format(run.doneRows),
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(
              new Date(run.finishedAt),
            ),
          })}
        </Text>
      ) : null}
      {run?.status === "failed" ? (
        <Banner tone="critical" title={t("loyaltySettings.general.pastOrders.stopped")}>
          <p>{run.error}</p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}
