import type { Ok, PostShopBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/**
 * `POST /apiSa/shop` (spec 000 §7): one bookkeeping update per call — dismissed banners
 * (appended by the server), promo timestamps, `accessAppAt`, `isFirstLogin`, AI consent.
 */
export function postShop(body: PostShopBody): Promise<Ok<null>> {
  return api.post<null>("/shop", body);
}
