/**
 * The demo checkout's discount rules: whether a code may be used on this cart by this shopper, and
 * what it takes off. The code's terms are the platform port's `DiscountRequest` (what Laurel asked
 * the demo platform to create), checked the way Shopify's checkout does.
 */
import { z } from "zod";
import { CURRENCY, collectionIdOf, formatMoney, numericId, PRODUCTS } from "../catalogue/catalogue";
import { allocate, type DiscountEffect, type PricedLine, shippingRateFor } from "./cart";

const money = z.object({ amount: z.number().int(), currency: z.string() });
const items = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ productIds: z.array(z.string()) }),
  z.object({ collectionIds: z.array(z.string()) }),
]);
type Items = z.infer<typeof items>;

/** A stored `DiscountRequest` (dates are ISO strings once stored as JSON). */
export const storedDiscountRequest = z.object({
  code: z.string(),
  title: z.string(),
  value: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("amount"), amount: money, items }),
    z.object({ kind: z.literal("percentage"), percentage: z.number().min(0).max(100), items }),
    z.object({ kind: z.literal("free_shipping"), maxShippingPrice: money.nullable() }),
    z.object({
      kind: z.literal("free_product"),
      productIds: z.array(z.string()),
      quantity: z.number().int().min(1),
    }),
    z.object({
      kind: z.literal("buy_x_get_y"),
      buys: z.object({ quantity: z.number().int().min(1), items }),
      gets: z.object({
        quantity: z.number().int().min(1),
        items,
        percentage: z.number().min(0).max(100),
      }),
    }),
  ]),
  minimum: z.union([z.object({ subtotal: money }), z.object({ quantity: z.number().int() })]).nullable(),
  customerPlatformId: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  appliesOncePerCustomer: z.boolean(),
  purchaseType: z.enum(["one_time", "subscription", "both"]),
  /** D-10; codes stored before the channel was sent apply everywhere. */
  salesChannel: z.enum(["online_store", "pos", "all"]).default("all"),
  startsAt: z.coerce.date(),
  endsAt: z.coerce.date().nullable(),
});
type StoredDiscountRequest = z.infer<typeof storedDiscountRequest>;

export interface StoredDiscount {
  id: string;
  code: string;
  active: boolean;
  usedCount: number;
  request: unknown;
}

export interface DiscountShopper {
  customerId: string | null;
  email: string | null;
  /** Orders in which this shopper (by customer id or e-mail) already used the code. */
  previousUses: number;
}

export type RefusalReason =
  | "empty_cart"
  | "not_found"
  | "unreadable"
  | "inactive"
  | "not_started"
  | "expired"
  | "sign_in_required"
  | "other_customer"
  | "usage_limit_reached"
  | "already_used"
  | "subscription_only"
  | "pos_only"
  | "minimum_subtotal"
  | "minimum_quantity"
  | "not_applicable";

/** What a code does, as the order's `discount_applications` and `discount_codes` describe it. */
interface DiscountApplication {
  discountId: string;
  code: string;
  title: string;
  kind: StoredDiscountRequest["value"]["kind"];
  /** discount_codes[].type */
  codeType: "fixed_amount" | "percentage" | "shipping";
  valueType: "fixed_amount" | "percentage";
  /** discount_applications[].value, e.g. "5.00" or "10.0". */
  value: string;
  targetType: "line_item" | "shipping_line";
  targetSelection: "all" | "entitled";
  allocationMethod: "across" | "each";
  effect: DiscountEffect;
  /** A line the shopper can read ("$5.00 off", "Free shipping"). */
  summary: string;
}

export type DiscountOutcome =
  | { ok: true; application: DiscountApplication }
  | { ok: false; reason: RefusalReason; message: string };

const refuse = (reason: RefusalReason, message: string): DiscountOutcome => ({ ok: false, reason, message });

const eligibleFor = (scope: Items, line: PricedLine): boolean => {
  if (line.product.giftCard) return false; // Gift cards never take discounts (as on Shopify).
  if ("all" in scope) return true;
  if ("productIds" in scope) return scope.productIds.map(numericId).includes(line.product.productId);
  return scope.collectionIds.map(numericId).includes(collectionIdOf(line.product));
};

const productTitle = (id: string) => PRODUCTS.find((p) => p.productId === numericId(id))?.title;

