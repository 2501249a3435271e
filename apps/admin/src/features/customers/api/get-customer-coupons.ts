import type { AdminCoupon } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

/** `GET /apiSa/customers/:id/coupons` (H-11): code, order, expiry, used, revoke reason. */
export async function getCustomerCoupons(id: string, signal?: AbortSignal) {
  const envelope = await api.get<{ coupons: AdminCoupon[] }>(
    `/customers/${encodeURIComponent(id)}/coupons`,
    signal,
  );
  return envelope.data.coupons;
}

/** `enabled` false until the customer is known to exist (no call for a customer that is not). */
export function useCustomerCoupons(id: string, enabled = true) {
  return useQuery({
    queryKey: customerKeys.coupons(id),
    queryFn: ({ signal }) => getCustomerCoupons(id, signal),
    enabled,
  });
}
