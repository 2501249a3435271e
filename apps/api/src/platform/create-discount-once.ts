import type { CreatedDiscount, DiscountRequest, PlatformPort, PlatformShop } from "./port";

/**
 * Makes a discount whose code the caller fixed before asking (a grant's, a coupon's), so that a
 * retry after a crash between the platform's answer and Laurel's commit does not leave the reward
 * stuck: the platform refuses the same code as taken, and the code it already holds is then the
 * one made for this reward (codes are unique per store and carry a random or per-reward suffix).
 * Any other refusal is the caller's, unchanged.
 */
export async function createDiscountOnce(
  platform: Pick<PlatformPort, "createDiscount" | "findDiscountByCode">,
  shop: PlatformShop,
  request: DiscountRequest,
): Promise<CreatedDiscount> {
  try {
    return await platform.createDiscount(shop, request);
  } catch (refusal) {
    const made = await platform.findDiscountByCode(shop, request.code).catch(() => null);
    if (made) return made;
    throw refusal;
  }
}
