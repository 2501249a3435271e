/**
 * The demo store's pages, server-rendered: no framework, no client script of its own. The only
 * script on a page is Laurel's widget, embedded exactly as the theme app embed would (`?widget=0`
 * leaves it out, for the Lighthouse baseline).
 */
import { productArt } from "./art";
import { FREE_SHIPPING_FROM } from "./cart";
import { COLLECTIONS, type Collection, formatMoney, PRODUCTS, type Product } from "./catalogue";
import type { CartView, OrderView, Shopper } from "./demo-store.service";
import { html, type SafeHtml, trusted } from "./html";
import { STORE_CSS } from "./styles";

export const STORE_PATH = "/demo-store";
export const PROXY_PREFIX = "/apps/laurel";
export const LOGIN_PATH = `${STORE_PATH}/account/login`;
export const REGISTER_PATH = `${STORE_PATH}/account/register`;

export type PageType = "product" | "home" | "collection" | "cart" | "account" | "other";

export interface PageContext {
  shopDomain: string;
  shopper: Shopper | null;
  cartCount: number;
  /** Include Laurel's widget (false with `?widget=0`). */
  widget: boolean;
}

/** The theme app embed: the one contract between this store and the widget. */
export function widgetEmbed(ctx: PageContext, page: PageType): SafeHtml {
  return html`<script src="/widget/loader.js" defer data-laurel-proxy="${PROXY_PREFIX}" data-laurel-shop="${ctx.shopDomain}" data-laurel-locale="en" data-laurel-page="${page}" data-laurel-customer="${ctx.shopper?.customerId ?? ""}" data-laurel-login-url="${LOGIN_PATH}" data-laurel-register-url="${REGISTER_PATH}"></script>`;
}

const displayName = (s: Shopper) => [s.firstName, s.lastName].filter(Boolean).join(" ") || s.email;

export function layout(
  ctx: PageContext,
  page: PageType,
  title: string,
  body: SafeHtml,
  description = "Laurel's demo store: a small shop to try the loyalty widget, points and rewards.",
): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Laurel Demo Store</title>
<meta name="description" content="${description}">
<link rel="icon" href="data:,">
<style>${trusted(STORE_CSS)}</style>
${ctx.widget ? widgetEmbed(ctx, page) : ""}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><div class="wrap">
<a class="logo" href="${STORE_PATH}">Laurel <span>Demo</span> Store</a>
<nav aria-label="Main">
<a href="${STORE_PATH}/collections/all">Shop</a>
${
  ctx.shopper
    ? html`<a href="${STORE_PATH}/account" data-testid="account-link">${displayName(ctx.shopper)}</a>`
    : html`<a href="${LOGIN_PATH}" data-testid="account-link">Sign in</a>`
}
<a href="${STORE_PATH}/cart" data-testid="cart-link">Cart (<span data-testid="cart-count">${ctx.cartCount}</span>)</a>
</nav>
</div></header>
<div class="announce">Free shipping on orders over ${formatMoney(FREE_SHIPPING_FROM)} · Earn points on every order</div>
<main id="main" class="wrap">
${body}
</main>
<footer>Laurel Demo Store — a local storefront for trying Laurel. Payments are simulated; nothing is charged.</footer>
</body>
</html>`.value;
}

function priceTag(p: Product): SafeHtml {
  return html`<span class="price">${formatMoney(p.price)}</span>${
    p.compareAtPrice ? html`<span class="was">${formatMoney(p.compareAtPrice)}</span>` : ""
  }`;
}

function productCard(p: Product): SafeHtml {
  return html`<li class="card"><a href="${STORE_PATH}/products/${p.handle}">${productArt(p, 240)}<h3>${p.title}</h3>${priceTag(p)}</a></li>`;
}

export function homePage(ctx: PageContext): string {
  return layout(
    ctx,
    "home",
    "Home",
    html`<section class="hero">
