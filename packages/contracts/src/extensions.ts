import { z } from "zod";
import { proxyCouponSchema } from "./proxy";
import { proxyTierSchema } from "./tiers";
import { widgetSettingsQuery } from "./widget";

/**
 * The checkout and customer-account UI extensions' API (issue 12, N-11, N-12, decision 0180).
 * Shopify runs those extensions in a sandbox on its own origin, outside the app proxy, so they
 * call `/extensions/*` directly with the session token `shopify.sessionToken.get()` gives them:
 * the shop is its `dest`, the signed-in buyer its `sub`. The answers carry only what the blocks
 * show.
 */
export const extensionQuery = widgetSettingsQuery;

/** A code the buyer can apply: the checkout block lists these, the account block too. */
export const extensionCouponSchema = proxyCouponSchema.pick({
  id: true,
  code: true,
  title: true,
  expiresAt: true,
});
export type ExtensionCoupon = z.infer<typeof extensionCouponSchema>;

/** `GET /extensions/checkout-discount` (N-12): the merchant's block and the buyer's codes. */
export const extensionCheckoutDiscountResponse = z.object({
  /** The merchant's title and description, or null while the block is off or not allowed. */
  block: z.object({ title: z.string(), description: z.string() }).nullable(),
  signedIn: z.boolean(),
  /** The member's available codes; empty for a guest or a shopper who is not a member. */
  coupons: z.array(extensionCouponSchema),
});
export type ExtensionCheckoutDiscountResponse = z.infer<typeof extensionCheckoutDiscountResponse>;

/** `GET /extensions/account` (N-11): the profile block's balance, tier and codes. */
export const extensionAccountResponse = z.object({
  signedIn: z.boolean(),
  member: z
    .object({
      availablePoints: z.number().int(),
      pendingPoints: z.number().int(),
      tier: proxyTierSchema.nullable(),
      coupons: z.array(extensionCouponSchema),
    })
    .nullable(),
  pointLabel: z.object({ singular: z.string(), plural: z.string() }),
  /** The loyalty page, where the buyer earns, redeems and joins. */
  loyaltyPageUrl: z.string(),
});
export type ExtensionAccountResponse = z.infer<typeof extensionAccountResponse>;

export const extensionRoutes = {
  "GET /extensions/checkout-discount": {
    summary:
      "Checkout UI extension (N-12): the checkout discount block and the signed-in member's available codes",
    guard: "extension",
    query: extensionQuery,
    response: extensionCheckoutDiscountResponse,
  },
  "GET /extensions/account": {
    summary:
      "Customer-account UI extension (N-11): the member's balance, tier and available codes, and the loyalty page",
    guard: "extension",
    query: extensionQuery,
    response: extensionAccountResponse,
  },
} as const;
