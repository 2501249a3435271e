/**
 * The demo store's pages, server-rendered: no framework, no client script of its own. The only
 * script on a page is Laurel's widget, embedded exactly as the theme app embed would (`?widget=0`
 * leaves it out, for the Lighthouse baseline). This file: the frame every page shares.
 */
import type { Shopper } from "../accounts/accounts.service";
import { FREE_SHIPPING_FROM } from "../cart/cart";
import { formatMoney } from "../catalogue/catalogue";
import { html, type SafeHtml, trusted } from "./html";
import { STORE_CSS } from "./styles";

export const STORE_PATH = "/demo-store";
export const PROXY_PREFIX = "/apps/laurel";
export const LOGIN_PATH = `${STORE_PATH}/account/login`;
export const REGISTER_PATH = `${STORE_PATH}/account/register`;

type PageType = "product" | "home" | "collection" | "cart" | "account" | "other";

export interface PageContext {
  shopDomain: string;
  shopper: Shopper | null;
  cartCount: number;
  /** Include Laurel's widget (false with `?widget=0`). */
  widget: boolean;
}

/**
 * The theme app embed: the one contract between this store and the widget. `blocks.js` fills the
 * page's Laurel blocks and shows the popups (issue 12), beside the loader.
 */
function widgetEmbed(ctx: PageContext, page: PageType): SafeHtml {
  const customer = ctx.shopper?.customerId ?? "";
  return html`<script src="/widget/loader.js" defer data-laurel-proxy="${PROXY_PREFIX}" data-laurel-shop="${ctx.shopDomain}" data-laurel-locale="en" data-laurel-page="${page}" data-laurel-customer="${customer}" data-laurel-login-url="${LOGIN_PATH}" data-laurel-register-url="${REGISTER_PATH}"></script>
<script src="/widget/blocks.js" defer data-laurel-proxy="${PROXY_PREFIX}" data-laurel-locale="en" data-laurel-customer="${customer}" data-laurel-register-url="${REGISTER_PATH}"></script>`;
}

/** The loyalty page (N-10), served by Laurel through the app proxy inside this store's layout. */
export const LOYALTY_PAGE_PATH = `${PROXY_PREFIX}/loyalty-page`;

/**
 * A Laurel block as the theme app extension's blocks write it (N-11, N-21): its line reserved but
 * invisible until `blocks.js` has the shop's programs (no layout shift), so a shop without them
 * shows nothing.
 */
export function laurelBlock(
  kind: "points" | "signup" | "login",
  testId: string,
  template: string,
  opts: { amount?: number; memberTemplate?: string; rate?: boolean } = {},
): SafeHtml {
  const rate = opts.rate === false ? "" : "Earn {{points}} for every {{amount}} you spend.";
  return kind === "points"
    ? html`<p class="laurel-block" data-laurel-points data-testid="${testId}" data-amount="${String(opts.amount ?? 0)}" data-currency="USD" data-template="${template}" data-rate-template="${rate}" data-member-template="${opts.memberTemplate ?? ""}" style="visibility:hidden"></p>`
    : kind === "signup"
      ? html`<p class="laurel-block" data-laurel-signup data-testid="${testId}" data-template="${template}" style="visibility:hidden"></p>`
      : // N-02: the customer login block; its texts are the merchant's, from Laurel.
        html`<p class="laurel-block" data-laurel-login data-testid="${testId}" hidden></p>`;
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
${ctx.widget ? html`<a href="${LOYALTY_PAGE_PATH}" data-testid="loyalty-page-link">Rewards</a>` : ""}
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
