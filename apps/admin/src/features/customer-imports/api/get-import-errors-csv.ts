import { downloadFile } from "../../../lib/api/download";

/** `GET /apiSa/customers/imports/:id/errors.csv`: the refused rows (line, column, reason), saved as a file. */
export function downloadImportErrors(id: string): Promise<void> {
  return downloadFile(
    `/customers/imports/${encodeURIComponent(id)}/errors.csv`,
    "errors.csv",
    "download_failed",
  );
}
