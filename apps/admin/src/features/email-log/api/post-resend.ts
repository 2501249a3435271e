import type { NotificationLogEntry } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { emailLogKeys } from "./keys";

/** `POST /apiSa/notifications/log/:id/resend` (L-03): the e-mail goes back to the queue. */
export function postResend(id: string) {
  return api.post<NotificationLogEntry>(`/notifications/log/${encodeURIComponent(id)}/resend`, {});
}

export function useResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postResend,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailLogKeys.all }),
  });
}
