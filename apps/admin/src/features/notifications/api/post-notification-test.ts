import type { Ok } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/notifications/:event/test`: the e-mail with sample values, sent to `email` now. */
export function postNotificationTest(event: string, email: string): Promise<Ok<{ sent: true }>> {
  return api.post<{ sent: true }>(`/notifications/${encodeURIComponent(event)}/test`, { email });
}

export function usePostNotificationTest() {
  return useMutation({
    mutationFn: ({ event, email }: { event: string; email: string }) => postNotificationTest(event, email),
  });
}
