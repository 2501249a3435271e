/**
 * The demo store (decision 0015): a small storefront that behaves like a Shopify store towards
 * Laurel. Its shoppers, orders and discount uses are the platform's data; Laurel hears of them only
 * through signed webhooks to the real `POST /webhooks` and signed app-proxy calls to `/proxy/*`.
 * Nothing here writes Laurel's tables.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { DemoOrderRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { randomToken } from "../../infra/ids";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../../infra/password";
import { appProxySignature, webhookHmac } from "../../infra/shopify-signatures";
import { createDemoStore } from "../../platform/demo/demo-store";
import { findShopByDomain } from "../shops/shops.service";
import { type Cart, computeTotals, type PricedLine, priceLines, type Totals } from "./cart";
import * as repo from "./demo-store.repository";
import { type DiscountOutcome, evaluateDiscount } from "./discounts";
import {
  customerPayload,
  type OrderState,
  orderWebhookPayload,
  refundWebhookPayload,
  type StoredAddress,
  type StoredCustomer,
  type StoredOrder,
  type StoredRefund,
  serializePayload,
} from "./shopify-payloads";

export interface StoreShop {
  shopId: string;
  shopDomain: string;
}

export interface Shopper {
  customerId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}

/** Sends one webhook request to Laurel (in-process inject, or HTTP) and reports the answer. */
export type WebhookTransport = (request: {
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number; body: string }>;

export interface DeliveryResult {
  webhookId: string;
  topic: string;
  ok: boolean;
  status: number | null;
  error: string | null;
}

export interface Logger {
  warn(obj: object, msg: string): void;
}

export const PAYMENT_GATEWAY = "shopify_payments";
/** The shop's address book default, prefilled at checkout. */
export const DEFAULT_ADDRESS: StoredAddress = {
  name: "",
  address1: "1 Demo Street",
  city: "Springfield",
  zip: "12345",
  countryCode: "US",
};

let idSequence = 0;
/** A platform id as Shopify's look: a 19-digit integer beyond 2^53, unique in this process and unlikely to clash across. */
export function newPlatformId(now: Date): string {
  idSequence = (idSequence + 1) % 1000;
  return `${now.getTime()}${String(idSequence).padStart(3, "0")}${String(randomInt(1000)).padStart(3, "0")}`;
}

/** Shopify's timestamp style: seconds and a UTC offset. */
export const shopifyTime = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;

export async function resolveStoreShop(deps: Deps, shopDomain: string): Promise<StoreShop | null> {
  const shop = await findShopByDomain(deps.db, shopDomain);
  if (!shop || shop.uninstalled_at) return null;
  return { shopId: shop.id, shopDomain: shop.shopify_domain };
}

const toShopper = (row: {
  customer_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
}): Shopper => ({
  customerId: row.customer_id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  createdAt: row.created_at,
});

export async function findShopper(deps: Deps, shop: StoreShop, customerId: string): Promise<Shopper | null> {
  const row = await repo.findShopper(deps.db, shop.shopId, customerId);
  return row ? toShopper(row) : null;
}

/** E-mail and password; an unknown e-mail costs the same time as a wrong password. */
export async function authenticateShopper(
  deps: Deps,
  shop: StoreShop,
  email: string,
  password: string,
): Promise<Shopper | null> {
  const row = await repo.findShopperByEmail(deps.db, shop.shopId, email.trim());
  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_PASSWORD_HASH);
  return row && ok ? toShopper(row) : null;
}

/** Creates a shopper account unless the id or e-mail exists; answers the account and whether it is new. */
export async function createShopperAccount(
  deps: Deps,
  shop: StoreShop,
  input: {
    customerId?: string;
    email: string;
    password: string;
    firstName: string | null;
    lastName: string | null;
  },
): Promise<{ shopper: Shopper; created: boolean } | { emailTaken: true }> {
  const now = deps.clock.now();
  const customerId = input.customerId ?? newPlatformId(now);
  const created = await repo.insertShopper(deps.db, {
    shopId: shop.shopId,
    customerId,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    createdAt: now,
  });
  // Not inserted: the id exists (seeding again: that account), or the e-mail belongs to someone else.
  const row =
    created || input.customerId ? await repo.findShopper(deps.db, shop.shopId, customerId) : undefined;
  return row ? { shopper: toShopper(row), created } : { emailTaken: true };
}

