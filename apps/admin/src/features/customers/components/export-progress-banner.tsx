import { Banner, BlockStack, ProgressBar, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useToast } from "../../../lib/host/host";
import { downloadCustomerExport, useCustomerExport } from "../api/get-customer-export";

/**
 * J-15: the export in hand (`export=` in the URL, where the ready e-mail's button also leads): its
 * progress while the job writes it, then the download.
 */
export function ExportProgressBanner({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const nf = new Intl.NumberFormat(i18n.language);
  const exp = useCustomerExport(id);
  if (exp.isPending) return null;
  if (exp.isError) {
    return <Banner tone="critical" title={t("customers.exportJob.loadError")} onDismiss={onDismiss} />;
  }
  const e = exp.data;
  if (e.status === "failed") {
    return <Banner tone="critical" title={t("customers.toast.exportFailed")} onDismiss={onDismiss} />;
  }
  if (e.status === "done") {
    return (
      <Banner
        tone="success"
        title={t("customers.exportJob.ready", { count: e.doneRows, rows: nf.format(e.doneRows) })}
        action={{
          content: t("customers.exportJob.download"),
          onAction: () =>
            void downloadCustomerExport(id).catch(() =>
              toast(t("customers.toast.exportFailed"), { isError: true }),
            ),
        }}
        onDismiss={onDismiss}
      >
        <p>{t("customers.exportJob.emailed")}</p>
      </Banner>
    );
  }
  return (
    <Banner tone="info" title={t("customers.exportJob.running")}>
      <BlockStack gap="200">
        <ProgressBar progress={e.totalRows === 0 ? 0 : Math.round((e.doneRows / e.totalRows) * 100)} />
        <Text as="p">
          {t("customers.exportJob.progress", { done: nf.format(e.doneRows), total: nf.format(e.totalRows) })}
        </Text>
      </BlockStack>
    </Banner>
  );
}
