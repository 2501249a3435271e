import { ExportJobBanner } from "../../../components/export-job-banner";
import type { QueueKind } from "../api/get-earn-events";
import { downloadReviewExport, useReviewExport } from "../api/get-review-export";

const textOf = (kind: QueueKind) => {
  const k = kind === "reviews" ? "reviews" : "googleReviews";
  return {
    loadError: "earnEvents.export.loadError",
    failed: `earnEvents.export.${k}.failed`,
    ready: `earnEvents.export.${k}.ready`,
    download: "earnEvents.export.download",
    emailed: "earnEvents.export.emailed",
    running: `earnEvents.export.${k}.running`,
    progress: `earnEvents.export.${k}.progress`,
    tryAgain: "earnEvents.tryAgain",
  };
};

/** G-14, G-16: the review export in hand (`export=` in the URL), its progress, then the download. */
export function ReviewExportBanner({
  kind,
  id,
  onDismiss,
}: {
  kind: QueueKind;
  id: string;
  onDismiss: () => void;
}) {
  const job = useReviewExport(id);
  return (
    <ExportJobBanner
      job={job}
      download={() => downloadReviewExport(id)}
      text={textOf(kind)}
      retryOnLoadError
      onDismiss={onDismiss}
    />
  );
}
