import type { ActivityExport } from "@laurel/contracts";
import { api } from "../../../lib/api/client";
import { downloadFile } from "../../../lib/api/download";
import { useExportJob } from "../../../lib/export-job/use-export-job";
import { customerKeys } from "../../../lib/query-keys";

/** `GET /apiSa/activities/exports/:id` (K-05): an activity export's progress; polled while it runs. */
export async function getActivityExport(id: string, signal?: AbortSignal) {
  return (await api.get<ActivityExport>(`/activities/exports/${encodeURIComponent(id)}`, signal)).data;
}

export function useActivityExport(id: string | undefined) {
  return useExportJob(customerKeys.activityExport(id ?? ""), id, getActivityExport);
}

/** `GET /apiSa/activities/exports/:id/file.csv`: the finished export, saved by the browser. */
export function downloadActivityExport(id: string): Promise<void> {
  return downloadFile(
    `/activities/exports/${encodeURIComponent(id)}/file.csv`,
    "activities.csv",
    "export_failed",
  );
}
