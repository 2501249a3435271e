import type { AnalyticsReportResponse } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { analyticsKeys } from "../../../lib/query-keys";

export interface AnalyticsParams {
  report: string;
  range: string;
  from?: string | undefined;
  to?: string | undefined;
  tab?: string | undefined;
}

export function analyticsSearch(p: AnalyticsParams): URLSearchParams {
  const search = new URLSearchParams({ report: p.report });
  if (p.from && p.to) {
    search.set("from", p.from);
    search.set("to", p.to);
  } else search.set("range", p.range);
  if (p.tab) search.set("tab", p.tab);
  return search;
}

/** `GET /apiSa/analytics`: one analytics page for a date range, with the previous period (K-06 … K-09). */
export async function getAnalyticsReport(p: AnalyticsParams, signal?: AbortSignal) {
  return (await api.get<AnalyticsReportResponse>(`/analytics?${analyticsSearch(p)}`, signal)).data;
}

export function getAnalyticsReportQueryOptions(p: AnalyticsParams) {
  return queryOptions({
    queryKey: analyticsKeys.report({ ...p }),
    queryFn: ({ signal }) => getAnalyticsReport(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsReport(p: AnalyticsParams) {
  return useQuery(getAnalyticsReportQueryOptions(p));
}
