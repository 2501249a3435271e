import type { EarnEventList } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";

export const EARN_EVENTS_PAGE_SIZE = 20;
export type QueueKind = "reviews" | "google-reviews";

/** `GET /apiSa/earn-events/reviews` (G-14) or `/google-reviews` (G-16): newest first, by status. */
export async function getEarnEvents(kind: QueueKind, status: string, page: number, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: String(page), pageSize: String(EARN_EVENTS_PAGE_SIZE) });
  if (status) search.set("status", status);
  return (await api.get<EarnEventList>(`/earn-events/${kind}?${search}`, signal)).data;
}

export function getEarnEventsQueryOptions(kind: QueueKind, status: string, page: number) {
  return queryOptions({
    queryKey: earnEventKeys.list(kind, status, page),
    queryFn: ({ signal }) => getEarnEvents(kind, status, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEarnEvents(kind: QueueKind, status: string, page: number) {
  return useQuery(getEarnEventsQueryOptions(kind, status, page));
}
