import { z } from "zod";
import { toMinorUnits } from "../../platform/money";
import type { OrderSource, PlatformOrder, PlatformRefund } from "../../platform/order";

/**
 * Shopify's order and refund webhook bodies (REST-shaped JSON) → the plain facts Laurel earns on.
 * Ids stay strings (they exceed 2^53; the body is parsed losslessly), money becomes integer minor
 * units of the SHOP's currency (`*_set.shop_money`, X-46), never floats.
 */

const id = z.union([z.string(), z.number()]).transform(String);
const decimal = z.union([z.string(), z.number()]);
const moneySet = z.object({ shop_money: z.object({ amount: decimal, currency_code: z.string() }) });

/** The shop-money amount of a `*_set` field, else the plain decimal in the shop's currency. */
function money(
  set: z.infer<typeof moneySet> | null | undefined,
  plain: string | number | null | undefined,
  currency: string,
) {
  if (set) return toMinorUnits(set.shop_money.amount, set.shop_money.currency_code);
  return plain === null || plain === undefined ? 0 : toMinorUnits(plain, currency);
}

const lineItemPayload = z.object({
  id,
  product_id: id.nullish(),
  variant_id: id.nullish(),
  quantity: z.number().int(),
  price: decimal,
  price_set: moneySet.nullish(),
  total_discount: decimal.nullish(),
  total_discount_set: moneySet.nullish(),
  discount_allocations: z.array(z.object({ amount: decimal, amount_set: moneySet.nullish() })).nullish(),
  gift_card: z.boolean().nullish(),
  requires_shipping: z.boolean().nullish(),
  properties: z.array(z.object({ name: z.string(), value: z.unknown() })).nullish(),
  // C-19 product conditions read these (the product's type and tags are not in the webhook).
  title: z.string().nullish(),
  vendor: z.string().nullish(),
  sku: z.string().nullish(),
});

export const orderPayload = z.object({
  id,
  admin_graphql_api_id: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  currency: z.string(),
  created_at: z.string(),
  processed_at: z.string().nullish(),
  cancelled_at: z.string().nullish(),
  financial_status: z.string().nullish(),
  source_name: z.string().nullish(),
  tags: z.string().nullish(),
  test: z.boolean().nullish(),
  taxes_included: z.boolean().nullish(),
  payment_gateway_names: z.array(z.string()).nullish(),
  discount_codes: z.array(z.object({ code: z.string() }).passthrough()).nullish(),
  subtotal_price: decimal.nullish(),
  subtotal_price_set: moneySet.nullish(),
  total_price: decimal.nullish(),
  total_price_set: moneySet.nullish(),
  total_tax: decimal.nullish(),
  total_shipping_price_set: moneySet.nullish(),
  current_total_additional_fees_set: moneySet.nullish(),
  tax_lines: z
    .array(z.object({ title: z.string(), price: decimal, price_set: moneySet.nullish() }))
    .nullish(),
  line_items: z.array(lineItemPayload),
  customer: z.object({ id, email: z.string().nullish(), tags: z.string().nullish() }).nullish(),
});
export type OrderPayload = z.infer<typeof orderPayload>;

/** X-30: Shopify's `source_name` → Laurel's order sources. Apps' own channels count as online. */
export function orderSourceOf(sourceName: string | null | undefined): OrderSource {
  switch (sourceName) {
    case "pos":
      return "pos";
    case "shopify_draft_order":
      return "draft_order";
    case "subscription_contract":
    case "subscription_contract_checkout_one":
      return "subscription_contract";
    default:
      return "web";
  }
}

const splitTags = (tags: string | null | undefined) =>
  (tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/** Line items a loyalty or promotion app added for free carry a `_free_gift`-style property. */
const FREE_GIFT_PROPERTY = /^_?(free_?gift|laurel_free_gift)$/i;

export function toPlatformOrder(p: OrderPayload): PlatformOrder {
  const shopCurrency = p.total_price_set?.shop_money.currency_code ?? p.currency;
  const m = (set: z.infer<typeof moneySet> | null | undefined, plain?: string | number | null) =>
    money(set, plain, shopCurrency);
  return {
    orderId: p.id,
    name: p.name ?? null,
    customerPlatformId: p.customer?.id ?? null,
    email: p.email ?? p.customer?.email ?? null,
    customerTags: splitTags(p.customer?.tags),
    currency: shopCurrency,
    createdAt: new Date(p.created_at),
    cancelledAt: p.cancelled_at ? new Date(p.cancelled_at) : null,
    financialStatus: p.financial_status ?? null,
    source: orderSourceOf(p.source_name),
    tags: splitTags(p.tags),
    test: p.test ?? false,
    taxesIncluded: p.taxes_included ?? false,
    paymentGateways: p.payment_gateway_names ?? [],
    discountCodes: (p.discount_codes ?? []).map((d) => d.code),
    // The order webhook does not say how much store credit paid; transactions would (H-15).
    storeCreditPaid: 0,
    subtotal: m(p.subtotal_price_set, p.subtotal_price),
    total: m(p.total_price_set, p.total_price),
    shipping: m(p.total_shipping_price_set),
    fees: m(p.current_total_additional_fees_set),
    taxes: (p.tax_lines ?? []).map((t) => ({ title: t.title, amount: m(t.price_set, t.price) })),
    lines: p.line_items.map((l) => {
      const allocated = (l.discount_allocations ?? []).reduce((sum, a) => sum + m(a.amount_set, a.amount), 0);
      return {
        lineId: l.id,
        productId: l.product_id ?? null,
        variantId: l.variant_id ?? null,
        quantity: l.quantity,
        unitPrice: m(l.price_set, l.price),
        discount: Math.max(allocated, m(l.total_discount_set, l.total_discount)),
        isGiftCard: l.gift_card ?? false,
        isFreeGift: (l.properties ?? []).some((prop) => FREE_GIFT_PROPERTY.test(prop.name)),
        requiresShipping: l.requires_shipping ?? false,
        ...(l.title ? { title: l.title } : {}),
        ...(l.vendor ? { vendor: l.vendor } : {}),
        ...(l.sku ? { sku: l.sku } : {}),
      };
    }),
  };
}

export const refundPayload = z.object({
  id,
  order_id: id,
  created_at: z.string().nullish(),
  refund_line_items: z
    .array(
      z.object({
        line_item_id: id,
        quantity: z.number().int(),
        subtotal: decimal.nullish(),
        subtotal_set: moneySet.nullish(),
      }),
    )
    .default([]),
  refund_shipping_lines: z
    .array(z.object({ subtotal_amount_set: moneySet.nullish() }).passthrough())
    .nullish(),
  transactions: z
    .array(
      z.object({
        kind: z.string().nullish(),
        status: z.string().nullish(),
        amount: decimal,
        currency: z.string().nullish(),
      }),
    )
    .nullish(),
});
export type RefundPayload = z.infer<typeof refundPayload>;

export function toPlatformRefund(p: RefundPayload, shopCurrency: string): PlatformRefund {
  const lines = p.refund_line_items.map((l) => ({
    lineId: l.line_item_id,
    quantity: l.quantity,
    amount: money(l.subtotal_set, l.subtotal, shopCurrency),
  }));
  return {
    refundId: p.id,
    orderId: p.order_id,
    lineAmount: lines.reduce((sum, l) => sum + l.amount, 0),
    lines,
  };
}
