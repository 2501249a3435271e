import type { RevokeCouponBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/:id/coupons/:couponId/revoke` (H-13): with an admin note. */
export function postRevokeCoupon(id: string, couponId: string, body: RevokeCouponBody) {
  return api.post<unknown>(
    `/customers/${encodeURIComponent(id)}/coupons/${encodeURIComponent(couponId)}/revoke`,
    body,
  );
}
