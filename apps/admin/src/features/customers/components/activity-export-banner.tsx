import { ExportJobBanner } from "../../../components/export-job-banner";
import { downloadActivityExport, useActivityExport } from "../api/get-activity-export";

const TEXT = {
  loadError: "customers.activityExport.loadError",
  failed: "customers.activityExport.failed",
  ready: "customers.activityExport.ready",
  download: "customers.activityExport.download",
  emailed: "customers.activityExport.emailed",
  running: "customers.activityExport.running",
  progress: "customers.activityExport.progress",
  tryAgain: "customers.common.tryAgain",
};

/** K-05: the activity export in hand, with its progress and then the download. */
export function ActivityExportBanner({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const job = useActivityExport(id);
  return (
    <ExportJobBanner
      job={job}
      download={() => downloadActivityExport(id)}
      text={TEXT}
      retryOnLoadError
      onDismiss={onDismiss}
    />
  );
}
