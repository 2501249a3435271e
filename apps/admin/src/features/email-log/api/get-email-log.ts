import type { NotificationLog } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { emailLogKeys } from "./keys";

export interface EmailLogParams {
  status?: string | undefined;
  event?: string | undefined;
  query?: string | undefined;
  cursor?: string | undefined;
}

/** `GET /apiSa/notifications/log`: one page of the log, newest first, filtered (L-02). */
export async function getEmailLog(params: EmailLogParams, signal?: AbortSignal): Promise<NotificationLog> {
  const search = new URLSearchParams({ limit: "25" });
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return (await api.get<NotificationLog>(`/notifications/log?${search}`, signal)).data;
}

export function useEmailLog(params: EmailLogParams) {
  return useQuery(
    queryOptions({
      queryKey: emailLogKeys.list(params),
      queryFn: ({ signal }) => getEmailLog(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
