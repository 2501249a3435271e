import type {
  ExtensionAccountResponse,
  ExtensionCheckoutDiscountResponse,
  ExtensionCoupon,
  ProxyCoupon,
} from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import type { ProxyAuth } from "../../infra/http";
import { getShopOrThrow } from "../shops/shops.service";
import { loyaltyPageOf, loyaltyPageUrl } from "../storefront/loyalty-page-settings";
import { getCheckoutDiscount } from "../storefront/onsite-content";
import { availableCodesOf, getShopperView } from "../storefront/storefront.service";

const extensionCoupon = (c: ProxyCoupon): ExtensionCoupon => ({
  id: c.id,
  code: c.code,
  title: c.title,
  expiresAt: c.expiresAt,
});

/**
 * N-12: the checkout discount block. The merchant's texts only while the block is on and allowed
 * (a Plus store or the custom feature, A-20); the buyer's available codes when signed in.
 */
export async function checkoutDiscountFor(
  deps: Deps,
  auth: ProxyAuth,
): Promise<ExtensionCheckoutDiscountResponse> {
  const { block, allowed } = await getCheckoutDiscount(deps, auth.shopId);
  const on = block.enabled && allowed;
  return {
    block: on ? { title: block.title, description: block.description } : null,
    signedIn: auth.platformCustomerId !== null,
    coupons: on ? (await availableCodesOf(deps, auth)).map(extensionCoupon) : [],
  };
}

/** N-11: the customer-account profile block: balance, tier, codes and the way to the loyalty page. */
export async function accountFor(
  deps: Deps,
  auth: ProxyAuth,
  locale?: string,
): Promise<ExtensionAccountResponse> {
  const [view, codes, shop] = await Promise.all([
    getShopperView(deps, auth, locale),
    availableCodesOf(deps, auth),
    getShopOrThrow(deps, auth.shopId),
  ]);
  const customer = view.customer?.type === "member" ? view.customer : null;
  return {
    signedIn: view.signedIn,
    member: customer
      ? {
          availablePoints: customer.availablePoints,
          pendingPoints: customer.pendingPoints,
          tier: view.tier,
          coupons: codes.map(extensionCoupon),
        }
      : null,
    pointLabel: view.pointLabel,
    loyaltyPageUrl: loyaltyPageUrl(deps, shop, loyaltyPageOf(shop.settings).slug),
  };
}
