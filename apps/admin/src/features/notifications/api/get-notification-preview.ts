import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { notificationKeys } from "./keys";

interface Preview {
  subject: string;
  html: string;
}

/**
 * `GET /apiSa/notifications/:event/preview`: the saved e-mail rendered with sample values, in the
 * shop's primary language or `language` (one of its storefront languages, decision 0179).
 */
export async function getNotificationPreview(
  event: string,
  language?: string,
  signal?: AbortSignal,
): Promise<Preview> {
  const query = language ? `?${new URLSearchParams({ language })}` : "";
  return (await api.get<Preview>(`/notifications/${encodeURIComponent(event)}/preview${query}`, signal)).data;
}

export function useNotificationPreview(event: string, language?: string) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.preview(event, language),
      queryFn: ({ signal }) => getNotificationPreview(event, language, signal),
    }),
  );
}
