/**
 * Webhook bodies exactly as Shopify serialises them (REST JSON, API 2026-07; the shapes of
 * shared/fixtures/shopify): ids as bare 64-bit JSON numbers, money as decimal strings with
 * `*_set` shop and presentment amounts, refund subtotals as JSON numbers. This file: the stored
 * shapes they are built from, shared helpers, and the customer; orders and refunds in
 * shopify-payloads.ts.
 */
import { CURRENCY, decimal } from "../catalogue/catalogue";

/** A 64-bit id written as a bare JSON number, every digit kept (JSON.rawJSON, Node ≥ 21). */
export const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;
export const bigId = (id: string): unknown => {
  if (!/^\d{1,19}$/.test(id)) throw new Error(`not a platform id: ${id}`);
  return rawJSON(id);
};

/** The exact bytes Shopify would send. */
export function serializePayload(payload: unknown): string {
  return JSON.stringify(payload);
}

export const moneySet = (minor: number) => ({
  shop_money: { amount: decimal(minor), currency_code: CURRENCY },
  presentment_money: { amount: decimal(minor), currency_code: CURRENCY },
});

export interface StoredOrderLine {
  lineId: string;
  productId: string;
  variantId: string;
  sku: string;
  title: string;
  vendor: string;
  /** Unit price, minor units. */
  price: number;
  quantity: number;
  /** Discount allocated to the whole line, minor units. */
  discount: number;
  giftCard: boolean;
  grams: number;
}

interface StoredDiscountApplication {
  code: string;
  title: string;
  codeType: "fixed_amount" | "percentage" | "shipping";
  valueType: "fixed_amount" | "percentage";
  value: string;
  targetType: "line_item" | "shipping_line";
  targetSelection: "all" | "entitled";
  allocationMethod: "across" | "each";
}

export interface StoredCustomer {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
}

export interface StoredAddress {
  name: string;
  address1: string;
  city: string;
  zip: string;
  countryCode: string;
}

/** What the demo store keeps of an order (`demo_orders.data`): enough to write every webhook. */
export interface StoredOrder {
  orderId: string;
  number: number;
  name: string;
  /** The order-status key (guests reach their order page with it). */
  token: string;
  checkoutToken: string;
  createdAt: string;
  email: string;
  customer: StoredCustomer | null;
  address: StoredAddress;
  lines: StoredOrderLine[];
  discount: StoredDiscountApplication | null;
  lineItemsTotal: number;
  lineDiscount: number;
  subtotal: number;
  shippingLineId: string;
  shipping: number;
  shippingDiscount: number;
  total: number;
  saleTransactionId: string;
  gateway: string;
}

export interface StoredRefund {
  refundId: string;
  createdAt: string;
  note: string | null;
  lines: { refundLineId: string; lineId: string; quantity: number; subtotal: number }[];
  /** Shipping refunded, minor units, and the id of that refund shipping line. */
  shipping: number;
  shippingRefundId: string;
  /** Everything refunded to the shopper, minor units. */
  amount: number;
  transactionId: string;
}

export interface OrderState {
  financialStatus: "paid" | "partially_refunded" | "refunded";
  cancelledAt: string | null;
  refunds: StoredRefund[];
  updatedAt: string;
}

const splitName = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first: first ?? "", last: rest.join(" ") };
};

export function addressPayload(a: StoredAddress) {
  const { first, last } = splitName(a.name);
  return {
    first_name: first,
    address1: a.address1,
    phone: null,
    city: a.city,
    zip: a.zip,
    province: null,
    country: "United States",
    last_name: last,
    address2: null,
    company: null,
    latitude: null,
    longitude: null,
    name: a.name,
    country_code: a.countryCode,
    province_code: null,
  };
}

/** The `customer` object of orders and the body of customers/create. */
export function customerPayload(c: StoredCustomer, address: StoredAddress | null = null) {
  return {
    id: bigId(c.id),
    created_at: c.createdAt,
    updated_at: c.createdAt,
    first_name: c.firstName,
    last_name: c.lastName,
    state: "enabled",
    note: null,
    verified_email: true,
    multipass_identifier: null,
    tax_exempt: false,
    email: c.email,
    phone: null,
    currency: CURRENCY,
    addresses: [],
    tax_exemptions: [],
    admin_graphql_api_id: `gid://shopify/Customer/${c.id}`,
    default_address: address
      ? {
          customer_id: bigId(c.id),
          first_name: c.firstName,
          last_name: c.lastName,
          company: null,
          address1: address.address1,
          address2: null,
          city: address.city,
          province: null,
          country: "United States",
          zip: address.zip,
          phone: null,
          name: address.name,
          province_code: null,
          country_code: address.countryCode,
          country_name: "United States",
          default: true,
        }
      : null,
  };
}
