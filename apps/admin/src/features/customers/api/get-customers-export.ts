import { AUTH_HEADER, type CustomerListTab, type Fail } from "@laurel/contracts";
import { API_BASE } from "../../../lib/api/client";
import { ApiError } from "../../../lib/api/errors";
import { tokenSource } from "../../../lib/auth/token-source";

/**
 * `GET /apiSa/customers/export.csv` (J-15): the tab (and search) as a CSV file, saved by the
 * browser. Not JSON, so not through `api`: the answer is a file, or an error envelope.
 */
export async function downloadCustomersCsv(params: { tab: CustomerListTab; search?: string }): Promise<void> {
  const q = new URLSearchParams({ tab: params.tab });
  if (params.search) q.set("search", params.search);
  const res = await fetch(`${API_BASE}/customers/export.csv?${q.toString()}`, {
    headers: { [AUTH_HEADER]: await tokenSource().getToken() },
  });
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as Fail | null;
    throw new ApiError({
      status: res.status,
      code: envelope?.code ?? "export_failed",
      message: envelope?.error ?? `HTTP ${res.status}`,
      ...(envelope?.error ? { serverError: envelope.error } : {}),
    });
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "customers.csv";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
