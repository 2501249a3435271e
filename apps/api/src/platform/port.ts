import type { PlatformOrder } from "./order";

/**
 * Everything Laurel asks of the store platform goes through this port (DESIGN §1).
 * Two adapters: `demo` (the local store of the embedded default) and `shopify` (Admin GraphQL).
 */
export interface PlatformShopInfo {
  name: string;
  email: string;
  domain: string | null;
  shopifyPlan: string;
  isDevelopmentShop: boolean;
  shopOwner: string;
  countryCode: string;
  currency: string;
  planName: string;
  country: string;
  address1: string | null;
  phone: string | null;
  ianaTimezone: string;
  createdAt: string;
  allOrdersCount: number;
}

export interface PlatformShop {
  domain: string;
  accessToken: string | null;
}

export interface PlatformInstall {
  accessToken: string | null;
  info: PlatformShopInfo;
}

/** Money in integer minor units (DESIGN §4). */
export interface Money {
  amount: number;
  currency: string;
}

export type DiscountItems = { all: true } | { productIds: string[] } | { collectionIds: string[] };

/** What a reward's discount gives (D-01 kinds). */
export type DiscountValue =
  | { kind: "amount"; amount: Money; items: DiscountItems }
  | { kind: "percentage"; percentage: number; items: DiscountItems }
  | { kind: "free_shipping"; maxShippingPrice: Money | null }
  | { kind: "free_product"; productIds: string[]; quantity: number }
  | {
      kind: "buy_x_get_y";
      buys: { quantity: number; items: DiscountItems };
      gets: { quantity: number; items: DiscountItems; percentage: number };
    };

/** One discount code for one reward: the shape every adapter turns into its platform's discount. */
export interface DiscountRequest {
  code: string;
  title: string;
  value: DiscountValue;
  minimum: { subtotal: Money } | { quantity: number } | null;
  /** Only this customer may use it (the redeemer); null = anyone with the code. */
  customerPlatformId: string | null;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  combinesWith: { orderDiscounts: boolean; productDiscounts: boolean; shippingDiscounts: boolean };
  purchaseType: "one_time" | "subscription" | "both";
  startsAt: Date;
  endsAt: Date | null;
}

export interface CreatedDiscount {
  platformDiscountId: string;
  code: string;
}

export interface PlatformPort {
  readonly name: "demo" | "shopify";
  /** Orders created or updated since an instant, newest changes included (reconciliation). */
  listRecentOrders(shop: PlatformShop, since: Date): Promise<PlatformOrder[]>;
  /** Creates the discount code of a redeemed reward. */
  createDiscount(shop: PlatformShop, request: DiscountRequest): Promise<CreatedDiscount>;
  /** Makes a code unusable (coupon revoked); deactivating twice is harmless. */
  deactivateDiscount(shop: PlatformShop, platformDiscountId: string): Promise<void>;
  /** Completes an embedded install from a verified session token (Shopify: token exchange). */
  install(shopDomain: string, sessionToken: string): Promise<PlatformInstall>;
  getShopInfo(shop: PlatformShop): Promise<PlatformShopInfo>;
  /** Whether the live theme is an Online Store 2.0 theme that supports app blocks. */
  supportsAppBlocks(shop: PlatformShop): Promise<boolean>;
}

export class PlatformError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
