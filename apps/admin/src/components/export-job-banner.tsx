import { Banner, BlockStack, ProgressBar, Text } from "@shopify/polaris";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ExportJobProgress } from "../lib/export-job/use-export-job";
import { useToast } from "../lib/host/host";

/** The i18n keys of one export job's banner. */
export interface ExportJobBannerText {
  loadError: string;
  failed: string;
  ready: string;
  download: string;
  emailed: string;
  running: string;
  progress: string;
  /** The retry action's label (with `retryOnLoadError`). */
  tryAgain: string;
}

/**
 * An export job in hand (`export=` in the URL, where the ready e-mail's button also leads): its
 * progress while the job writes it, then the download. Shared by the customer export (J-15), the
 * activity export (K-05) and the review exports (G-14, G-16), which differ only in their words and
 * endpoints.
 */
export function ExportJobBanner({
  job,
  download,
  text,
  retryOnLoadError = false,
  onDismiss,
}: {
  job: UseQueryResult<ExportJobProgress>;
  download: () => Promise<void>;
  text: ExportJobBannerText;
  retryOnLoadError?: boolean;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const nf = new Intl.NumberFormat(i18n.language);
  if (job.isPending) return null;
  if (job.isError) {
    return (
      <Banner
        tone="critical"
        title={t(text.loadError)}
        {...(retryOnLoadError
          ? { action: { content: t(text.tryAgain), onAction: () => void job.refetch() } }
          : {})}
        onDismiss={onDismiss}
      />
    );
  }
  const e = job.data;
  if (e.status === "failed") {
    return <Banner tone="critical" title={t(text.failed)} onDismiss={onDismiss} />;
  }
  if (e.status === "done") {
    return (
      <Banner
        tone="success"
        title={t(text.ready, { count: e.doneRows, rows: nf.format(e.doneRows) })}
        action={{
          content: t(text.download),
          onAction: () => void download().catch(() => toast(t(text.failed), { isError: true })),
        }}
        onDismiss={onDismiss}
      >
        <p>{t(text.emailed)}</p>
      </Banner>
    );
  }
  return (
    <Banner tone="info" title={t(text.running)}>
      <BlockStack gap="200">
        <ProgressBar progress={e.totalRows === 0 ? 0 : Math.round((e.doneRows / e.totalRows) * 100)} />
        <Text as="p">{t(text.progress, { done: nf.format(e.doneRows), total: nf.format(e.totalRows) })}</Text>
      </BlockStack>
    </Banner>
  );
}
