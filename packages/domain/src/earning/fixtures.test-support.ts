/** Builders for earning tests: a plain web order of one 100.00 line, a member, a shop with no limits. */
import type { PlaceOrderConfig, PlaceOrderProgram } from "../programs/earning";
import { placeOrderConfigSchema } from "../programs/earning";
import type {
  EarningCustomer,
  EarningOrder,
  EarningOrderLine,
  EarningShop,
  OrderEarningInput,
} from "./types";

export const NOW = "2026-06-15T12:00:00.000Z";

export function line(over: Partial<EarningOrderLine> = {}): EarningOrderLine {
  return {
    id: "l1",
    productId: "p1",
    variantId: "v1",
    collectionIds: ["c1"],
    quantity: 1,
    unitPrice: 10_000,
    discount: 0,
    isGiftCard: false,
    isFreeGift: false,
    requiresShipping: true,
    title: "Linen shirt",
    productType: "Shirts",
    vendor: "Acme",
    sku: "SH-1",
    productTags: ["summer", "linen"],
    collectionTitles: ["Summer"],
    ...over,
  };
}

export function customer(over: Partial<EarningCustomer> = {}): EarningCustomer {
  return {
    id: "cus_1",
    state: "member",
    email: "ada@example.com",
    tags: ["newsletter"],
    isB2B: false,
    vipTierId: null,
    ordersCount: 3,
    totalSpent: 45_000,
    ...over,
  };
}

export function order(over: Partial<EarningOrder> = {}): EarningOrder {
  const lines = over.lines ?? [line()];
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity - l.discount, 0);
  return {
    id: "820982911946154508",
    source: "web",
    createdAt: "2026-06-15T10:00:00.000Z",
    paidAt: "2026-06-15T10:00:05.000Z",
    cancelledAt: null,
    test: false,
    currency: "USD",
    subtotal,
    total: subtotal,
    taxesIncluded: false,
    lines,
    shipping: 0,
    fees: 0,
    taxes: [],
    payments: [],
    tags: [],
    discountCodes: [],
    customer: customer(),
    ...over,
  };
}

export function shop(over: Partial<EarningShop> = {}): EarningShop {
  return {
    currency: "USD",
    utcOffsetMinutes: 0,
    sandbox: { enabled: false, testEmails: [] },
    eligibility: "all",
    plan: {
      ordersThisCycle: 0,
      limit: null,
      transactionsLimited: false,
      transactionCount: 0,
      transactionLimit: null,
    },
    pendingPoints: null,
    ...over,
  };
}

/** A place order program, its settings completed by the schema (as the API stores them). */
export function program(
  config: Partial<Record<keyof PlaceOrderConfig, unknown>> = {},
  over: Partial<PlaceOrderProgram> = {},
): PlaceOrderProgram {
  return {
    id: "prg_default",
    type: "earning",
    event: "place_order",
    title: "Place an order",
    translateTitle: {},
    description: null,
    status: "active",
    priority: 99,
    startDate: null,
    endDate: null,
    config: placeOrderConfigSchema.parse({ earnBy: "price", earnPoint: 10, rateMoney: 10_000, ...config }),
    ...over,
  };
}

export function input(over: Partial<OrderEarningInput> = {}): OrderEarningInput {
  return { order: order(), programs: [program()], shop: shop(), priorAwards: [], now: NOW, ...over };
}
