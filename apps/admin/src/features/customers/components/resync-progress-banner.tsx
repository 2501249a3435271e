import { Banner, BlockStack, ProgressBar, Text } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCustomerSync } from "../api/get-customer-sync";

/**
 * J-21: the re-sync in hand (`resync=` in the URL): its progress while the job reads the store's
 * customers, that it waits while a VIP tier calculation runs (I-10), then how many changed.
 */
export function ResyncProgressBanner({
  id,
  onDismiss,
  onDone,
}: {
  id: string;
  onDismiss: () => void;
  /** Called once when the re-sync completes (the list shows the updated customers). */
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const nf = new Intl.NumberFormat(i18n.language);
  const sync = useCustomerSync(id);
  const status = sync.data?.status;
  const told = useRef(false);
  useEffect(() => {
    if (status === "done" && !told.current) {
      told.current = true;
      onDone();
    }
  }, [status, onDone]);
  if (sync.isPending) return null;
  if (sync.isError) {
    return <Banner tone="critical" title={t("customers.syncJob.loadError")} onDismiss={onDismiss} />;
  }
  const s = sync.data;
  if (s.status === "failed") {
    return <Banner tone="critical" title={t("customers.toast.resyncFailed")} onDismiss={onDismiss} />;
  }
  if (s.status === "done") {
    return (
      <Banner
        tone="success"
        title={t("customers.syncJob.done", {
          count: s.doneRows,
          rows: nf.format(s.doneRows),
          changed: nf.format(s.changedRows),
        })}
        onDismiss={onDismiss}
      />
    );
  }
  const percent = s.totalRows === 0 ? 0 : Math.min(100, Math.round((s.doneRows / s.totalRows) * 100));
  return (
    <Banner tone={s.status === "waiting" ? "warning" : "info"} title={t("customers.syncJob.running")}>
      <BlockStack gap="200">
        {s.status === "waiting" ? <Text as="p">{t("customers.syncJob.waiting")}</Text> : null}
        <ProgressBar progress={percent} />
        <Text as="p">
          {t("customers.syncJob.progress", { done: nf.format(s.doneRows), total: nf.format(s.totalRows) })}
        </Text>
      </BlockStack>
    </Banner>
  );
}
