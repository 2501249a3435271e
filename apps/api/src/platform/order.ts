/**
 * An order and a refund as the platform reported them, normalised: ids as strings, money in minor
 * units of the shop's currency. Webhook handlers and the reconciliation job produce these.
 */
export type OrderSource = "web" | "pos" | "draft_order" | "subscription_contract";

export interface PlatformOrder {
  /** The numeric id as a string (`820982911946154508`). */
  orderId: string;
  name: string | null;
  customerPlatformId: string | null;
  email: string | null;
  customerTags: string[];
  currency: string;
  createdAt: Date;
  cancelledAt: Date | null;
  financialStatus: string | null;
  source: OrderSource;
  tags: string[];
  test: boolean;
  taxesIncluded: boolean;
  paymentGateways: string[];
  /** Discount codes applied at checkout (Laurel's coupons are marked used from these, H-11). */
  discountCodes: string[];
  /** Part of the payment made with store credit (H-15), minor units. */
  storeCreditPaid: number;
  /** Minor units of the shop's currency. */
  subtotal: number;
  total: number;
  shipping: number;
  fees: number;
  taxes: { title: string; amount: number }[];
  lines: {
    lineId: string;
    productId: string | null;
    variantId: string | null;
    quantity: number;
    unitPrice: number;
    discount: number;
    isGiftCard: boolean;
    isFreeGift: boolean;
    requiresShipping: boolean;
    collectionIds?: string[];
    /** Titles of the kept collections the product is in (C-19 `collection title` conditions). */
    collectionTitles?: string[];
    /** The line's product title, vendor and SKU as the order tells them (C-19 product conditions). */
    title?: string;
    vendor?: string;
    sku?: string;
    /** The product's type and tags, from the kept catalogue (C-19; order line items carry neither). */
    productType?: string;
    productTags?: string[];
  }[];
}

export interface PlatformRefund {
  refundId: string;
  orderId: string;
  /** Refunded merchandise (line subtotals), minor units of the shop's currency. */
  lineAmount: number;
  lines: { lineId: string; quantity: number; amount: number }[];
}