const percentText = (p: number) => `${Number.isInteger(p) ? p : p.toFixed(2)}%`;

/**
 * Checks a code against the cart and the shopper, in Shopify's order of questions, and computes
 * its effect. `stored` is null when no code matched (case-insensitively).
 */
export function evaluateDiscount(
  enteredCode: string,
  stored: StoredDiscount | null,
  lines: PricedLine[],
  shopper: DiscountShopper,
  now: Date,
): DiscountOutcome {
  if (lines.length === 0) return refuse("empty_cart", "Add something to your cart before entering a code.");
  if (!stored) return refuse("not_found", `“${enteredCode}” isn't a valid discount code.`);
  const parsed = storedDiscountRequest.safeParse(stored.request);
  if (!parsed.success) return refuse("unreadable", "This discount code can't be used on this store.");
  const d = parsed.data;
  if (!stored.active) return refuse("inactive", "This discount code is no longer active.");
  if (d.startsAt.getTime() > now.getTime())
    return refuse("not_started", "This discount code isn't active yet.");
  if (d.endsAt && d.endsAt.getTime() <= now.getTime())
    return refuse("expired", "This discount code has expired.");
  if (d.customerPlatformId) {
    if (!shopper.customerId)
      return refuse(
        "sign_in_required",
        "Sign in to use this discount code: it belongs to a customer account.",
      );
    if (numericId(d.customerPlatformId) !== shopper.customerId)
      return refuse("other_customer", "This discount code belongs to another customer's account.");
  }
  if (d.usageLimit !== null && stored.usedCount >= d.usageLimit)
    return refuse("usage_limit_reached", "This discount code has reached its usage limit.");
  if (d.appliesOncePerCustomer && shopper.previousUses > 0)
    return refuse("already_used", "You've already used this discount code.");
  if (d.purchaseType === "subscription")
    return refuse("subscription_only", "This discount code only applies to subscriptions.");
  // The demo store is an online store: a code meant for the point of sale is refused here.
  if (d.salesChannel === "pos") return refuse("pos_only", "This discount code can only be used in store.");

  const merchandise = lines.filter((l) => !l.product.giftCard);
  const merchandiseTotal = merchandise.reduce((s, l) => s + l.lineTotal, 0);
  const merchandiseCount = merchandise.reduce((s, l) => s + l.quantity, 0);
  if (d.minimum && "subtotal" in d.minimum && merchandiseTotal < d.minimum.subtotal.amount) {
    const missing = d.minimum.subtotal.amount - merchandiseTotal;
    return refuse(
      "minimum_subtotal",
      `This code needs a subtotal of at least ${formatMoney(d.minimum.subtotal.amount)}: add ${formatMoney(missing)} more.`,
    );
  }
  if (d.minimum && "quantity" in d.minimum && merchandiseCount < d.minimum.quantity) {
    return refuse("minimum_quantity", `This code needs at least ${d.minimum.quantity} items in your cart.`);
  }

  const base = { discountId: stored.id, code: stored.code, title: d.title };
  const noLines = () => lines.map(() => 0);
  const v = d.value;
  switch (v.kind) {
    case "amount": {
      if (v.amount.currency !== CURRENCY)
        return refuse("unreadable", "This discount code can't be used on this store.");
      const weights = lines.map((l) => (eligibleFor(v.items, l) ? l.lineTotal : 0));
      if (weights.every((w) => w === 0))
        return refuse("not_applicable", "This discount code doesn't apply to the items in your cart.");
      return {
        ok: true,
        application: {
          ...base,
          kind: v.kind,
          codeType: "fixed_amount",
          valueType: "fixed_amount",
          value: (v.amount.amount / 100).toFixed(2),
          targetType: "line_item",
          targetSelection: "all" in v.items ? "all" : "entitled",
          allocationMethod: "across",
          effect: { lineDiscounts: allocate(v.amount.amount, weights), freeShipping: null },
          summary: `${formatMoney(v.amount.amount)} off`,
        },
      };
    }
    case "percentage": {
      const weights = lines.map((l) => (eligibleFor(v.items, l) ? l.lineTotal : 0));
      const eligible = weights.reduce((s, w) => s + w, 0);
      if (eligible === 0)
        return refuse("not_applicable", "This discount code doesn't apply to the items in your cart.");
      return {
        ok: true,
        application: {
          ...base,
          kind: v.kind,
          codeType: "percentage",
          valueType: "percentage",
          value: v.percentage.toFixed(1),
          targetType: "line_item",
          targetSelection: "all" in v.items ? "all" : "entitled",
          allocationMethod: "across",
          effect: {
            lineDiscounts: allocate(Math.round((eligible * v.percentage) / 100), weights),
            freeShipping: null,
          },
          summary: `${percentText(v.percentage)} off`,
        },
      };
    }
    case "free_shipping": {
      const rate = shippingRateFor(lines, merchandiseTotal);
      if (!lines.some((l) => !l.product.giftCard))
        return refuse("not_applicable", "Nothing in your cart ships, so there is no shipping to discount.");
      const max = v.maxShippingPrice?.amount ?? null;
      if (max !== null && rate > max)
        return refuse(
          "not_applicable",
          `This code covers shipping rates up to ${formatMoney(max)}; this order's is ${formatMoney(rate)}.`,
        );
      return {
        ok: true,
        application: {
          ...base,
          kind: v.kind,
          codeType: "shipping",
          valueType: "percentage",
          value: "100.0",
          targetType: "shipping_line",
          targetSelection: "all",
          allocationMethod: "each",
          effect: { lineDiscounts: noLines(), freeShipping: { maxRate: max } },
          summary: "Free shipping",
        },
      };
    }
    case "free_product": {
      const wanted = v.productIds.map(numericId);
      let left = v.quantity;
      const lineDiscounts = lines.map((l) => {
        if (left <= 0 || l.product.giftCard || !wanted.includes(l.product.productId)) return 0;
        const free = Math.min(left, l.quantity);
        left -= free;
        return free * l.product.price;
      });
      if (lineDiscounts.every((x) => x === 0)) {
        const names = v.productIds.map(productTitle).filter(Boolean);
        return refuse(
          "not_applicable",
          names.length > 0
            ? `Add ${names.join(" or ")} to your cart to get it free with this code.`
            : "The free product of this code isn't in this store's catalogue.",
        );
      }
      return {
        ok: true,
        application: {
          ...base,
          kind: v.kind,
          codeType: "percentage",
          valueType: "percentage",
          value: "100.0",
          targetType: "line_item",
          targetSelection: "entitled",
          allocationMethod: "each",
          effect: { lineDiscounts, freeShipping: null },
          summary: `${v.quantity} free item${v.quantity > 1 ? "s" : ""}`,
        },
      };
    }
    case "buy_x_get_y": {
      // Units, most expensive first for what the shopper buys, cheapest first for what they get:
      // the shopper's best outcome within the rule, as Shopify's checkout picks it.
      const units = lines.flatMap((l, i) =>
        l.product.giftCard ? [] : Array.from({ length: l.quantity }, () => ({ i, price: l.product.price })),
      );
      const buys = units
        .filter((u) => eligibleFor(v.buys.items, lines[u.i] as PricedLine))
        .sort((a, b) => b.price - a.price)
        .slice(0, v.buys.quantity);
      if (buys.length < v.buys.quantity)
        return refuse(
          "not_applicable",
          `Buy ${v.buys.quantity} eligible item${v.buys.quantity > 1 ? "s" : ""} to use this code.`,
        );
      const taken = new Set(buys);
      const gets = units
        .filter((u) => !taken.has(u) && eligibleFor(v.gets.items, lines[u.i] as PricedLine))
        .sort((a, b) => a.price - b.price)
        .slice(0, v.gets.quantity);
      if (gets.length === 0)
        return refuse("not_applicable", "Add the item you get with this code to your cart.");
      const lineDiscounts = noLines();
      for (const u of gets)
        lineDiscounts[u.i] = (lineDiscounts[u.i] ?? 0) + Math.round((u.price * v.gets.percentage) / 100);
      return {
        ok: true,
        application: {
          ...base,
          kind: v.kind,
          codeType: "percentage",
          valueType: "percentage",
          value: v.gets.percentage.toFixed(1),
          targetType: "line_item",
          targetSelection: "entitled",
          allocationMethod: "each",
          effect: { lineDiscounts, freeShipping: null },
          summary: `Buy ${v.buys.quantity}, get ${v.gets.quantity} ${v.gets.percentage >= 100 ? "free" : `${percentText(v.gets.percentage)} off`}`,
        },
      };
    }
  }
}