export function storedCustomerOf(s: Shopper): StoredCustomer {
  return {
    id: s.customerId,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    createdAt: shopifyTime(s.createdAt),
  };
}

/** The customers/create body for a shopper (Shopify's Customer serialization). */
export function customerCreatePayload(s: Shopper) {
  return customerPayload(storedCustomerOf(s));
}

/** Sign-up: a new customer on the platform, announced to Laurel with a signed customers/create. */
export async function registerShopper(
  deps: Deps,
  shop: StoreShop,
  input: { email: string; password: string; firstName: string | null; lastName: string | null },
  transport: WebhookTransport,
  log: Logger,
): Promise<{ shopper: Shopper; delivery: DeliveryResult } | { emailTaken: true }> {
  const existing = await repo.findShopperByEmail(deps.db, shop.shopId, input.email);
  if (existing) return { emailTaken: true };
  const result = await createShopperAccount(deps, shop, input);
  if ("emailTaken" in result) return result;
  const delivery = await deliverWebhook(deps, shop, transport, log, {
    topic: "customers/create",
    payload: customerCreatePayload(result.shopper),
    orderId: null,
    customerId: result.shopper.customerId,
  });
  return { shopper: result.shopper, delivery };
}

// ── Webhooks ────────────────────────────────────────────────────────────────────────────────

/** Signs and sends one webhook as Shopify does, and records the attempt (a failure stays visible). */
export async function deliverWebhook(
  deps: Deps,
  shop: StoreShop,
  transport: WebhookTransport,
  log: Logger,
  w: { topic: string; payload: unknown; orderId: string | null; customerId: string | null },
): Promise<DeliveryResult> {
  const body = serializePayload(w.payload);
  const webhookId = randomUUID();
  const attempt = await send(deps, shop, transport, { webhookId, topic: w.topic, body });
  await repo.insertDelivery(deps.db, {
    shopId: shop.shopId,
    webhookId,
    topic: w.topic,
    orderId: w.orderId,
    customerId: w.customerId,
    body,
    status: attempt.status,
    error: attempt.error,
    at: deps.clock.now(),
    delivered: attempt.ok,
  });
  if (!attempt.ok) {
    log.warn(
      { topic: w.topic, webhookId, status: attempt.status, error: attempt.error, orderId: w.orderId },
      "demo store: webhook delivery to Laurel failed",
    );
  }
  return { webhookId, topic: w.topic, ...attempt };
}

