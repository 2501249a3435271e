import type { DashboardResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { analyticsKeys } from "../../../lib/query-keys";

/** `GET /apiSa/dashboard`: plan usage, points liability, the last 30 days and program health. */
export async function getDashboard(signal?: AbortSignal) {
  return (await api.get<DashboardResponse>("/dashboard", signal)).data;
}

export function getDashboardQueryOptions() {
  return queryOptions({ queryKey: analyticsKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
