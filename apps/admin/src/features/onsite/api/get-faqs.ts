import type { FaqsResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/faqs`: the loyalty page's FAQs (N-10). */
export async function getFaqs(signal?: AbortSignal): Promise<FaqsResponse> {
  return (await api.get<FaqsResponse>("/storefront/faqs", signal)).data;
}

export function useFaqs() {
  return useQuery(queryOptions({ queryKey: onsiteKeys.faqs(), queryFn: ({ signal }) => getFaqs(signal) }));
}
