import type { NotificationSettings } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { notificationKeys } from "./keys";

/** `GET /apiSa/notifications/:event`: one e-mail event's settings (L-04). */
export async function getNotification(event: string, signal?: AbortSignal): Promise<NotificationSettings> {
  return (await api.get<NotificationSettings>(`/notifications/${encodeURIComponent(event)}`, signal)).data;
}

export function useNotification(event: string) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.detail(event),
      queryFn: ({ signal }) => getNotification(event, signal),
    }),
  );
}