async function send(
  deps: Deps,
  shop: StoreShop,
  transport: WebhookTransport,
  w: { webhookId: string; topic: string; body: string },
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const now = deps.clock.now();
  const headers = {
    "content-type": "application/json",
    "x-shopify-topic": w.topic,
    "x-shopify-shop-domain": shop.shopDomain,
    "x-shopify-webhook-id": w.webhookId,
    "x-shopify-event-id": randomUUID(),
    "x-shopify-triggered-at": `${now.toISOString().slice(0, 23)}000Z`,
    "x-shopify-api-version": deps.config.shopifyApiVersion,
    "x-shopify-hmac-sha256": webhookHmac(w.body, deps.config.shopifyApiSecret),
  };
  try {
    const res = await transport({ headers, body: w.body });
    // Shopify counts any 2xx as delivered; anything else (3xx included) is a failure.
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, error: ok ? null : res.body.slice(0, 500) };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends a failed delivery again: the same bytes and the same webhook id, as Shopify retries. */
export async function retryDelivery(
  deps: Deps,
  shop: StoreShop,
  webhookId: string,
  transport: WebhookTransport,
  log: Logger,
): Promise<DeliveryResult | null> {
  const row = await repo.findDelivery(deps.db, shop.shopId, webhookId);
  if (!row) return null;
  if (row.delivered_at) return { webhookId, topic: row.topic, ok: true, status: row.status, error: null };
  const attempt = await send(deps, shop, transport, { webhookId, topic: row.topic, body: row.body });
  await repo.recordRetry(deps.db, shop.shopId, webhookId, {
    ...attempt,
    at: deps.clock.now(),
    delivered: attempt.ok,
  });
  if (!attempt.ok)
    log.warn({ topic: row.topic, webhookId, status: attempt.status }, "demo store: webhook retry failed");
  return { webhookId, topic: row.topic, ...attempt };
}

export function findDelivery(deps: Deps, shop: StoreShop, webhookId: string) {
  return repo.findDelivery(deps.db, shop.shopId, webhookId);
}

export function listCustomerDeliveries(deps: Deps, shop: StoreShop, customerId: string) {
  return repo.listDeliveries(deps.db, shop.shopId, { customerId });
}

// ── App proxy ───────────────────────────────────────────────────────────────────────────────

const PROXY_PARAMS = new Set(["shop", "logged_in_customer_id", "path_prefix", "timestamp", "signature"]);

/**
 * The query Shopify's app proxy forwards: the storefront's own parameters (any it tried to pass as
 * Shopify's are dropped), then `shop`, `logged_in_customer_id` (empty for guests), `path_prefix`,
 * `timestamp` and the `signature` over all of them.
 */
export function appProxyQuery(
  deps: Deps,
  shop: StoreShop,
  customerId: string | null,
  incoming: URLSearchParams,
  pathPrefix: string,
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of incoming) if (!PROXY_PARAMS.has(key)) query.append(key, value);
  query.append("shop", shop.shopDomain);
  query.append("logged_in_customer_id", customerId ?? "");
  query.append("path_prefix", pathPrefix);
  query.append("timestamp", String(Math.floor(deps.clock.now().getTime() / 1000)));
  query.append("signature", appProxySignature(query, deps.config.shopifyApiSecret));
  return query;
}

// ── Cart and checkout ───────────────────────────────────────────────────────────────────────

export interface CartView {
  lines: PricedLine[];
  discount: DiscountOutcome | null;
  totals: Totals;
}

async function evaluateCode(
  deps: Deps,
  shop: StoreShop,
  code: string,
  lines: PricedLine[],
  who: { customerId: string | null; email: string | null },
  forUpdate: ReturnType<typeof createDemoStore> | null,
): Promise<DiscountOutcome> {
  const store = forUpdate ?? createDemoStore(deps.db);
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
  deps: Deps,
  shop: StoreShop,
  cart: Cart,
  who: { customerId: string | null; email: string | null },
): Promise<CartView> {
  const lines = priceLines(cart);
  const discount = cart.code ? await evaluateCode(deps, shop, cart.code, lines, who, null) : null;
  return { lines, discount, totals: computeTotals(lines, discount?.ok ? discount.application.effect : null) };
}

export interface CheckoutForm {
  email: string;
  name: string;
  address1: string;
  city: string;
  zip: string;
}

export type PlaceOrderResult =
  | { ok: true; order: StoredOrder; row: DemoOrderRow; deliveries: DeliveryResult[]; replayed: boolean }
  | { ok: false; reason: "empty_cart" | "discount"; message: string };

/**
 * Pay now: the order is stored, the code's use recorded, in one transaction (the code re-checked
 * under a lock, so a usage limit holds under concurrent checkouts); then orders/create and
 * orders/paid are delivered, as Shopify sends them for a checkout paid at once.
 */
