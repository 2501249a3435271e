import { AUTH_HEADER } from "@laurel/contracts";
import { tokenSource } from "../../../lib/auth/token-source";
import { type AnalyticsParams, analyticsSearch } from "./get-analytics-report";

/**
 * `GET /apiSa/analytics/export`: one analytics page as a CSV file, saved by the browser (K-10).
 * Throws when the server refuses ('Failed to export').
 */
export async function downloadAnalyticsCsv(p: AnalyticsParams): Promise<string> {
  const res = await fetch(`/apiSa/analytics/export?${analyticsSearch(p)}`, {
    headers: { [AUTH_HEADER]: await tokenSource().getToken() },
  });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `laurel-${p.report}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
  return name;
}
