import type { OrderRow, OrderStatus, ShopRow } from "@laurel/db";
import {
  cycleWindow,
  type EarningCustomer,
  type EarningOrder,
  isPaidFinancialStatus,
  type OrderEvent,
} from "@laurel/domain";
import type { PlatformOrder } from "../../platform/order";

/** The ledger's activity types of an order's life (H-01 … H-05, H-09, H-17). */
export const ORDER_ACTIVITY = {
  earn: "earn_place_order",
  earnPending: "earn_pending_point",
  log: "log_place_order",
  cancel: "remove_cancel_order",
  refund: "remove_refund",
  partialRefund: "remove_partial_refund",
  deductPending: "deduct_pending_point",
  convertPending: "convert_pending_point",
} as const;

/** What each program gave on an order, and on which money: refunds reverse each pro rata (H-17). */
export interface StoredAward {
  programId: string;
  points: number;
  earnableAmount: number;
  autoRemovePoints: boolean;
}

/**
 * What one piece of order news did, as the after-order effects see it (decision 0018): the
 * order's row after it, its status before, and the points it credited or took back.
 */
export interface OrderOutcome {
  shop: ShopRow;
  event: OrderEvent | "refunded";
  order: OrderRow;
  previousStatus: OrderStatus;
  pointsEarned: number;
  pointsTakenBack: number;
}

/** the start of the 30-day cycle containing `now`, anchored at the subscription (or install). */
export function cycleStartOf(shop: Pick<ShopRow, "sub_start_at" | "installed_at">, now: Date): Date {
  return new Date(cycleWindow((shop.sub_start_at ?? shop.installed_at).getTime(), now.getTime()).start);
}

/** The order as the earning rules see it. */
export function toEarningOrder(
  o: PlatformOrder,
  row: Pick<OrderRow, "paid_at">,
  customer: EarningCustomer,
  now: Date,
): EarningOrder {
  const paidAt = row.paid_at ?? (isPaidFinancialStatus(o.financialStatus) ? now : null);
  return {
    id: o.orderId,
    source: o.source,
    createdAt: o.createdAt.toISOString(),
    paidAt: paidAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    test: o.test,
    currency: o.currency,
    subtotal: o.subtotal,
    total: o.total,
    taxesIncluded: o.taxesIncluded,
    lines: o.lines.map((l) => ({
      id: l.lineId,
      productId: l.productId,
      variantId: l.variantId,
      collectionIds: l.collectionIds ?? [],
      collectionTitles: l.collectionTitles ?? [],
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      isGiftCard: l.isGiftCard,
      isFreeGift: l.isFreeGift,
      requiresShipping: l.requiresShipping,
      ...(l.title === undefined ? {} : { title: l.title }),
      ...(l.vendor === undefined ? {} : { vendor: l.vendor }),
      ...(l.sku === undefined ? {} : { sku: l.sku }),
      ...(l.productType === undefined ? {} : { productType: l.productType }),
      ...(l.productTags === undefined ? {} : { productTags: l.productTags }),
    })),
    shipping: o.shipping,
    fees: o.fees,
    taxes: o.taxes,
    payments: o.storeCreditPaid > 0 ? [{ kind: "store_credit", amount: o.storeCreditPaid }] : [],
    tags: o.tags,
    customer: { ...customer, tags: o.customerTags },
  };
}
