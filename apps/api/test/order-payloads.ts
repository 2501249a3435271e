/** Shopify-shaped order and refund webhook bodies for tests (REST JSON, as the 2026-07 samples). */

/** Ids travel as bare JSON numbers beyond 2^53, as Shopify sends them: the server must keep every digit. */
const big = (id: string) => `#big:${id}`;
const withBareIds = (value: unknown) => JSON.stringify(value).replace(/"#big:(\d+)"/g, "$1");
const money = (amount: string) => ({
  shop_money: { amount, currency_code: "USD" },
  presentment_money: { amount, currency_code: "USD" },
});

export interface TestOrder {
  id: string;
  customerId?: string | null;
  lines?: {
    id: string;
    price: string;
    quantity: number;
    productId?: string;
    title?: string;
    vendor?: string | null;
    sku?: string;
  }[];
  financialStatus?: string;
  cancelledAt?: string | null;
  email?: string;
  tags?: string;
  sourceName?: string;
  discountCodes?: string[];
  /** ISO time the order was placed; a fixed June 2026 day by default. */
  createdAt?: string;
}

export function orderBody(o: TestOrder): string {
  const lines = o.lines ?? [{ id: `${o.id}1`, price: "100.00", quantity: 1 }];
  const total = lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0).toFixed(2);
  return withBareIds({
    id: big(o.id),
    admin_graphql_api_id: `gid://shopify/Order/${o.id}`,
    name: `#${o.id.slice(-4)}`,
    email: o.email ?? "shopper@example.com",
    currency: "USD",
    created_at: o.createdAt ?? "2026-06-15T10:00:00-04:00",
    cancelled_at: o.cancelledAt ?? null,
    financial_status: o.financialStatus ?? "paid",
    source_name: o.sourceName ?? "web",
    tags: o.tags ?? "",
    test: false,
    taxes_included: false,
    payment_gateway_names: ["bogus"],
    discount_codes: (o.discountCodes ?? []).map((code) => ({ code, amount: "5.00", type: "fixed_amount" })),
    subtotal_price: total,
    subtotal_price_set: money(total),
    total_price: total,
    total_price_set: money(total),
    total_shipping_price_set: money("0.00"),
    tax_lines: [],
    line_items: lines.map((l) => ({
      id: big(l.id),
      product_id: big(l.productId ?? "632910392"),
      variant_id: null,
      quantity: l.quantity,
      price: l.price,
      price_set: money(l.price),
      total_discount: "0.00",
      discount_allocations: [],
      gift_card: false,
      requires_shipping: true,
      properties: [],
      title: l.title ?? "Aviator sunglasses",
      vendor: l.vendor === undefined ? null : l.vendor,
      sku: l.sku ?? "",
    })),
    customer:
      o.customerId === null
        ? null
        : { id: big(o.customerId ?? "5001"), email: o.email ?? "shopper@example.com", tags: "" },
  });
}

export function refundBody(r: { id: string; orderId: string; amount: string; lineId?: string }): string {
  return withBareIds({
    id: big(r.id),
    order_id: big(r.orderId),
    created_at: "2026-06-16T10:00:00-04:00",
    refund_line_items: [
      {
        id: 1,
        quantity: 1,
        line_item_id: big(r.lineId ?? "1"),
        // Refund subtotals are JSON numbers in Shopify's payloads.
        subtotal: Number(r.amount),
        total_tax: 0.0,
        subtotal_set: money(r.amount),
      },
    ],
    transactions: [],
  });
}