<h1>Good things, rewarded</h1>
<p>Everyday goods from the Laurel Demo Store. Sign in or create an account to earn points on every order, then spend them on rewards at checkout.</p>
<a class="btn" href="${STORE_PATH}/collections/all">Shop everything</a>
</section>
<h2>Featured products</h2>
<ul class="grid">${PRODUCTS.map(productCard)}</ul>
<h2 style="margin-top:32px">Collections</h2>
<ul class="grid">${COLLECTIONS.map(
      (c) =>
        html`<li class="card"><a class="panel" href="${STORE_PATH}/collections/${c.handle}"><h3>${c.title}</h3><span class="muted">${
          PRODUCTS.filter((p) => p.collection === c.handle).length
        } products</span></a></li>`,
    )}</ul>`,
  );
}

export function collectionPage(ctx: PageContext, collection: Collection | null): string {
  const products = collection ? PRODUCTS.filter((p) => p.collection === collection.handle) : PRODUCTS;
  const title = collection?.title ?? "All products";
  return layout(
    ctx,
    "collection",
    title,
    html`<div class="crumbs"><a href="${STORE_PATH}">Home</a> / ${title}</div>
<h1>${title}</h1>
<p class="muted">${COLLECTIONS.map(
      (c) => html`<a href="${STORE_PATH}/collections/${c.handle}">${c.title}</a> · `,
    )}<a href="${STORE_PATH}/collections/all">All</a></p>
<ul class="grid">${products.map(productCard)}</ul>`,
  );
}

export function productPage(ctx: PageContext, p: Product): string {
  const collection = COLLECTIONS.find((c) => c.handle === p.collection);
  const related = PRODUCTS.filter((x) => x.handle !== p.handle && !x.giftCard).slice(0, 3);
  return layout(
    ctx,
    "product",
    p.title,
    html`<div class="crumbs"><a href="${STORE_PATH}">Home</a> / ${
      collection
        ? html`<a href="${STORE_PATH}/collections/${collection.handle}">${collection.title}</a> / `
        : ""
    }${p.title}</div>
<article class="product" data-product-id="${p.productId}">
<div>${productArt(p, 520)}</div>
<div>
<p class="muted">${p.vendor}</p>
<h1>${p.title}</h1>
<p>${priceTag(p)}</p>
<p>${p.summary}</p>
<form method="post" action="${STORE_PATH}/cart/add">
<input type="hidden" name="handle" value="${p.handle}">
<label for="qty">Quantity</label>
<div class="row"><input id="qty" type="number" name="quantity" value="1" min="1" max="20" inputmode="numeric">
<button class="btn" type="submit">Add to cart</button></div>
</form>
<h2 style="margin-top:24px">Details</h2>
<ul>${p.details.map((d) => html`<li>${d}</li>`)}</ul>
<p class="muted">SKU ${p.sku}${p.giftCard ? "" : html` · Ships in 1–2 business days · Free shipping over ${formatMoney(FREE_SHIPPING_FROM)}`}</p>
</div>
</article>
<h2 style="margin-top:40px">You may also like</h2>
<ul class="grid">${related.map(productCard)}</ul>`,
    p.summary,
  );
}

function discountLine(view: CartView): SafeHtml {
  const d = view.discount;
  if (!d) return html``;
  if (d.ok)
    return html`<p class="note ok" data-testid="discount-applied">Code <strong>${d.application.code}</strong> applied: ${d.application.summary}.</p>`;
  return html`<p class="note error" role="alert" data-testid="discount-error">${d.message}</p>`;
}

function discountForm(view: CartView, code: string | null, action: string): SafeHtml {
  return html`<form method="post" action="${action}" class="panel">
<label for="code">Discount code</label>
<div class="row"><input id="code" name="code" autocomplete="off" value="${code ?? ""}" placeholder="Enter a code">
<button class="btn secondary" type="submit">Apply</button></div>
${
  code
    ? html`<button class="btn small secondary" style="margin-top:8px" type="submit" name="remove" value="1">Remove code</button>`
    : ""
}
${discountLine(view)}
</form>`;
}

function totalsTable(view: CartView): SafeHtml {
  const t = view.totals;
  return html`<table class="totals" data-testid="totals">
