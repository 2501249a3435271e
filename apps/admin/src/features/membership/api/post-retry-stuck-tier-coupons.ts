import type { Ok, RetryStuckTierCouponsBody, RetryStuckTierCouponsResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { tierKeys } from "./tier-keys";

/** `POST /apiSa/tiers/stuck-coupons/retry`: queue chosen (`ids`) or all stuck tier coupons again. */
export function postRetryStuckTierCoupons(
  body: RetryStuckTierCouponsBody,
): Promise<Ok<RetryStuckTierCouponsResponse>> {
  return api.post<RetryStuckTierCouponsResponse>("/tiers/stuck-coupons/retry", body);
}

export function useRetryStuckTierCoupons() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postRetryStuckTierCoupons,
    onSettled: () => client.invalidateQueries({ queryKey: tierKeys.stuckCoupons() }),
  });
}
