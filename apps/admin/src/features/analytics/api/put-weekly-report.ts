import type { WeeklyReportSettings, WeeklyReportSettingsResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { analyticsKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/analytics/weekly-report`: turn the weekly report on or off, set its recipients (K-12). */
export function putWeeklyReport(body: WeeklyReportSettings) {
  return api.put<WeeklyReportSettingsResponse>("/analytics/weekly-report", body);
}

export function usePutWeeklyReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putWeeklyReport,
    onSuccess: (result) => queryClient.setQueryData(analyticsKeys.weeklyReport(), result.data),
  });
}
