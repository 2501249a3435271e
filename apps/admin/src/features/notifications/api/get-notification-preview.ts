import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { notificationKeys } from "./keys";

interface Preview {
  subject: string;
  html: string;
}

/** `GET /apiSa/notifications/:event/preview`: the saved e-mail rendered with sample values. */
export async function getNotificationPreview(event: string, signal?: AbortSignal): Promise<Preview> {
  return (await api.get<Preview>(`/notifications/${encodeURIComponent(event)}/preview`, signal)).data;
}

export function useNotificationPreview(event: string) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.preview(event),
      queryFn: ({ signal }) => getNotificationPreview(event, signal),
    }),
  );
}
