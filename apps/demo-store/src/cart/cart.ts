/**
 * The demo store's cart (kept in a cookie, as a storefront's cart token is) and its arithmetic:
 * lines, discount allocations, shipping and totals, all in integer minor units.
 */
import { z } from "zod";
import { findProduct, type Product } from "../catalogue/catalogue";

const MAX_LINES = 20;
const MAX_QUANTITY = 20;
/** Flat shipping rate, free from this much merchandise (after discounts). */
const SHIPPING_RATE = 600;
export const FREE_SHIPPING_FROM = 7500;

interface CartLine {
  handle: string;
  quantity: number;
}

export interface Cart {
  /** Checkout token: placing an order twice with one token places it once. */
  token: string;
  lines: CartLine[];
  /** The discount code the shopper entered (validated again at every step). */
  code: string | null;
}

const cartCookie = z.object({
  t: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  l: z.array(z.tuple([z.string().max(100), z.number().int().min(1).max(MAX_QUANTITY)])).max(MAX_LINES),
  c: z.string().max(255).nullable(),
});

export function emptyCart(token: string): Cart {
  return { token, lines: [], code: null };
}

/** The cookie's cart; anything unreadable (or products no longer sold) is dropped, never an error. */
export function parseCart(value: string | undefined, newToken: () => string): Cart {
  if (!value) return emptyCart(newToken());
  try {
    const parsed = cartCookie.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    if (!parsed.success) return emptyCart(newToken());
    const lines = parsed.data.l
      .filter(([handle]) => findProduct(handle) !== undefined)
      .map(([handle, quantity]) => ({ handle, quantity }));
    return { token: parsed.data.t, lines, code: parsed.data.c };
  } catch {
    return emptyCart(newToken());
  }
}

export function serializeCart(cart: Cart): string {
  const value = { t: cart.token, l: cart.lines.map((l) => [l.handle, l.quantity]), c: cart.code };
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

export function addToCart(cart: Cart, handle: string, quantity: number): Cart {
  const existing = cart.lines.find((l) => l.handle === handle);
  if (existing) return setQuantity(cart, handle, existing.quantity + quantity);
  if (cart.lines.length >= MAX_LINES) return cart;
  return { ...cart, lines: [...cart.lines, { handle, quantity: clampQuantity(quantity) }] };
}

/** Quantity 0 removes the line. */
export function setQuantity(cart: Cart, handle: string, quantity: number): Cart {
  const lines =
    quantity <= 0
      ? cart.lines.filter((l) => l.handle !== handle)
      : cart.lines.map((l) => (l.handle === handle ? { ...l, quantity: clampQuantity(quantity) } : l));
  return { ...cart, lines };
}

const clampQuantity = (q: number) => Math.max(1, Math.min(MAX_QUANTITY, Math.floor(q)));

export function itemCount(cart: Cart): number {
  return cart.lines.reduce((n, l) => n + l.quantity, 0);
}

export interface PricedLine {
  product: Product;
  quantity: number;
  /** unit price × quantity, before discounts. */
  lineTotal: number;
}

export function priceLines(cart: Cart): PricedLine[] {
  return cart.lines.flatMap((l) => {
    const product = findProduct(l.handle);
    return product ? [{ product, quantity: l.quantity, lineTotal: product.price * l.quantity }] : [];
  });
}

/** What a discount takes off: per line (same order as the priced lines) and on shipping. */
export interface DiscountEffect {
  lineDiscounts: number[];
  /** Free shipping up to this rate (null: whatever it is); absent for other discounts. */
  freeShipping: { maxRate: number | null } | null;
}

export interface Totals {
  lines: (PricedLine & { discount: number })[];
  /** Sum of line totals before discounts (Shopify's `total_line_items_price`). */
  lineItemsTotal: number;
  lineDiscount: number;
  /** After line discounts, before shipping (Shopify's `subtotal_price`). */
  subtotal: number;
  requiresShipping: boolean;
  shipping: number;
  shippingDiscount: number;
  /** What the shopper pays. */
  total: number;
  itemCount: number;
}

/** The shipping rate for this much discounted merchandise that needs shipping. */
export function shippingRateFor(lines: PricedLine[], shippedMerchandise: number): number {
  const requiresShipping = lines.some((l) => !l.product.giftCard);
  if (!requiresShipping) return 0;
  return shippedMerchandise >= FREE_SHIPPING_FROM ? 0 : SHIPPING_RATE;
}

export function computeTotals(lines: PricedLine[], effect: DiscountEffect | null): Totals {
  const withDiscount = lines.map((l, i) => ({
    ...l,
    discount: Math.min(l.lineTotal, Math.max(0, effect?.lineDiscounts[i] ?? 0)),
  }));
  const lineItemsTotal = lines.reduce((s, l) => s + l.lineTotal, 0);
  const lineDiscount = withDiscount.reduce((s, l) => s + l.discount, 0);
  const shipped = withDiscount
    .filter((l) => !l.product.giftCard)
    .reduce((s, l) => s + l.lineTotal - l.discount, 0);
  const requiresShipping = lines.some((l) => !l.product.giftCard);
  const shipping = shippingRateFor(lines, shipped);
  const free = effect?.freeShipping;
  const shippingDiscount = free && (free.maxRate === null || shipping <= free.maxRate) ? shipping : 0;
  const subtotal = lineItemsTotal - lineDiscount;
  return {
    lines: withDiscount,
    lineItemsTotal,
    lineDiscount,
    subtotal,
    requiresShipping,
    shipping,
    shippingDiscount,
    total: subtotal + shipping - shippingDiscount,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/**
 * Splits `amount` over `weights` pro rata, in whole minor units, the remainder going to the
 * largest fractions first: the parts always add up to exactly `amount` (capped at the weights' sum).
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, total);
  const exact = weights.map((w) => (capped * w) / total);
  const parts = exact.map(Math.floor);
  let left = capped - parts.reduce((s, p) => s + p, 0);
  const order = exact
    .map((e, i) => ({ i, frac: e - Math.floor(e) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if ((parts[i] ?? 0) < (weights[i] ?? 0)) {
      parts[i] = (parts[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return parts;
}