<tr><td>Subtotal (${t.itemCount} item${t.itemCount === 1 ? "" : "s"})</td><td class="num">${formatMoney(t.lineItemsTotal)}</td></tr>
${t.lineDiscount > 0 ? html`<tr><td>Discount</td><td class="num" data-testid="discount-amount">−${formatMoney(t.lineDiscount)}</td></tr>` : ""}
<tr><td>Shipping</td><td class="num">${
    !t.requiresShipping
      ? "Not needed"
      : t.shipping === 0
        ? "Free"
        : t.shippingDiscount > 0
          ? html`<span class="was">${formatMoney(t.shipping)}</span> Free`
          : formatMoney(t.shipping)
  }</td></tr>
<tr class="grand"><td>Total</td><td class="num" data-testid="total">${formatMoney(t.total)}</td></tr>
</table>`;
}

export function cartPage(ctx: PageContext, view: CartView, code: string | null): string {
  if (view.lines.length === 0) {
    return layout(
      ctx,
      "cart",
      "Cart",
      html`<h1>Your cart</h1><p>Your cart is empty.</p>${
        code ? html`<p class="note">Code <strong>${code}</strong> will be applied at checkout.</p>` : ""
      }<a class="btn" href="${STORE_PATH}/collections/all">Continue shopping</a>`,
    );
  }
  return layout(
    ctx,
    "cart",
    "Cart",
    html`<h1>Your cart</h1>
<div class="two wide-left">
<div class="panel"><table>
<thead><tr><th></th><th>Product</th><th>Quantity</th><th class="num">Total</th></tr></thead>
<tbody>${view.totals.lines.map(
      (l) => html`<tr data-testid="cart-line">
<td>${productArt(l.product, 56)}</td>
<td><a href="${STORE_PATH}/products/${l.product.handle}">${l.product.title}</a><br><span class="muted">${formatMoney(l.product.price)}</span></td>
<td><form method="post" action="${STORE_PATH}/cart/update" class="row">
<input type="hidden" name="handle" value="${l.product.handle}">
<input type="number" name="quantity" value="${l.quantity}" min="0" max="20" aria-label="Quantity of ${l.product.title}">
<button class="btn small secondary" type="submit">Update</button>
<button class="btn small danger" type="submit" name="quantity" value="0" formnovalidate>Remove</button>
</form></td>
<td class="num">${l.discount > 0 ? html`<span class="was">${formatMoney(l.lineTotal)}</span><br>` : ""}${formatMoney(l.lineTotal - l.discount)}</td>
</tr>`,
    )}</tbody></table></div>
<div>
${discountForm(view, code, `${STORE_PATH}/cart/discount`)}
<div class="panel">${totalsTable(view)}
<a class="btn wide" style="margin-top:12px" href="${STORE_PATH}/checkout">Check out</a></div>
</div>
</div>`,
  );
}

export interface CheckoutValues {
  email: string;
  name: string;
  address1: string;
  city: string;
  zip: string;
}

export function checkoutPage(
  ctx: PageContext,
  view: CartView,
  code: string | null,
  token: string,
  values: CheckoutValues,
  error: string | null,
): string {
  if (view.lines.length === 0) {
    return layout(
      ctx,
      "cart",
      "Checkout",
      html`<h1>Checkout</h1><p>Your cart is empty.</p><a class="btn" href="${STORE_PATH}/collections/all">Continue shopping</a>`,
    );
  }
  const s = ctx.shopper;
  return layout(
    ctx,
    "cart",
    "Checkout",
    html`<h1>Checkout</h1>
