import { ExportJobBanner } from "../../../components/export-job-banner";
import { downloadCustomerExport, useCustomerExport } from "../api/get-customer-export";

const TEXT = {
  loadError: "customers.exportJob.loadError",
  failed: "customers.toast.exportFailed",
  ready: "customers.exportJob.ready",
  download: "customers.exportJob.download",
  emailed: "customers.exportJob.emailed",
  running: "customers.exportJob.running",
  progress: "customers.exportJob.progress",
  tryAgain: "customers.common.tryAgain",
};

/** J-15: the customer export in hand, with its progress and then the download. */
export function ExportProgressBanner({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const job = useCustomerExport(id);
  return (
    <ExportJobBanner
      job={job}
      download={() => downloadCustomerExport(id)}
      text={TEXT}
      onDismiss={onDismiss}
    />
  );
}
