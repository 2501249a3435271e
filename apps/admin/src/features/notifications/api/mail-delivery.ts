import type {
  MailDelivery,
  MailDomainAnswer,
  MailSender,
  PostMailDomainBody,
  PutMailSenderBody,
  PutSmtpBody,
  SmtpSettings,
} from "@laurel/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { notificationKeys } from "./keys";

/** How e-mails leave (L-06 … L-09): `GET /apiSa/mail/delivery` and its changes. */
export const mailDeliveryKey = [...notificationKeys.all, "delivery"] as const;

export async function getMailDelivery(signal?: AbortSignal): Promise<MailDelivery> {
  return (await api.get<MailDelivery>("/mail/delivery", signal)).data;
}

export function useMailDelivery() {
  return useQuery(
    queryOptions({ queryKey: mailDeliveryKey, queryFn: ({ signal }) => getMailDelivery(signal) }),
  );
}

function useDeliveryMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailDeliveryKey }),
  });
}

/** `PUT /apiSa/mail/smtp`: saves the connection (unverified until tested). */
export const useSaveSmtp = () =>
  useDeliveryMutation((body: PutSmtpBody) => api.put<SmtpSettings>("/mail/smtp", body));
/** `POST /apiSa/mail/smtp/verify`: a real connection sends a test message. */
export const useVerifySmtp = () =>
  useDeliveryMutation((email: string) => api.post<SmtpSettings>("/mail/smtp/verify", { email }));
/** `DELETE /apiSa/mail/smtp`. */
export const useRemoveSmtp = () => useDeliveryMutation(() => api.delete<{ removed: true }>("/mail/smtp"));
/** `POST /apiSa/mail/domain`: the records to publish. */
export const useAddDomain = () =>
  useDeliveryMutation((body: PostMailDomainBody) => api.post<MailDomainAnswer>("/mail/domain", body));
/** `POST /apiSa/mail/domain/verify`: looks the records up. */
export const useVerifyDomain = () =>
  useDeliveryMutation(() => api.post<MailDomainAnswer>("/mail/domain/verify", {}));
/** `DELETE /apiSa/mail/domain`. */
export const useRemoveDomain = () => useDeliveryMutation(() => api.delete<{ removed: true }>("/mail/domain"));
/** `PUT /apiSa/mail/sender`: a new address gets a verification e-mail. */
export const useSaveSender = () =>
  useDeliveryMutation((body: PutMailSenderBody) => api.put<MailSender>("/mail/sender", body));