${error ? html`<p class="note error" role="alert" data-testid="checkout-error">${error}</p>` : ""}
<div class="two wide-left">
<div>
<form method="post" action="${STORE_PATH}/checkout" class="panel" id="checkout-form">
<input type="hidden" name="token" value="${token}">
<h2>Contact</h2>
${
  s
    ? html`<p>Signed in as <strong>${s.email}</strong>. Your order earns points.</p><input type="hidden" name="email" value="${s.email}">`
    : html`<p class="muted">Have an account? <a href="${LOGIN_PATH}?return_to=${STORE_PATH}/checkout">Sign in</a> to earn points on this order.</p>
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email" value="${values.email}">`
}
<h2 style="margin-top:20px">Shipping address</h2>
<label for="name">Full name</label><input id="name" name="name" required autocomplete="name" value="${values.name}">
<label for="address1">Address</label><input id="address1" name="address1" required autocomplete="address-line1" value="${values.address1}">
<div class="two"><div><label for="city">City</label><input id="city" name="city" required autocomplete="address-level2" value="${values.city}"></div>
<div><label for="zip">ZIP code</label><input id="zip" name="zip" required autocomplete="postal-code" value="${values.zip}"></div></div>
<h2 style="margin-top:20px">Payment</h2>
<p class="muted">Payments are simulated: the order is paid at once (like a card captured at checkout).</p>
<button class="btn wide" type="submit" data-testid="pay-now">Pay now · ${formatMoney(view.totals.total)}</button>
</form>
</div>
<div>
<div class="panel"><h2>Order summary</h2><table>${view.totals.lines.map(
      (l) =>
        html`<tr><td>${l.product.title} × ${l.quantity}</td><td class="num">${formatMoney(l.lineTotal)}</td></tr>`,
    )}</table>${totalsTable(view)}</div>
${discountForm(view, code, `${STORE_PATH}/checkout/discount`)}
</div>
</div>`,
  );
}

const statusText: Record<string, string> = {
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

function statusOf(view: OrderView): string {
  return view.row.cancelled_at ? "cancelled" : view.row.financial_status;
}

function deliveryNotes(view: OrderView, actionBase: string, keyField: SafeHtml): SafeHtml {
  const failed = view.deliveries.filter((d) => !d.delivered_at);
  const sent = view.deliveries.filter((d) => d.delivered_at);
  return html`${failed.map(
    (d) => html`<div class="note error" role="alert" data-testid="delivery-failed">
<strong>Laurel has not received the ${d.topic} webhook</strong> (${d.status === null ? "no answer" : `HTTP ${d.status}`}${d.attempts > 1 ? `, ${d.attempts} attempts` : ""}). Points for this order may be missing until it is delivered.
<form method="post" action="${actionBase}/deliveries/${d.webhook_id}/retry" class="inline">${keyField}<button class="btn small secondary" type="submit">Send again</button></form>
</div>`,
  )}${
    sent.length > 0
      ? html`<p class="muted" data-testid="deliveries">Sent to Laurel: ${sent.map((d, i) => html`${i > 0 ? ", " : ""}${d.topic}`)}.</p>`
      : ""
  }`;
}

export function orderPage(
  ctx: PageContext,
  view: OrderView,
  opts: { key: string | null; notice: string | null },
): string {
  const o = view.order;
  const base = `${STORE_PATH}/orders/${o.orderId}`;
  const keyField = opts.key ? html`<input type="hidden" name="key" value="${opts.key}">` : html``;
  const status = statusOf(view);
  const cancelled = view.row.cancelled_at !== null;
  const refunds = view.state.refunds;
  const remaining = new Map(view.remaining.map((r) => [r.lineId, r]));
  return layout(
    ctx,
    "account",
    `Order ${o.name}`,
    html`${opts.notice ? html`<p class="note ok" data-testid="order-notice">${opts.notice}</p>` : ""}
