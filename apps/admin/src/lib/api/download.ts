import { AUTH_HEADER, type Fail } from "@laurel/contracts";
import { tokenSource } from "../auth/token-source";
import { API_BASE } from "./client";
import { ApiError } from "./errors";

/**
 * `GET /apiSa{path}` with the admin token, saved by the browser under the server's file name (else
 * `fallbackName`); a refusal rejects with an `ApiError` (`failureCode` when the server gives none).
 * Shared by every file download of the admin so they authenticate, name and fail alike.
 */
export async function downloadFile(path: string, fallbackName: string, failureCode: string): Promise<void> {
  const res = await fetch(`${API_BASE}${path}`, {
    headers: { [AUTH_HEADER]: await tokenSource().getToken() },
  });
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as Fail | null;
    throw new ApiError({
      status: res.status,
      code: envelope?.code ?? failureCode,
      message: envelope?.error ?? `HTTP ${res.status}`,
    });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
