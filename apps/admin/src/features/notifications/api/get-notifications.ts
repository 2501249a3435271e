import type { NotificationList } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { notificationKeys } from "./keys";

/** `GET /apiSa/notifications`: every e-mail event with its switch and settings. */
export async function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return (await api.get<NotificationList>("/notifications", signal)).data;
}

export function useNotifications() {
  return useQuery(
    queryOptions({ queryKey: notificationKeys.list(), queryFn: ({ signal }) => getNotifications(signal) }),
  );
}