<div class="crumbs">${ctx.shopper ? html`<a href="${STORE_PATH}/account">Your account</a> / ` : ""}Order ${o.name}</div>
<h1 data-testid="order-title">Order ${o.name} <span class="tag ${status}" data-testid="order-status">${statusText[status] ?? status}</span></h1>
<p class="muted">Placed ${o.createdAt.slice(0, 10)} · ${o.email}${o.discount ? html` · code <strong>${o.discount.code}</strong>` : ""}</p>
${deliveryNotes(view, base, keyField)}
<div class="two wide-left">
<div class="panel"><table>
<thead><tr><th>Item</th><th>Qty</th><th class="num">Total</th><th></th></tr></thead>
<tbody>${o.lines.map((l) => {
      const left = remaining.get(l.lineId);
      return html`<tr data-testid="order-line">
<td>${l.title}${l.discount > 0 ? html`<br><span class="muted">−${formatMoney(l.discount)} discount</span>` : ""}</td>
<td>${l.quantity}${left && left.quantity < l.quantity ? html` <span class="muted">(${l.quantity - left.quantity} refunded)</span>` : ""}</td>
<td class="num">${formatMoney(l.price * l.quantity - l.discount)}</td>
<td class="num">${
        !cancelled && left && left.quantity > 0
          ? html`<form method="post" action="${base}/refund" class="inline">${keyField}<input type="hidden" name="line" value="${l.lineId}"><button class="btn small secondary" type="submit">Refund</button></form>`
          : ""
      }</td></tr>`;
    })}</tbody></table>
<table class="totals">
<tr><td>Subtotal</td><td class="num">${formatMoney(o.subtotal)}</td></tr>
<tr><td>Shipping</td><td class="num">${formatMoney(o.shipping - o.shippingDiscount)}</td></tr>
<tr class="grand"><td>Total paid</td><td class="num" data-testid="order-total">${formatMoney(o.total)}</td></tr>
${refunds.length > 0 ? html`<tr><td>Refunded</td><td class="num" data-testid="order-refunded">−${formatMoney(refunds.reduce((s, r) => s + r.amount, 0))}</td></tr>` : ""}
</table></div>
<div class="panel">
<h2>Manage this order</h2>
${
  cancelled
    ? html`<p>This order was cancelled${refunds.length > 0 ? " and refunded" : ""}.</p>`
    : html`<p class="muted">Refunds and cancellations go back to the original payment. Laurel takes back the points the refunded money earned.</p>
${
  view.refundable > 0
    ? html`<form method="post" action="${base}/refund">${keyField}<button class="btn secondary wide" type="submit">Refund everything left (${formatMoney(view.refundable)})</button></form>`
    : ""
}
<form method="post" action="${base}/cancel" style="margin-top:8px">${keyField}<button class="btn danger wide" type="submit">Cancel order</button></form>`
}
${
  refunds.length > 0
    ? html`<h3 style="margin-top:16px">Refunds</h3><ul>${refunds.map(
        (r) =>
          html`<li>${r.createdAt.slice(0, 10)}: ${formatMoney(r.amount)}${r.note ? ` — ${r.note}` : ""}</li>`,
      )}</ul>`
    : ""
}
</div>
</div>
<p><a href="${STORE_PATH}/collections/all">Continue shopping</a></p>`,
  );
}

export function accountPage(
  ctx: PageContext,
  shopper: Shopper,
  orders: OrderView[],
  failedDeliveries: { webhook_id: string; topic: string; status: number | null }[],
): string {
  return layout(
    ctx,
    "account",
    "Your account",
    html`<h1>Hello, ${shopper.firstName ?? shopper.email}</h1>
