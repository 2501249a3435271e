import type { AnalyticsExportEmailResponse } from "@laurel/contracts";
import { api } from "../../../lib/api/client";
import type { AnalyticsParams } from "./get-analytics-report";

/** `POST /apiSa/analytics/export/email`: the page's CSV built by a job, its link e-mailed (K-10). */
export async function postAnalyticsExportEmail(p: AnalyticsParams): Promise<AnalyticsExportEmailResponse> {
  return (await api.post<AnalyticsExportEmailResponse>("/analytics/export/email", p)).data;
}
