import { DEFAULT_CURRENCY } from "@laurel/domain";
import { z } from "zod";
import { toMinorUnits } from "../money";
import type { OrderSource, PlatformOrder } from "../order";

/**
 * Recent orders through Admin GraphQL (reconciliation): the query, its response schema and the
 * mapping to Laurel's platform order. Money comes from `shopMoney` (the shop's currency, X-46) as
 * decimal strings and is turned into minor units exactly.
 */
export const RECENT_ORDERS_QUERY = `query LaurelRecentOrders($query: String!, $after: String) {
  orders(first: 50, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name email createdAt cancelledAt displayFinancialStatus sourceName tags test taxesIncluded
      discountCodes
      customer { id email tags }
      currentSubtotalPriceSet { shopMoney { amount currencyCode } }
      totalPriceSet { shopMoney { amount currencyCode } }
      totalShippingPriceSet { shopMoney { amount currencyCode } }
      taxLines { title priceSet { shopMoney { amount } } }
      lineItems(first: 100) {
        nodes {
          id quantity isGiftCard requiresShipping
          product { id }
          variant { id }
          originalUnitPriceSet { shopMoney { amount } }
          totalDiscountSet { shopMoney { amount } }
        }
      }
    }
  }
}`;

const money = z.object({ shopMoney: z.object({ amount: z.string(), currencyCode: z.string().optional() }) });
const gidNode = z.object({ id: z.string() }).nullable();

export const recentOrdersResponse = z.object({
  orders: z.object({
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
    nodes: z.array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        email: z.string().nullable(),
        createdAt: z.string(),
        cancelledAt: z.string().nullable(),
        displayFinancialStatus: z.string().nullable(),
        sourceName: z.string().nullable(),
        tags: z.array(z.string()),
        test: z.boolean(),
        taxesIncluded: z.boolean(),
        discountCodes: z.array(z.string()),
        customer: z
          .object({ id: z.string(), email: z.string().nullable(), tags: z.array(z.string()) })
          .nullable(),
        currentSubtotalPriceSet: money,
        totalPriceSet: money,
        totalShippingPriceSet: money,
        taxLines: z.array(z.object({ title: z.string(), priceSet: money })),
        lineItems: z.object({
          nodes: z.array(
            z.object({
              id: z.string(),
              quantity: z.number().int(),
              isGiftCard: z.boolean(),
              requiresShipping: z.boolean(),
              product: gidNode,
              variant: gidNode,
              originalUnitPriceSet: money,
              totalDiscountSet: money,
            }),
          ),
        }),
      }),
    ),
  }),
});
type GraphqlOrder = z.infer<typeof recentOrdersResponse>["orders"]["nodes"][number];

/** `gid://shopify/Order/820982911946154508` → `820982911946154508`, the id webhooks carry. */
export const legacyId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

function sourceOf(name: string | null): OrderSource {
  if (name === "pos") return "pos";
  if (name === "shopify_draft_order") return "draft_order";
  if (name?.startsWith("subscription_contract")) return "subscription_contract";
  return "web";
}

/** GraphQL's `PAID` is the REST `paid` the earning trigger reads. */
export function toPlatformOrderFromGraphql(o: GraphqlOrder): PlatformOrder {
  const currency = o.totalPriceSet.shopMoney.currencyCode ?? DEFAULT_CURRENCY;
  const m = (set: z.infer<typeof money>) => toMinorUnits(set.shopMoney.amount, currency);
  return {
    orderId: legacyId(o.id),
    name: o.name,
    customerPlatformId: o.customer ? legacyId(o.customer.id) : null,
    email: o.email ?? o.customer?.email ?? null,
    customerTags: o.customer?.tags ?? [],
    currency,
    createdAt: new Date(o.createdAt),
    cancelledAt: o.cancelledAt ? new Date(o.cancelledAt) : null,
    financialStatus: o.displayFinancialStatus?.toLowerCase() ?? null,
    source: sourceOf(o.sourceName),
    tags: o.tags,
    test: o.test,
    taxesIncluded: o.taxesIncluded,
    paymentGateways: [],
    discountCodes: o.discountCodes,
    storeCreditPaid: 0,
    subtotal: m(o.currentSubtotalPriceSet),
    total: m(o.totalPriceSet),
    shipping: m(o.totalShippingPriceSet),
    fees: 0,
    taxes: o.taxLines.map((t) => ({ title: t.title, amount: m(t.priceSet) })),
    lines: o.lineItems.nodes.map((l) => ({
      lineId: legacyId(l.id),
      productId: l.product ? legacyId(l.product.id) : null,
      variantId: l.variant ? legacyId(l.variant.id) : null,
      quantity: l.quantity,
      unitPrice: m(l.originalUnitPriceSet),
      discount: m(l.totalDiscountSet),
      isGiftCard: l.isGiftCard,
      isFreeGift: false,
      requiresShipping: l.requiresShipping,
    })),
  };
}