<p class="muted">${shopper.email} · customer ${shopper.customerId}</p>
${failedDeliveries.map(
  (
    d,
  ) => html`<div class="note error" role="alert" data-testid="delivery-failed">Laurel has not received the ${d.topic} webhook for your account (${d.status === null ? "no answer" : `HTTP ${d.status}`}).
<form method="post" action="${STORE_PATH}/account/deliveries/${d.webhook_id}/retry" class="inline"><button class="btn small secondary" type="submit">Send again</button></form></div>`,
)}
<div class="panel">
<h2>Your orders</h2>
${
  orders.length === 0
    ? html`<p>No orders yet. <a href="${STORE_PATH}/collections/all">Start shopping</a>.</p>`
    : html`<table data-testid="orders"><thead><tr><th>Order</th><th>Date</th><th>Status</th><th class="num">Total</th></tr></thead><tbody>${orders.map(
        (v) =>
          html`<tr><td><a href="${STORE_PATH}/orders/${v.order.orderId}">${v.order.name}</a></td><td>${v.order.createdAt.slice(0, 10)}</td><td><span class="tag ${statusOf(v)}">${statusText[statusOf(v)] ?? statusOf(v)}</span></td><td class="num">${formatMoney(v.order.total)}</td></tr>`,
      )}</tbody></table>`
}
</div>
<form method="post" action="${STORE_PATH}/account/logout"><button class="btn secondary" type="submit">Sign out</button></form>`,
  );
}

export interface DemoShopperHint {
  email: string;
  password: string;
  firstName: string;
}

export function loginPage(
  ctx: PageContext,
  opts: { email: string; error: string | null; returnTo: string; hints: DemoShopperHint[] },
): string {
  return layout(
    ctx,
    "account",
    "Sign in",
    html`<div class="two">
<form method="post" action="${LOGIN_PATH}" class="panel">
<h1>Sign in</h1>
${opts.error ? html`<p class="note error" role="alert" data-testid="login-error">${opts.error}</p>` : ""}
<input type="hidden" name="return_to" value="${opts.returnTo}">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email" value="${opts.email}">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button class="btn wide" style="margin-top:16px" type="submit">Sign in</button>
<p>New here? <a href="${REGISTER_PATH}">Create an account</a></p>
</form>
${
  opts.hints.length > 0
    ? html`<div class="panel"><h2>Demo shoppers</h2><p class="muted">Sign in as one of the seeded shoppers:</p><div class="picks">${opts.hints.map(
        (
          h,
        ) => html`<form method="post" action="${LOGIN_PATH}"><input type="hidden" name="email" value="${h.email}"><input type="hidden" name="password" value="${h.password}"><input type="hidden" name="return_to" value="${opts.returnTo}">
<button class="btn secondary wide" type="submit">Sign in as ${h.firstName} <span class="muted">(${h.email} / ${h.password})</span></button></form>`,
      )}</div></div>`
    : ""
}
</div>`,
  );
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
}

export function registerPage(
  ctx: PageContext,
  values: RegisterValues,
  errors: { field: string; message: string }[],
  returnTo: string,
): string {
  return layout(
    ctx,
    "account",
    "Create an account",
    html`<form method="post" action="${REGISTER_PATH}" class="panel" style="max-width:520px">
<h1>Create an account</h1>
${errors.length > 0 ? html`<div class="note error" role="alert" data-testid="register-error">${errors.map((e) => html`<div>${e.message}</div>`)}</div>` : ""}
<input type="hidden" name="return_to" value="${returnTo}">
<div class="two"><div><label for="first_name">First name</label><input id="first_name" name="first_name" autocomplete="given-name" value="${values.firstName}"></div>
<div><label for="last_name">Last name</label><input id="last_name" name="last_name" autocomplete="family-name" value="${values.lastName}"></div></div>
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email" value="${values.email}">
<label for="password">Password</label><input id="password" name="password" type="password" required minlength="8" autocomplete="new-password">
<button class="btn wide" style="margin-top:16px" type="submit">Create account</button>
<p>Already have an account? <a href="${LOGIN_PATH}">Sign in</a></p>
</form>`,
  );
}

export function notFoundPage(ctx: PageContext, what = "This page doesn't exist."): string {
  return layout(
    ctx,
    "other",
    "Not found",
    html`<h1>Not found</h1><p>${what}</p><a class="btn" href="${STORE_PATH}">Back to the store</a>`,
  );
}

export function unavailablePage(): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo store unavailable</title></head><body><h1>Demo store unavailable</h1><p>The demo shop is not installed on this server (it is seeded when PLATFORM=demo and SEED_DEMO is on).</p></body></html>`
    .value;
}
