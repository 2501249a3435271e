import type { ReviewExport } from "@laurel/contracts";
import { api } from "../../../lib/api/client";
import { downloadFile } from "../../../lib/api/download";
import { useExportJob } from "../../../lib/export-job/use-export-job";
import { earnEventKeys } from "../../../lib/query-keys";

/** `GET /apiSa/earn-events/exports/:id`: a review export's progress; polled while it runs. */
export async function getReviewExport(id: string, signal?: AbortSignal) {
  return (await api.get<ReviewExport>(`/earn-events/exports/${encodeURIComponent(id)}`, signal)).data;
}

export function useReviewExport(id: string | undefined) {
  return useExportJob(earnEventKeys.export(id ?? ""), id, getReviewExport);
}

/** `GET /apiSa/earn-events/exports/:id/file.csv`: the finished export, saved by the browser. */
export function downloadReviewExport(id: string): Promise<void> {
  return downloadFile(
    `/earn-events/exports/${encodeURIComponent(id)}/file.csv`,
    "reviews.csv",
    "export_failed",
  );
}
