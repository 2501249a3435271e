import type { WeeklyReportSettingsResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { analyticsKeys } from "../../../lib/query-keys";

/** `GET /apiSa/analytics/weekly-report`: whether the weekly report is on, and its recipients (K-12). */
export async function getWeeklyReport(signal?: AbortSignal) {
  return (await api.get<WeeklyReportSettingsResponse>("/analytics/weekly-report", signal)).data;
}

export function getWeeklyReportQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.weeklyReport(),
    queryFn: ({ signal }) => getWeeklyReport(signal),
  });
}

export function useWeeklyReport() {
  return useQuery(getWeeklyReportQueryOptions());
}
