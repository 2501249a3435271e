/** Order and refund webhook bodies, as Shopify serialises them (shapes in payload-parts.ts). */
import { CURRENCY, decimal } from "../catalogue/catalogue";
import {
  addressPayload,
  bigId,
  customerPayload,
  moneySet,
  type OrderState,
  rawJSON,
  type StoredOrder,
  type StoredOrderLine,
  type StoredRefund,
} from "./payload-parts";

export {
  customerPayload,
  type OrderState,
  type StoredAddress,
  type StoredCustomer,
  type StoredOrder,
  type StoredRefund,
  serializePayload,
} from "./payload-parts";

function lineItemPayload(o: StoredOrder, l: StoredOrderLine, refunded: number) {
  return {
    id: bigId(l.lineId),
    admin_graphql_api_id: `gid://shopify/LineItem/${l.lineId}`,
    attributed_staffs: [],
    current_quantity: l.quantity - refunded,
    fulfillable_quantity: l.quantity - refunded,
    fulfillment_service: "manual",
    fulfillment_status: null,
    gift_card: l.giftCard,
    grams: l.grams,
    name: l.title,
    price: decimal(l.price),
    price_set: moneySet(l.price),
    product_exists: true,
    product_id: bigId(l.productId),
    properties: [],
    quantity: l.quantity,
    requires_shipping: !l.giftCard,
    sales_line_item_group_id: null,
    sku: l.sku,
    taxable: !l.giftCard,
    title: l.title,
    total_discount: "0.00",
    total_discount_set: moneySet(0),
    variant_id: bigId(l.variantId),
    variant_inventory_management: "shopify",
    variant_title: null,
    vendor: l.vendor,
    tax_lines: [],
    duties: [],
    discount_allocations:
      o.discount && l.discount > 0
        ? [{ amount: decimal(l.discount), amount_set: moneySet(l.discount), discount_application_index: 0 }]
        : [],
  };
}

function refundPayloadOf(o: StoredOrder, r: StoredRefund) {
  const lineById = new Map(o.lines.map((l) => [l.lineId, l]));
  return {
    id: bigId(r.refundId),
    order_id: bigId(o.orderId),
    created_at: r.createdAt,
    note: r.note,
    user_id: null,
    processed_at: r.createdAt,
    duties: [],
    total_duties_set: moneySet(0),
    return: null,
    refund_shipping_lines:
      r.shipping > 0
        ? [
            {
              id: bigId(r.shippingRefundId),
              shipping_line_id: bigId(o.shippingLineId),
              subtotal_amount_set: moneySet(r.shipping),
            },
          ]
        : [],
    restock: false,
    admin_graphql_api_id: `gid://shopify/Refund/${r.refundId}`,
    order_adjustments: [],
    refund_line_items: r.lines.map((rl) => {
      const line = lineById.get(rl.lineId) as StoredOrderLine;
      return {
        id: bigId(rl.refundLineId),
        quantity: rl.quantity,
        line_item_id: bigId(rl.lineId),
        location_id: null,
        restock_type: "no_restock",
        // Refund subtotals are JSON numbers in Shopify's payloads (money elsewhere is strings).
        subtotal: rawJSON(decimal(rl.subtotal)),
        total_tax: 0.0,
        subtotal_set: moneySet(rl.subtotal),
        total_tax_set: moneySet(0),
        line_item: {
          id: bigId(line.lineId),
          variant_id: bigId(line.variantId),
          title: line.title,
          quantity: line.quantity,
          sku: line.sku,
          variant_title: null,
          vendor: line.vendor,
          fulfillment_service: "manual",
          product_id: bigId(line.productId),
          requires_shipping: !line.giftCard,
          taxable: !line.giftCard,
          gift_card: line.giftCard,
          name: line.title,
          variant_inventory_management: "shopify",
          properties: [],
          product_exists: true,
          fulfillable_quantity: line.quantity,
          grams: line.grams,
          price: decimal(line.price),
          total_discount: "0.00",
          fulfillment_status: null,
          price_set: moneySet(line.price),
          total_discount_set: moneySet(0),
          discount_allocations:
            line.discount > 0
              ? [
                  {
                    amount: decimal(line.discount),
                    discount_application_index: 0,
                    amount_set: moneySet(line.discount),
                  },
                ]
              : [],
          duties: [],
          admin_graphql_api_id: `gid://shopify/LineItem/${line.lineId}`,
          tax_lines: [],
        },
      };
    }),
    transactions: [
      {
        id: bigId(r.transactionId),
        order_id: bigId(o.orderId),
        kind: "refund",
        gateway: o.gateway,
        status: "success",
        message: "Refunded by the demo store",
        created_at: r.createdAt,
        test: false,
        authorization: null,
        location_id: null,
        user_id: null,
        parent_id: bigId(o.saleTransactionId),
        processed_at: r.createdAt,
        device_id: null,
        error_code: null,
        source_name: "web",
        receipt: {},
        amount: decimal(r.amount),
        currency: CURRENCY,
        payment_id: `${o.name}.2`,
        manual_payment_gateway: false,
        amount_rounding: null,
        admin_graphql_api_id: `gid://shopify/OrderTransaction/${r.transactionId}`,
      },
    ],
  };
}

