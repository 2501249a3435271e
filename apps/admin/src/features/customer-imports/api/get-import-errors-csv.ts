import { AUTH_HEADER, type Fail } from "@laurel/contracts";
import { API_BASE } from "../../../lib/api/client";
import { ApiError } from "../../../lib/api/errors";
import { tokenSource } from "../../../lib/auth/token-source";

/** `GET /apiSa/customers/imports/:id/errors.csv`: the refused rows (line, column, reason), saved as a file. */
export async function downloadImportErrors(id: string): Promise<void> {
  const res = await fetch(`${API_BASE}/customers/imports/${encodeURIComponent(id)}/errors.csv`, {
    headers: { [AUTH_HEADER]: await tokenSource().getToken() },
  });
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as Fail | null;
    throw new ApiError({
      status: res.status,
      code: envelope?.code ?? "download_failed",
      message: envelope?.error ?? `HTTP ${res.status}`,
    });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "errors.csv";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
