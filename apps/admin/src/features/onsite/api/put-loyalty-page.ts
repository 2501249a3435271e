import type { LoyaltyPage, LoyaltyPageResponse, Ok } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/loyalty-page`: the whole page's settings ('Saved successfully'). */
export function putLoyaltyPage(page: LoyaltyPage): Promise<Ok<LoyaltyPageResponse>> {
  return api.put<LoyaltyPageResponse>("/storefront/loyalty-page", page);
}

export function usePutLoyaltyPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putLoyaltyPage,
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.loyaltyPage(), result.data),
  });
}
