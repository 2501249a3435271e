/**
 * Cart pricing and checkout: the code checked for this shopper, the order stored with the code's
 * use in one transaction, then orders/create and orders/paid sent to Laurel, as Shopify sends them
 * for a checkout paid at once.
 */
import type { DemoOrderRow } from "@laurel/db";
import { type Shopper, storedCustomerOf } from "../accounts/accounts.service";
import { type Cart, computeTotals, type PricedLine, priceLines, type Totals } from "../cart/cart";
import { type DiscountOutcome, evaluateDiscount } from "../cart/discounts";
import { stateOf } from "../orders/orders.service";
import { newPlatformId, randomToken, shopifyTime } from "../platform/ids";
import { orderWebhookPayload, type StoredAddress, type StoredOrder } from "../platform/shopify-payloads";
import { type DeliveryResult, deliverWebhook, type WebhookTransport } from "../platform/webhook-sender";
import * as repo from "../store.repository";
import type { Logger, StoreDeps, StoreShop } from "../store-deps";
import { createDiscountStore, type DiscountStore } from "./discounts.repository";

const PAYMENT_GATEWAY = "shopify_payments";
/** The shop's address book default, prefilled at checkout. */
export const DEFAULT_ADDRESS: StoredAddress = {
  name: "",
  address1: "1 Demo Street",
  city: "Springfield",
  zip: "12345",
  countryCode: "US",
};

export interface CartView {
  lines: PricedLine[];
  discount: DiscountOutcome | null;
  totals: Totals;
}

async function evaluateCode(
  deps: StoreDeps,
  shop: StoreShop,
  code: string,
  lines: PricedLine[],
  who: { customerId: string | null; email: string | null },
  forUpdate: DiscountStore | null,
): Promise<DiscountOutcome> {
  const store = forUpdate ?? createDiscountStore(deps.db);
  const row = forUpdate
    ? await forUpdate.findByCodeForUpdate(shop.shopId, code)
    : await store.findByCode(shop.shopId, code);
  const previousUses = row ? await store.countUses(shop.shopId, row.id, who) : 0;
  return evaluateDiscount(
    code,
    row
      ? { id: row.id, code: row.code, active: row.active, usedCount: row.used_count, request: row.request }
      : null,
    lines,
    { ...who, previousUses },
    deps.clock.now(),
  );
}

/** The cart priced, its code checked for this shopper (or guest e-mail). */
export async function viewCart(
  deps: StoreDeps,
  shop: StoreShop,
  cart: Cart,
  who: { customerId: string | null; email: string | null },
): Promise<CartView> {
  const lines = priceLines(cart);
  const discount = cart.code ? await evaluateCode(deps, shop, cart.code, lines, who, null) : null;
  return { lines, discount, totals: computeTotals(lines, discount?.ok ? discount.application.effect : null) };
}

interface CheckoutForm {
  email: string;
  name: string;
  address1: string;
  city: string;
  zip: string;
}

type PlaceOrderResult =
  | { ok: true; order: StoredOrder; row: DemoOrderRow; deliveries: DeliveryResult[]; replayed: boolean }
  | { ok: false; reason: "empty_cart" | "discount"; message: string };

/**
 * Pay now: the order is stored, the code's use recorded, in one transaction (the code re-checked
 * under a lock, so a usage limit holds under concurrent checkouts); then orders/create and
 * orders/paid are delivered, as Shopify sends them for a checkout paid at once.
 */
export async function placeOrder(
  deps: StoreDeps,
  shop: StoreShop,
  cart: Cart,
  shopper: Shopper | null,
  form: CheckoutForm,
  transport: WebhookTransport,
  log: Logger,
): Promise<PlaceOrderResult> {
  const lines = priceLines(cart);
  if (lines.length === 0) return { ok: false, reason: "empty_cart", message: "Your cart is empty." };
  const email = shopper?.email ?? form.email;
  const placed = await deps.db.transaction().execute(async (trx) => {
    await repo.lockCheckout(trx, shop.shopId);
    const earlier = await repo.findOrderByCheckoutToken(trx, shop.shopId, cart.token);
    if (earlier) return { ok: true as const, row: earlier, replayed: true };
    const now = deps.clock.now();
    const store = createDiscountStore(trx);
    const discount = cart.code
      ? await evaluateCode(
          deps,
          shop,
          cart.code,
          lines,
          { customerId: shopper?.customerId ?? null, email },
          store,
        )
      : null;
    if (discount && !discount.ok) return { ok: false as const, message: discount.message };
    const application = discount?.ok ? discount.application : null;
    const totals = computeTotals(lines, application?.effect ?? null);
    const number = await repo.nextOrderNumber(trx, shop.shopId);
    const orderId = newPlatformId(now);
    const order: StoredOrder = {
      orderId,
      number,
      name: `#${number}`,
      token: randomToken(16),
      checkoutToken: cart.token,
      createdAt: shopifyTime(now),
      email,
      customer: shopper ? storedCustomerOf(shopper) : null,
      address: {
        ...DEFAULT_ADDRESS,
        name: form.name,
        address1: form.address1,
        city: form.city,
        zip: form.zip,
      },
      lines: totals.lines.map((l) => ({
        lineId: newPlatformId(now),
        productId: l.product.productId,
        variantId: l.product.variantId,
        sku: l.product.sku,
        title: l.product.title,
        vendor: l.product.vendor,
        price: l.product.price,
        quantity: l.quantity,
        discount: l.discount,
        giftCard: l.product.giftCard,
        grams: l.product.grams,
      })),
      discount: application
        ? {
            code: application.code,
            title: application.title,
            codeType: application.codeType,
            valueType: application.valueType,
            value: application.value,
            targetType: application.targetType,
            targetSelection: application.targetSelection,
            allocationMethod: application.allocationMethod,
          }
        : null,
      lineItemsTotal: totals.lineItemsTotal,
      lineDiscount: totals.lineDiscount,
      subtotal: totals.subtotal,
      shippingLineId: newPlatformId(now),
      shipping: totals.shipping,
      shippingDiscount: totals.shippingDiscount,
      total: totals.total,
      saleTransactionId: newPlatformId(now),
      gateway: PAYMENT_GATEWAY,
    };
    await repo.insertOrder(trx, {
      shopId: shop.shopId,
      orderId,
      number,
      customerId: shopper?.customerId ?? null,
      email,
      discountCode: application?.code ?? null,
      data: order,
      createdAt: now,
    });
    if (application) {
      await store.recordUse(shop.shopId, application.discountId, {
        orderId,
        customerId: shopper?.customerId ?? null,
        email,
        at: now,
      });
    }
    const row = await repo.findOrder(trx, shop.shopId, orderId);
    return { ok: true as const, row: row as DemoOrderRow, replayed: false };
  });
  if (!placed.ok) return { ok: false, reason: "discount", message: placed.message };
  const order = placed.row.data as unknown as StoredOrder;
  if (placed.replayed) return { ok: true, order, row: placed.row, deliveries: [], replayed: true };
  // After the commit: Laurel reads nothing of ours, it only hears the webhooks.
  const deliveries: DeliveryResult[] = [];
  for (const topic of ["orders/create", "orders/paid"]) {
    deliveries.push(
      await deliverWebhook(deps, shop, transport, log, {
        topic,
        payload: orderWebhookPayload(order, stateOf(placed.row), shop.shopDomain),
        orderId: order.orderId,
        customerId: order.customer?.id ?? null,
      }),
    );
  }
  return { ok: true, order, row: placed.row, deliveries, replayed: false };
}