/** refunds/create. */
export function refundWebhookPayload(o: StoredOrder, r: StoredRefund) {
  return refundPayloadOf(o, r);
}

/** orders/create, orders/paid, orders/cancelled: the Order as it stands. */
export function orderWebhookPayload(o: StoredOrder, state: OrderState, shopDomain: string) {
  const refundedQty = new Map<string, number>();
  for (const r of state.refunds)
    for (const rl of r.lines) refundedQty.set(rl.lineId, (refundedQty.get(rl.lineId) ?? 0) + rl.quantity);
  const refundedAmount = state.refunds.reduce((s, r) => s + r.amount, 0);
  const refundedLines = state.refunds.reduce((s, r) => s + r.lines.reduce((x, l) => x + l.subtotal, 0), 0);
  const refundedShipping = state.refunds.reduce((s, r) => s + r.shipping, 0);
  const currentSubtotal = o.subtotal - refundedLines;
  const currentShipping = o.shipping - o.shippingDiscount - refundedShipping;
  const totalDiscounts = o.lineDiscount + o.shippingDiscount;
  const currentTotal = o.total - refundedAmount;
  const customer = o.customer ? customerPayload(o.customer) : null;
  const cancelled = state.cancelledAt !== null;
  return {
    id: bigId(o.orderId),
    admin_graphql_api_id: `gid://shopify/Order/${o.orderId}`,
    app_id: bigId("580111"),
    browser_ip: "127.0.0.1",
    buyer_accepts_marketing: false,
    cancel_reason: cancelled ? "customer" : null,
    cancelled_at: state.cancelledAt,
    cart_token: o.checkoutToken,
    checkout_token: o.checkoutToken,
    client_details: { accept_language: "en", browser_ip: "127.0.0.1", user_agent: "Laurel demo store" },
    closed_at: null,
    confirmation_number: o.token.slice(0, 9).toUpperCase(),
    confirmed: true,
    contact_email: o.email,
    created_at: o.createdAt,
    currency: CURRENCY,
    current_shipping_price_set: moneySet(Math.max(0, currentShipping)),
    current_subtotal_price: decimal(currentSubtotal),
    current_subtotal_price_set: moneySet(currentSubtotal),
    current_total_additional_fees_set: null,
    current_total_discounts: decimal(totalDiscounts),
    current_total_discounts_set: moneySet(totalDiscounts),
    current_total_duties_set: null,
    current_total_price: decimal(currentTotal),
    current_total_price_set: moneySet(currentTotal),
    current_total_tax: "0.00",
    current_total_tax_set: moneySet(0),
    customer_locale: "en",
    device_id: null,
    discount_codes: o.discount
      ? [{ code: o.discount.code, amount: decimal(totalDiscounts), type: o.discount.codeType }]
      : [],
    duties_included: false,
    email: o.email,
    estimated_taxes: false,
    financial_status: state.financialStatus,
    fulfillment_status: null,
    landing_site: "/demo-store",
    landing_site_ref: null,
    location_id: null,
    merchant_business_entity_id: "MTU0ODM4MDAwOQ",
    merchant_of_record_app_id: null,
    name: o.name,
    note: null,
    note_attributes: [],
    number: o.number - 1000,
    order_number: o.number,
    order_status_url: `https://${shopDomain}/demo-store/orders/${o.orderId}?key=${o.token}`,
    original_total_additional_fees_set: null,
    original_total_duties_set: null,
    payment_gateway_names: [o.gateway],
    phone: null,
    po_number: null,
    presentment_currency: CURRENCY,
    processed_at: o.createdAt,
    reference: null,
    referring_site: null,
    source_identifier: null,
    source_name: "web",
    source_url: null,
    subtotal_price: decimal(o.subtotal),
    subtotal_price_set: moneySet(o.subtotal),
    tags: "",
    tax_exempt: false,
    tax_lines: [],
    taxes_included: false,
    test: false,
    token: o.token,
    total_cash_rounding_payment_adjustment_set: moneySet(0),
    total_cash_rounding_refund_adjustment_set: moneySet(0),
    total_discounts: decimal(totalDiscounts),
    total_discounts_set: moneySet(totalDiscounts),
    total_line_items_price: decimal(o.lineItemsTotal),
    total_line_items_price_set: moneySet(o.lineItemsTotal),
    total_outstanding: "0.00",
    total_price: decimal(o.total),
    total_price_set: moneySet(o.total),
    total_shipping_price_set: moneySet(o.shipping - o.shippingDiscount),
    total_tax: "0.00",
    total_tax_set: moneySet(0),
    total_tip_received: "0.00",
    total_weight: o.lines.reduce((s, l) => s + l.grams * l.quantity, 0),
    updated_at: state.updatedAt,
    user_id: null,
    billing_address: addressPayload(o.address),
    customer,
    discount_applications: o.discount
      ? [
          {
            target_type: o.discount.targetType,
            type: "discount_code",
            value: o.discount.value,
            value_type: o.discount.valueType,
            allocation_method: o.discount.allocationMethod,
            target_selection: o.discount.targetSelection,
            code: o.discount.code,
          },
        ]
      : [],
    fulfillments: [],
    line_items: o.lines.map((l) => lineItemPayload(o, l, refundedQty.get(l.lineId) ?? 0)),
    payment_terms: null,
    refunds: state.refunds.map((r) => refundPayloadOf(o, r)),
    shipping_address: addressPayload(o.address),
    returns: [],
    line_item_groups: [],
    shipping_lines: o.lines.some((l) => !l.giftCard)
      ? [
          {
            id: bigId(o.shippingLineId),
            carrier_identifier: null,
            code: "Standard",
            current_discounted_price_set: moneySet(o.shipping - o.shippingDiscount),
            discounted_price: decimal(o.shipping - o.shippingDiscount),
            discounted_price_set: moneySet(o.shipping - o.shippingDiscount),
            is_removed: false,
            phone: null,
            price: decimal(o.shipping),
            price_set: moneySet(o.shipping),
            requested_fulfillment_service_id: null,
            source: "shopify",
            title: "Standard",
            tax_lines: [],
            discount_allocations:
              o.shippingDiscount > 0
                ? [
                    {
                      amount: decimal(o.shippingDiscount),
                      amount_set: moneySet(o.shippingDiscount),
                      discount_application_index: 0,
                    },
                  ]
                : [],
          },
        ]
      : [],
  };
}
