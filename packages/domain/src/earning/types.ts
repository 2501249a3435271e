import type { ConditionCheck } from "./conditions";
/**
 * What the earning engine reads and returns. Money is integer minor units of the SHOP's currency
 * the caller converts with the order's shop-money amounts); points are integers; instants
 * are ISO-8601 strings; platform ids stay strings (DESIGN §5).
 */

import type { EarnBy, EarningOrderSource, EarningProgram, HoldingUnit } from "../programs/earning";
import type { CustomerState } from "../vocabulary";

/** An ISO-8601 instant, e.g. `2026-06-15T12:00:00.000Z`. */
export type IsoInstant = string;

/** J-02, X-63: a shopper is a member, a guest, or has left the program. */

export interface EarningCustomer {
  id: string;
  state: CustomerState;
  email: string | null;
  tags: string[];
  /** Linked to a B2B company. */
  isB2B: boolean;
  vipTierId: string | null;
  /** For customer conditions (C-19); unknown when absent. */
  ordersCount?: number | null;
  totalSpent?: number | null;
}

export interface EarningOrderLine {
  id: string;
  productId: string | null;
  variantId: string | null;
  collectionIds: string[];
  quantity: number;
  /** Price of one unit before discounts. */
  unitPrice: number;
  /** All discounts allocated to the line (not per unit). */
  discount: number;
  isGiftCard: boolean;
  isFreeGift: boolean;
  requiresShipping: boolean;
  /** For product and collection conditions (C-19); empty when absent. */
  title?: string;
  productType?: string;
  vendor?: string;
  sku?: string;
  productTags?: string[];
  collectionTitles?: string[];
}

/** A tax line; `lineId` ties it to one line item, otherwise it belongs to the whole order. */
export interface EarningOrderTax {
  title: string;
  amount: number;
  lineId?: string | null;
}

/** How the order was paid; only gift cards and store credit matter to earning (C-14, H-15). */
export interface EarningOrderPayment {
  kind: "gift_card" | "store_credit" | "other";
  amount: number;
}

export interface EarningOrder {
  id: string;
  source: EarningOrderSource;
  createdAt: IsoInstant;
  paidAt: IsoInstant | null;
  cancelledAt: IsoInstant | null;
  /** The platform's test order flag (bogus gateway). */
  test: boolean;
  /** The shop's currency; every amount below is in its minor units. */
  currency: string;
  subtotal: number;
  total: number;
  /** Line prices already include their taxes (EU-style). */
  taxesIncluded: boolean;
  lines: EarningOrderLine[];
  shipping: number;
  /** Additional fees (duties, platform fees …). */
  fees: number;
  taxes: EarningOrderTax[];
  payments: EarningOrderPayment[];
  tags: string[];
  discountCodes?: string[];
  customer: EarningCustomer | null;
}

/** H-09: how long pending points are held. */
export interface HoldingPeriod {
  value: number;
  unit: HoldingUnit;
}

/** The shop-level facts earning depends on. */
export interface EarningShop {
  currency: string;
  /** The store's UTC offset, in minutes, at the instant being evaluated (C-09, X-29). */
  utcOffsetMinutes: number;
  /** J-18, X-71: in sandbox only these e-mails earn. */
  sandbox: { enabled: boolean; testEmails: string[] };
  /** C-22 shop-wide eligibility (X-51: only DTC = not linked to a B2B company). */
  eligibility: "all" | "only_dtc" | "manual_only";
  /** B-29/X-01/X-08 order limit and B-30/X-09 transaction limit; `null` limits are unlimited. */
  plan: {
    /** Orders already counted in the current cycle, this one excluded. */
    ordersThisCycle: number;
    limit: number | null;
    transactionsLimited: boolean;
    transactionCount: number;
    transactionLimit: number | null;
  };
  /** H-09, X-41: pending points; the hold starts when the order is paid, or at fulfilment. */
  pendingPoints?: { enabled: boolean; holdingPeriod: HoldingPeriod; startsAt?: "paid" | "fulfilled" } | null;
}

/** An earlier award of a program to this customer; `at` is the instant of the event it rewarded. */
export interface EarningPriorAward {
  programId: string;
  at: IsoInstant;
  /** The order it rewarded, for place order awards. */
  orderId?: string | null;
}

export interface OrderEarningInput {
  order: EarningOrder;
  /** The shop's earning programs; those that are not place order programs are ignored. */
  programs: readonly EarningProgram[];
  shop: EarningShop;
  /** This customer's earlier awards (any program). */
  priorAwards: readonly EarningPriorAward[];
  now: IsoInstant;
}

export interface OrderAward {
  programId: string;
  points: number;
  /** Why, in words, for the activity log. */
  reason: string;
  earnBy: EarnBy;
  /** The money the points were computed on (rounded down to a minor unit); H-17 reverses on it. */
  earnableAmount: number;
  /** The items counted (earnBy item). */
  earnableQuantity: number;
  /** H-09: held as pending points. `pendingUntil` is null while the hold waits for fulfilment. */
  pending: boolean;
  pendingUntil: IsoInstant | null;
}

/** Why an order is only logged (`log_order`, C-33) instead of rewarded. */
export type OrderLogReason =
  | "cancelled"
  | "already_awarded"
  | "currency_mismatch"
  | "transaction_limit_reached"
  | "order_limit_reached"
  | "sandbox"
  | "not_eligible"
  | "no_matching_program"
  | "zero_points";

/** Why one program did not reward the order. */
export type ProgramSkipReason =
  | "inactive"
  | "outside_dates"
  | "sale_channel"
  | "audience"
  | "excluded_order_tag"
  | "not_paid"
  | "test_order"
  | "no_eligible_items"
  | "conditions_not_met"
  | "limit_reached"
  | "zero_earnable_amount";

export interface ProgramOutcome {
  programId: string;
  /** `matched_zero`: the rule matched (and may stop lower rules) but earned 0 points. */
  result: "awarded" | "matched_zero" | "skipped" | "not_reached";
  reason: ProgramSkipReason | null;
  points: number;
  /**
   * The rule engine's conditions (C-19) as this order met them, one by one, when the program uses
   * conditions and was evaluated as far as them; absent otherwise.
   */
  conditions?: ConditionCheck[];
}

export type OrderEarningDecision =
  | { kind: "reward"; awards: OrderAward[]; total: number; trace: ProgramOutcome[] }
  | { kind: "log_only"; reason: OrderLogReason; trace: ProgramOutcome[] };