export async function placeOrder(
  deps: Deps,
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
    const store = createDemoStore(trx);
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

function stateOf(row: DemoOrderRow): OrderState {
  return {
    financialStatus: row.financial_status,
    cancelledAt: row.cancelled_at ? shopifyTime(row.cancelled_at) : null,
    refunds: row.refunds as unknown as StoredRefund[],
    updatedAt: shopifyTime(row.updated_at),
  };
}

// ── Orders ──────────────────────────────────────────────────────────────────────────────────

export interface OrderView {
  row: DemoOrderRow;
  order: StoredOrder;
  state: OrderState;
  /** Per line: quantity and money not yet refunded. */
  remaining: { lineId: string; quantity: number; amount: number }[];
  remainingShipping: number;
  refundable: number;
  deliveries: Awaited<ReturnType<typeof repo.listDeliveries>>;
}

function remainingOf(order: StoredOrder, refunds: StoredRefund[]) {
  const remaining = order.lines.map((l) => {
    const refunded = refunds.flatMap((r) => r.lines).filter((rl) => rl.lineId === l.lineId);
    return {
      lineId: l.lineId,
      quantity: l.quantity - refunded.reduce((s, rl) => s + rl.quantity, 0),
      amount: l.price * l.quantity - l.discount - refunded.reduce((s, rl) => s + rl.subtotal, 0),
    };
  });
  const remainingShipping =
    order.shipping - order.shippingDiscount - refunds.reduce((s, r) => s + r.shipping, 0);
  return { remaining, remainingShipping };
}

function viewOf(row: DemoOrderRow, deliveries: OrderView["deliveries"]): OrderView {
  const order = row.data as unknown as StoredOrder;
  const state = stateOf(row);
  const { remaining, remainingShipping } = remainingOf(order, state.refunds);
  const refundable = remaining.reduce((s, r) => s + r.amount, 0) + remainingShipping;
  return { row, order, state, remaining, remainingShipping, refundable, deliveries };
}

export async function getOrder(deps: Deps, shop: StoreShop, orderId: string): Promise<OrderView | null> {
  if (!/^\d{1,19}$/.test(orderId)) return null;
  const row = await repo.findOrder(deps.db, shop.shopId, orderId);
  if (!row) return null;
  return viewOf(row, await repo.listDeliveries(deps.db, shop.shopId, { orderId }));
}

export async function listShopperOrders(deps: Deps, shop: StoreShop, customerId: string) {
  const rows = await repo.listCustomerOrders(deps.db, shop.shopId, customerId);
  return rows.map((row) => viewOf(row, []));
}

/** Whoever may act on an order: its signed-in customer, or anyone holding its order-status key. */
export function mayAccessOrder(view: OrderView, shopper: Shopper | null, key: string | undefined): boolean {
  if (shopper && view.row.customer_id === shopper.customerId) return true;
  return typeof key === "string" && key.length > 0 && key === view.order.token;
}

export type OrderActionResult =
  | { ok: true; view: OrderView; deliveries: DeliveryResult[] }
  | { ok: false; message: string };

/**
 * Refund: the chosen line's remaining quantity, or everything left (lines and shipping), back to
 * the card; refunds/create tells Laurel.
 */
export async function refundOrder(
  deps: Deps,
  shop: StoreShop,
  orderId: string,
  what: { lineId: string | null },
  transport: WebhookTransport,
  log: Logger,
): Promise<OrderActionResult> {
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findOrderForUpdate(trx, shop.shopId, orderId);
    if (!row) return { ok: false as const, message: "This order doesn't exist." };
    if (row.cancelled_at)
      return { ok: false as const, message: "This order is cancelled: it was refunded then." };
    const order = row.data as unknown as StoredOrder;
    const refunds = row.refunds as unknown as StoredRefund[];
    const { remaining, remainingShipping } = remainingOf(order, refunds);
    const lines = remaining.filter(
      (r) => r.quantity > 0 && (what.lineId === null || r.lineId === what.lineId),
    );
    if (lines.length === 0 && (what.lineId !== null || remainingShipping <= 0))
      return { ok: false as const, message: "Nothing is left to refund on this order." };
    const refund = newRefund(deps, lines, what.lineId === null ? remainingShipping : 0, "Refund requested");
    const all = [...refunds, refund];
    const left = remainingOf(order, all);
    const nothingLeft = left.remaining.every((r) => r.amount <= 0) && left.remainingShipping <= 0;
    const updated = await repo.updateOrder(trx, shop.shopId, orderId, {
      financialStatus: nothingLeft ? "refunded" : "partially_refunded",
      refunds: all as unknown as object[],
      updatedAt: deps.clock.now(),
    });
    return { ok: true as const, row: updated, refund };
  });
  if (!done.ok) return done;
  const order = done.row.data as unknown as StoredOrder;
  const delivery = await deliverWebhook(deps, shop, transport, log, {
    topic: "refunds/create",
    payload: refundWebhookPayload(order, done.refund),
    orderId,
    customerId: order.customer?.id ?? null,
  });
  const view = await getOrder(deps, shop, orderId);
  return { ok: true, view: view as OrderView, deliveries: [delivery] };
}

