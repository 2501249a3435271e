import { formatMoney } from "../catalogue/catalogue";
import type { OrderView } from "../orders/orders.service";
import { html, type SafeHtml } from "./html";
import { laurelBlock, layout, type PageContext, STORE_PATH } from "./layout";

export const statusText: Record<string, string> = {
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export function statusOf(view: OrderView): string {
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
${
  cancelled
    ? ""
    : laurelBlock(
        "points",
        "thank-you-points",
        ctx.shopper
          ? "This order earns you {{points}}."
          : "Create an account to earn {{points}} on orders like this one.",
        { amount: o.subtotal, memberTemplate: ctx.shopper ? "Your balance: {{points}}." : "" },
      )
}
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
${
  // A fully refunded order has nothing left to cancel.
  view.refundable > 0
    ? html`<form method="post" action="${base}/cancel" style="margin-top:8px">${keyField}<button class="btn danger wide" type="submit" data-testid="order-cancel">Cancel order</button></form>`
    : html`<p data-testid="order-fully-refunded">This order is fully refunded.</p>`
}`
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
