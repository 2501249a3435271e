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
  /** I-21: the access scopes granted with the token (null when the platform did not say). */
  scopes?: string[] | null;
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

/** D-10: the sale channels a reward's code is for. */
export type SalesChannel = "online_store" | "pos" | "all";

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
  /** D-10: where the code may be used (the reward's apply channel; decision 0120). */
  salesChannel: SalesChannel;
  startsAt: Date;
  endsAt: Date | null;
}

export interface CreatedDiscount {
  platformDiscountId: string;
  code: string;
}

/** C-20, D-05: one page of the store's catalogue, searched by title (decision 0122). */
export interface CatalogueSearch {
  query: string;
  after: string | null;
  first: number;
}

export interface CataloguePage<T> {
  items: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface PlatformProduct {
  /** The platform's numeric id, as order webhooks carry it. */
  id: string;
  title: string;
  vendor: string;
  imageUrl: string | null;
  variants: { id: string; title: string }[];
}

/** C-19: what product type and tag conditions read of a product (order line items lack both). */
export interface PlatformProductFacts {
  /** The platform's numeric id, as order webhooks carry it. */
  id: string;
  productType: string | null;
  tags: string[];
}

export interface PlatformCollection {
  id: string;
  title: string;
  productsCount: number | null;
}

/**
 * J-21: one customer as the platform holds it, in the shape Laurel keeps (the fields a
 * customers/create or customers/update webhook carries into Laurel's copy). `null` = the platform
 * did not say (a known value in Laurel is then kept).
 */
export interface PlatformCustomerDetails {
  /** The platform's numeric id (Laurel's `platform_customer_id`). */
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  tags: string[] | null;
  /** E-mail marketing consent: the platform's state, lower case (`subscribed`, …), and since when. */
  emailMarketing: { state: string; at: Date | null } | null;
  updatedAt: Date | null;
}

/** J-21: a page of the shop's customers (bulk re-sync); `after` is the previous page's end cursor. */
export interface CustomerPageRequest {
  after: string | null;
  first: number;
}

export interface PlatformPort {
  readonly name: "demo" | "shopify";
  /** Orders created or updated since an instant, newest changes included (reconciliation). */
  listRecentOrders(shop: PlatformShop, since: Date): Promise<PlatformOrder[]>;
  /** Creates the discount code of a redeemed reward. */
  createDiscount(shop: PlatformShop, request: DiscountRequest): Promise<CreatedDiscount>;
  /**
   * The discount a code already names on the platform, or null. Codes are unique per store, so a
   * job that made a code and crashed before recording it finds it here on its retry.
   */
  findDiscountByCode(shop: PlatformShop, code: string): Promise<CreatedDiscount | null>;
  /** Makes a code unusable (coupon revoked); deactivating twice is harmless. */
  deactivateDiscount(shop: PlatformShop, platformDiscountId: string): Promise<void>;
  /** Completes an embedded install from a verified session token (Shopify: token exchange). */
  install(shopDomain: string, sessionToken: string): Promise<PlatformInstall>;
  getShopInfo(shop: PlatformShop): Promise<PlatformShopInfo>;
  /** Whether the live theme is an Online Store 2.0 theme that supports app blocks. */
  supportsAppBlocks(shop: PlatformShop): Promise<boolean>;
  /**
   * C-23, O-09: whether the store sells subscriptions, i.e. a subscription app (the platform's own
   * or e.g. Recharge) is installed and set up. Subscription programs and purchase types need it.
   */
  sellsSubscriptions(shop: PlatformShop): Promise<boolean>;
  /** The store's products whose title matches, for the program editors' pickers (C-20, D-05). */
  searchProducts(shop: PlatformShop, search: CatalogueSearch): Promise<CataloguePage<PlatformProduct>>;
  /** The store's collections whose title matches (C-20, D-05). */
  searchCollections(shop: PlatformShop, search: CatalogueSearch): Promise<CataloguePage<PlatformCollection>>;
  /**
   * The ids of every product in a collection (issue 14: orders name products, not collections), or
   * null when the store has no such collection (deleted since it was picked).
   */
  listCollectionProductIds(shop: PlatformShop, collectionId: string): Promise<string[] | null>;
  /**
   * Every product's type and tags, a page at a time in a stable order (issue 14: product type and
   * tag conditions; order webhooks carry neither). `first` is at most 250.
   */
  listProductFacts(
    shop: PlatformShop,
    page: { after: string | null; first: number },
  ): Promise<CataloguePage<PlatformProductFacts>>;
  /** J-21: one customer, read now; null when the store no longer has it. */
  getCustomer(shop: PlatformShop, customerPlatformId: string): Promise<PlatformCustomerDetails | null>;
  /** J-21: the shop's customers a page at a time, in a stable order (bulk re-sync). */
  listCustomers(
    shop: PlatformShop,
    page: CustomerPageRequest,
  ): Promise<CataloguePage<PlatformCustomerDetails>>;
  /** J-21: how many customers the store has (the re-sync's progress total). */
  countCustomers(shop: PlatformShop): Promise<number>;
  /** I-08: adds and removes tags on a customer (both idempotent: a tag added twice is there once). */
  updateCustomerTags(
    shop: PlatformShop,
    customerPlatformId: string,
    change: { add: readonly string[]; remove: readonly string[] },
  ): Promise<void>;
  /** M-02 (decision 0176): adds tags to an order; idempotent (a tag added twice is there once). */
  addOrderTags(shop: PlatformShop, orderPlatformId: string, tags: readonly string[]): Promise<void>;
  /**
   * Issue 11: records on the platform that a customer withdrew e-mail marketing consent (they
   * unsubscribed from a Laurel e-mail). Idempotent: unsubscribing twice leaves one unsubscribe.
   */
  unsubscribeCustomerFromEmailMarketing(
    shop: PlatformShop,
    customerPlatformId: string,
    at: Date,
  ): Promise<void>;
}

export class PlatformError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
