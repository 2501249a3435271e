import type { Faq, FaqsResponse, Ok } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/faqs`: the whole list, in order ('Saved successfully'). */
export function putFaqs(faqs: Faq[]): Promise<Ok<FaqsResponse>> {
  return api.put<FaqsResponse>("/storefront/faqs", { faqs });
}

export function usePutFaqs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putFaqs,
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.faqs(), result.data),
  });
}
