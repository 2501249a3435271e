/**
 * What part of an order earns (C-14, C-20, H-15, X-46): the lines in the program's scope, and the
 * money and items they stand for, as exact rationals in minor units of the shop's currency.
 */
import type { IncludeProducts, PlaceOrderConfig, ProductList } from "../programs/earning";
import {
  addRatio,
  floorRatio,
  isZeroRatio,
  type Ratio,
  ratio,
  scaleRatio,
  subtractRatioFloorZero,
  ZERO,
} from "./ratio";
import type { EarningOrder, EarningOrderLine, EarningOrderTax } from "./types";

/** A line's net: quantity × unit price less its discounts, never below 0. */
export function lineNet(line: EarningOrderLine): number {
  return Math.max(0, line.unitPrice * line.quantity - line.discount);
}

function isInList(list: ProductList, line: EarningOrderLine): boolean {
  if (line.productId !== null && list.productIds.includes(line.productId)) return true;
  return line.collectionIds.some((id) => list.collectionIds.includes(id));
}

function isIncluded(scope: IncludeProducts, line: EarningOrderLine): boolean {
  return scope.appliesTo === "all" || isInList(scope, line);
}

/**
 * C-14, C-20: the lines a program considers before its conditions: in the included products, not
 * excluded (also per channel: POS orders skip `excludePOSOrderProducts`, online-store orders skip
 * `excludeOSOrderProducts`), and no gift cards or free gifts when those are excluded.
 */
export function selectScopeLines(config: PlaceOrderConfig, order: EarningOrder): EarningOrderLine[] {
  return order.lines.filter((line) => {
    if (line.quantity <= 0) return false;
    if (config.excludeGiftCard && line.isGiftCard) return false;
    if (config.excludeFreeGift && line.isFreeGift) return false;
    if (!isIncluded(config.includeProducts, line)) return false;
    if (isInList(config.excludeProducts, line)) return false;
    if (order.source === "pos" && isInList(config.excludePOSOrderProducts, line)) return false;
    if (order.source === "web" && isInList(config.excludeOSOrderProducts, line)) return false;
    return true;
  });
}

export interface Earnable {
  /** Money that earns, exact. */
  amount: Ratio;
  /** Items that earn (zero-price items only with `earnZeroPriceItems`). */
  quantity: number;
  /** Lines that earn; a fixed-per-order rule needs at least one. */
  lineCount: number;
}

/** C-14: a line whose net is 0 (free, or fully discounted) counts only with `earnZeroPriceItems`. */
function countsAsItem(config: PlaceOrderConfig, line: EarningOrderLine): boolean {
  return config.earnZeroPriceItems || lineNet(line) > 0;
}

/**
 * The money and items that earn under one program, from the lines it accepted:
 * merchandise, plus shipping and fees when converted, plus or minus taxes (below), less the share
 * paid with store credit (when excluded) or with gift cards (anti-cheat, when gift-card purchases
 * themselves earn: the same money must not earn twice).
 */
export function measureEarnable(
  config: PlaceOrderConfig,
  order: EarningOrder,
  lines: readonly EarningOrderLine[],
): Earnable {
  const counted = lines.filter((l) => countsAsItem(config, l));
  let amount = ratio(lines.reduce((sum, l) => sum + lineNet(l), 0));
  if (config.earnPointShippingFee) amount = addRatio(amount, ratio(order.shipping));
  if (config.earnPointFees) amount = addRatio(amount, ratio(order.fees));
  amount = adjustForTaxes(config, order, lines, amount);
  amount = deductExcludedPayments(config, order, amount);
  return { amount, quantity: counted.reduce((sum, l) => sum + l.quantity, 0), lineCount: counted.length };
}

/**
 * C-14 taxes. A tax earns when `earnPointTax` is on and its title is not an excluded tax type.
 * Only the part of a tax that belongs to what earns counts: a line's own tax when that line earns,
 * and of an order-level tax the share of the earning lines (and shipping, when it earns) in the
 * order's lines + shipping. With tax-exclusive prices an earning tax is added; with tax-inclusive
 * prices a non-earning tax is taken out of the prices that contain it.
 */
function adjustForTaxes(
  config: PlaceOrderConfig,
  order: EarningOrder,
  lines: readonly EarningOrderLine[],
  amount: Ratio,
): Ratio {
  const excluded = new Set(config.excludedTaxTypes.map((t) => t.trim().toLowerCase()));
  const earns = (t: EarningOrderTax) => config.earnPointTax && !excluded.has(t.title.trim().toLowerCase());
  let result = amount;
  for (const tax of order.taxes) {
    const share = taxShare(config, order, lines, tax);
    if (order.taxesIncluded && !earns(tax)) result = subtractRatioFloorZero(result, share);
    if (!order.taxesIncluded && earns(tax)) result = addRatio(result, share);
  }
  return result;
}

function taxShare(
  config: PlaceOrderConfig,
  order: EarningOrder,
  lines: readonly EarningOrderLine[],
  tax: EarningOrderTax,
): Ratio {
  const own = tax.lineId ? order.lines.find((l) => l.id === tax.lineId) : undefined;
  if (own) return lines.some((l) => l.id === own.id) ? ratio(tax.amount) : ZERO;
  const base = order.lines.reduce((sum, l) => sum + lineNet(l), 0) + order.shipping;
  if (base <= 0) return ZERO;
  const earning =
    lines.reduce((sum, l) => sum + lineNet(l), 0) + (config.earnPointShippingFee ? order.shipping : 0);
  return ratio(BigInt(tax.amount) * BigInt(earning), base);
}

/**
 * H-15 store credit and gift-card payments are not attributed to lines, so the deduction is their
 * share of the order total: paid × earnable ÷ total (all of it when they paid everything).
 */
function deductExcludedPayments(config: PlaceOrderConfig, order: EarningOrder, amount: Ratio): Ratio {
  const giftCardPaymentsExcluded = config.enabledAntiCheat && !config.excludeGiftCard;
  const paid = order.payments.reduce((sum, p) => {
    if (p.kind === "store_credit" && config.excludeStoreCredit) return sum + p.amount;
    if (p.kind === "gift_card" && giftCardPaymentsExcluded) return sum + p.amount;
    return sum;
  }, 0);
  if (paid <= 0 || order.total <= 0 || isZeroRatio(amount)) return amount;
  const excludedPart = scaleRatio(amount, Math.min(paid, order.total), order.total);
  return subtractRatioFloorZero(amount, excludedPart);
}

/** The earnable money rounded down to a whole minor unit, as recorded with an award. */
export function wholeMinorUnits(amount: Ratio): number {
  return Number(floorRatio(amount));
}
