import type { CheckoutDiscountResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/checkout-discount`: the block (N-12) and whether the shop may show it. */
export async function getCheckoutDiscount(signal?: AbortSignal): Promise<CheckoutDiscountResponse> {
  return (await api.get<CheckoutDiscountResponse>("/storefront/checkout-discount", signal)).data;
}

export function useCheckoutDiscount() {
  return useQuery(
    queryOptions({
      queryKey: onsiteKeys.checkoutDiscount(),
      queryFn: ({ signal }) => getCheckoutDiscount(signal),
    }),
  );
}
