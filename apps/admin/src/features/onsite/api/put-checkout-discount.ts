import type { CheckoutDiscount, CheckoutDiscountResponse, Ok } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/checkout-discount` ('Saved successfully'). */
export function putCheckoutDiscount(block: CheckoutDiscount): Promise<Ok<CheckoutDiscountResponse>> {
  return api.put<CheckoutDiscountResponse>("/storefront/checkout-discount", block);
}

export function usePutCheckoutDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCheckoutDiscount,
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.checkoutDiscount(), result.data),
  });
}
