import { productArt } from "../catalogue/art";
import { formatMoney } from "../catalogue/catalogue";
import type { CartView } from "../checkout/checkout.service";
import { html, type SafeHtml } from "./html";
import { LOGIN_PATH, laurelBlock, layout, type PageContext, STORE_PATH } from "./layout";

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
${laurelBlock("points", "cart-points", "Earn {{points}} with this order.", {
  amount: view.totals.lineItemsTotal,
  memberTemplate: "You have {{points}}: redeem them for a discount without leaving your cart.",
})}
<a class="btn wide" style="margin-top:12px" href="${STORE_PATH}/checkout">Check out</a></div>
</div>
</div>`,
  );
}

interface CheckoutValues {
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
${
  s
    ? html`<div class="panel" data-laurel-checkout data-testid="checkout-rewards" data-apply-url="/discount/{{code}}?redirect=${STORE_PATH}/checkout" hidden></div>`
    : ""
}
${discountForm(view, code, `${STORE_PATH}/checkout/discount`)}
</div>
</div>`,
  );
}