function newRefund(
  deps: Deps,
  lines: { lineId: string; quantity: number; amount: number }[],
  shipping: number,
  note: string,
): StoredRefund {
  const now = deps.clock.now();
  const refundLines = lines.map((l) => ({
    refundLineId: newPlatformId(now),
    lineId: l.lineId,
    quantity: l.quantity,
    subtotal: Math.max(0, l.amount),
  }));
  return {
    refundId: newPlatformId(now),
    createdAt: shopifyTime(now),
    note,
    lines: refundLines,
    shipping: Math.max(0, shipping),
    shippingRefundId: newPlatformId(now),
    amount: refundLines.reduce((s, l) => s + l.subtotal, 0) + Math.max(0, shipping),
    transactionId: newPlatformId(now),
  };
}

/**
 * Cancel: as Shopify's "cancel order" with "refund payment": whatever is not yet refunded is
 * refunded, the order is cancelled; orders/cancelled (carrying its refunds) then refunds/create.
 */
export async function cancelOrder(
  deps: Deps,
  shop: StoreShop,
  orderId: string,
  transport: WebhookTransport,
  log: Logger,
): Promise<OrderActionResult> {
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findOrderForUpdate(trx, shop.shopId, orderId);
    if (!row) return { ok: false as const, message: "This order doesn't exist." };
    if (row.cancelled_at) return { ok: false as const, message: "This order is already cancelled." };
    const order = row.data as unknown as StoredOrder;
    const refunds = row.refunds as unknown as StoredRefund[];
    const { remaining, remainingShipping } = remainingOf(order, refunds);
    const open = remaining.filter((r) => r.quantity > 0);
    const refund =
      open.length > 0 || remainingShipping > 0
        ? newRefund(deps, open, remainingShipping, "Order cancelled by the customer")
        : null;
    const all = refund ? [...refunds, refund] : refunds;
    const now = deps.clock.now();
    const updated = await repo.updateOrder(trx, shop.shopId, orderId, {
      financialStatus: "refunded",
      cancelledAt: now,
      refunds: all as unknown as object[],
      updatedAt: now,
    });
    return { ok: true as const, row: updated, refund };
  });
  if (!done.ok) return done;
  const order = done.row.data as unknown as StoredOrder;
  const customerId = order.customer?.id ?? null;
  const deliveries = [
    await deliverWebhook(deps, shop, transport, log, {
      topic: "orders/cancelled",
      payload: orderWebhookPayload(order, stateOf(done.row), shop.shopDomain),
      orderId,
      customerId,
    }),
  ];
  if (done.refund) {
    deliveries.push(
      await deliverWebhook(deps, shop, transport, log, {
        topic: "refunds/create",
        payload: refundWebhookPayload(order, done.refund),
        orderId,
        customerId,
      }),
    );
  }
  const view = await getOrder(deps, shop, orderId);
  return { ok: true, view: view as OrderView, deliveries };
}
