import { Banner, BlockStack, ProgressBar, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { downloadActivityExport, useActivityExport } from "../api/get-activity-export";

/**
 * K-05: the activity export in hand (`export=` in the URL, where the ready e-mail's button also
 * leads): its progress while the job writes it, then the download.
 */
export function ActivityExportBanner({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const nf = new Intl.NumberFormat(i18n.language);
  const exp = useActivityExport(id);
  if (exp.isPending) return null;
  if (exp.isError) {
    return (
      <Banner
        tone="critical"
        title={t("customers.activityExport.loadError")}
        action={{ content: t("customers.common.tryAgain"), onAction: () => void exp.refetch() }}
        onDismiss={onDismiss}
      />
    );
  }
  const e = exp.data;
  if (e.status === "failed") {
    return <Banner tone="critical" title={t("customers.activityExport.failed")} onDismiss={onDismiss} />;
  }
  if (e.status === "done") {
    return (
      <Banner
        tone="success"
        title={t("customers.activityExport.ready", { count: e.doneRows, rows: nf.format(e.doneRows) })}
        action={{
          content: t("customers.activityExport.download"),
          onAction: () =>
            void downloadActivityExport(id).catch(() =>
              toast(t("customers.activityExport.failed"), { isError: true }),
            ),
        }}
        onDismiss={onDismiss}
      >
        <p>{t("customers.activityExport.emailed")}</p>
      </Banner>
    );
  }
  return (
    <Banner tone="info" title={t("customers.activityExport.running")}>
      <BlockStack gap="200">
        <ProgressBar progress={e.totalRows === 0 ? 0 : Math.round((e.doneRows / e.totalRows) * 100)} />
        <Text as="p">
          {t("customers.activityExport.progress", {
            done: nf.format(e.doneRows),
            total: nf.format(e.totalRows),
          })}
        </Text>
      </BlockStack>
    </Banner>
  );
}
