import type { CustomerExport } from "@laurel/contracts";
import { api } from "../../../lib/api/client";
import { downloadFile } from "../../../lib/api/download";
import { useExportJob } from "../../../lib/export-job/use-export-job";
import { customerKeys } from "../../../lib/query-keys";

/** `GET /apiSa/customers/exports/:id` (J-15): an export's progress; polled while it runs. */
export async function getCustomerExport(id: string, signal?: AbortSignal) {
  return (await api.get<CustomerExport>(`/customers/exports/${encodeURIComponent(id)}`, signal)).data;
}

export function useCustomerExport(id: string | undefined) {
  return useExportJob(customerKeys.export(id ?? ""), id, getCustomerExport);
}

/** `GET /apiSa/customers/exports/:id/file.csv`: the finished export, saved by the browser. */
export function downloadCustomerExport(id: string): Promise<void> {
  return downloadFile(
    `/customers/exports/${encodeURIComponent(id)}/file.csv`,
    "customers.csv",
    "export_failed",
  );
}
