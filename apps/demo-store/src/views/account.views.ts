import type { Shopper } from "../accounts/accounts.service";
import { formatMoney } from "../catalogue/catalogue";
import type { OrderView } from "../orders/orders.service";
import { html } from "./html";
import { LOGIN_PATH, laurelBlock, layout, type PageContext, REGISTER_PATH, STORE_PATH } from "./layout";
import { statusOf, statusText } from "./order.views";

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
${laurelBlock("points", "account-points", "", { memberTemplate: "Laurel Rewards: you have {{points}}.", rate: false })}
<p><a href="#laurel-rewards" data-testid="account-rewards-link">See my rewards</a></p>
<div class="panel" data-laurel-partner data-currency="USD" data-testid="account-partner" hidden></div>
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

interface DemoShopperHint {
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
${laurelBlock("login", "login-block", "")}
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

interface RegisterValues {
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
${laurelBlock("signup", "signup-block", "Join our rewards program and get {{points}} when you create your account.")}
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
