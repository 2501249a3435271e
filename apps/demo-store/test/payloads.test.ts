import { readFileSync } from "node:fs";
import { DEMO_SHOP_DOMAIN, DEMO_SHOPPERS } from "@laurel/db";
import { describe, expect, it } from "vitest";
import {
  customerPayload,
  orderWebhookPayload,
  refundWebhookPayload,
  type StoredOrder,
  serializePayload,
} from "../src/platform/shopify-payloads";

const [AVA] = DEMO_SHOPPERS;
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/shopify/${name}`, import.meta.url), "utf8")) as Record<
    string,
    unknown
  >;

/** JSON.parse keeping integers beyond 2^53 as their digits, as Laurel parses webhook bodies. */
const parseKeepingBigIntegers = (text: string): unknown =>
  JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source ? context.source : value,
  );

describe("payloads are Shopify's shapes", () => {
  const order: StoredOrder = {
    orderId: "1764000000000001001",
    number: 1001,
    name: "#1001",
    token: "tok123456789",
    checkoutToken: "chk123456789",
    createdAt: "2026-11-22T12:00:00+00:00",
    email: AVA.email,
    customer: {
      id: AVA.customerId,
      email: AVA.email,
      firstName: "Ava",
      lastName: "Park",
      createdAt: "2026-11-01T00:00:00+00:00",
    },
    address: {
      name: "Ava Park",
      address1: "1 Demo Street",
      city: "Springfield",
      zip: "12345",
      countryCode: "US",
    },
    lines: [
      {
        lineId: "1764000000000002001",
        productId: "8012345678900000001",
        variantId: "4512345678900000001",
        sku: "LDG-TEE-01",
        title: "Laurel Wreath Tee",
        vendor: "Laurel Demo Goods",
        price: 2800,
        quantity: 2,
        discount: 500,
        giftCard: false,
        grams: 180,
      },
    ],
    discount: {
      code: "LAUREL-ABC",
      title: "$5 off",
      codeType: "fixed_amount",
      valueType: "fixed_amount",
      value: "5.00",
      targetType: "line_item",
      targetSelection: "all",
      allocationMethod: "across",
    },
    lineItemsTotal: 5600,
    lineDiscount: 500,
    subtotal: 5100,
    shippingLineId: "1764000000000003001",
    shipping: 600,
    shippingDiscount: 0,
    total: 5700,
    saleTransactionId: "1764000000000004001",
    gateway: "shopify_payments",
  };
  const refund = {
    refundId: "1764000000000005001",
    createdAt: "2026-11-23T12:00:00+00:00",
    note: null,
    lines: [
      { refundLineId: "1764000000000006001", lineId: "1764000000000002001", quantity: 1, subtotal: 2550 },
    ],
    shipping: 0,
    shippingRefundId: "1764000000000007001",
    amount: 2550,
    transactionId: "1764000000000008001",
  };

  it("orders, refunds and customers carry every field of Shopify's samples, ids as bare 64-bit numbers", () => {
    const body = serializePayload(
      orderWebhookPayload(
        order,
        { financialStatus: "paid", cancelledAt: null, refunds: [], updatedAt: order.createdAt },
        DEMO_SHOP_DOMAIN,
      ),
    );
    expect(body).toContain('"id":1764000000000001001,');
    const parsed = parseKeepingBigIntegers(body) as Record<string, unknown>;
    for (const key of Object.keys(fixture("orders_create.json"))) expect(parsed, key).toHaveProperty(key);
    expect(parsed).toMatchObject({
      id: "1764000000000001001",
      customer: { id: AVA.customerId },
      discount_codes: [{ code: "LAUREL-ABC" }],
      subtotal_price: "51.00",
      total_price: "57.00",
      financial_status: "paid",
      test: false,
    });

    const refundBody = serializePayload(refundWebhookPayload(order, refund));
    expect(refundBody).toContain('"subtotal":25.50,');
    const parsedRefund = parseKeepingBigIntegers(refundBody) as Record<string, unknown>;
    for (const key of Object.keys(fixture("refunds_create.json")))
      expect(parsedRefund, key).toHaveProperty(key);
    expect(parsedRefund).toMatchObject({ order_id: "1764000000000001001" });

    const customer = parseKeepingBigIntegers(
      serializePayload(customerPayload(order.customer as never)),
    ) as object;
    for (const key of Object.keys(fixture("customers_create.json")))
      expect(customer, key).toHaveProperty(key);
  });
});
