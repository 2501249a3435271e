import type { NotificationSettings, Ok, PutNotificationBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { notificationKeys } from "./keys";

/** `PUT /apiSa/notifications/:event`: the switch, subject, colours, logo, reply-to, send-before. */
export function putNotification(event: string, body: PutNotificationBody): Promise<Ok<NotificationSettings>> {
  return api.put<NotificationSettings>(`/notifications/${encodeURIComponent(event)}`, body);
}

export function usePutNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ event, body }: { event: string; body: PutNotificationBody }) =>
      putNotification(event, body),
    onSuccess: (result, { event }) => {
      queryClient.setQueryData(notificationKeys.detail(event), result.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
