import { defaultBrandColors, type ProxyCustomerResponse } from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import type { ProxyAuth } from "../../infra/http";
import { brandColorsOf } from "../settings/brand-colours";
import { faqsOf } from "./onsite-content";
import { getShopperView } from "./storefront.service";

/**
 * The loyalty page (N-10, issue 12): server-rendered HTML answered through the app proxy as
 * `application/liquid`, so Shopify renders it inside the theme's layout (header, footer, styles).
 * It needs no JavaScript: the point calculator (N-20) is a GET form the server answers; the
 * widget (loaded by the app embed on every page) opens from its `#laurel-rewards` links.
 * Every text is escaped for HTML and for Liquid (`{` and `}` become entities: a merchant's program
 * title must never become a Liquid tag the theme would run).
 */
const esc = (value: unknown) => String(value).replace(/[&<>"'{}]/g, (c) => `&#${c.charCodeAt(0)};`);

function pointsText(view: ProxyCustomerResponse, n: number) {
  return `${n.toLocaleString("en")} ${n === 1 ? view.pointLabel.singular : view.pointLabel.plural}`;
}

function money(minor: number, currency: string) {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 100);
  } catch {
    return (minor / 100).toFixed(2);
  }
}

/** N-20: the points an order of `amountMinor` earns by the shop's order programs (rounded down). */
export function calculatePoints(view: ProxyCustomerResponse, amountMinor: number): number {
  return view.waysToEarn
    .filter((w) => w.event === "place_order" && w.perAmount)
    .reduce((sum, w) => sum + Math.floor(amountMinor / (w.perAmount as number)) * w.points, 0);
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? "#000000" : "#ffffff";
}

export async function renderLoyaltyPage(
  deps: Deps,
  auth: ProxyAuth,
  amountMinor: number | null,
  currency: string,
): Promise<string> {
  const view = await getShopperView(deps, auth);
  const context = await deps.shopContexts.byId(auth.shopId);
  // M-02: the shop's own sign-in and sign-up pages when it set them (checked when saved).
  const general = context?.shop.settings.general;
  const member = view.customer?.type === "member" ? view.customer : null;
  const earn = view.waysToEarn
    .map((w) => {
      const how = w.perAmount
        ? `${pointsText(view, w.points)} for every ${money(w.perAmount, currency)} spent`
        : pointsText(view, w.points);
      return `<li><strong>${esc(w.title)}</strong> <span>${esc(how)}</span>${w.completed ? " <em>✓ Completed</em>" : ""}</li>`;
    })
    .join("");
  const redeem = view.waysToRedeem
    .map((w) => `<li><strong>${esc(w.title)}</strong> <span>${esc(pointsText(view, w.points))}</span></li>`)
    .join("");
  const hero = member
    ? `<p data-testid="laurel-page-balance">You have <strong>${esc(pointsText(view, Math.max(0, member.availablePoints)))}</strong>${
        view.tier && typeof (view.tier as { name?: unknown }).name === "string"
          ? ` · VIP tier: <strong>${esc((view.tier as { name: string }).name)}</strong>`
          : ""
      }.</p><a class="laurel-page__button" href="#laurel-rewards">See my rewards</a>`
    : view.signedIn
      ? `<p>Join the program to start earning.</p><a class="laurel-page__button" href="#laurel-rewards">Join now</a>`
      : `<p>Earn points on every order and spend them on rewards.</p><a class="laurel-page__button" href="${esc(general?.signUpRedirectUrl ?? "/account/register")}">Join now</a> <a href="${esc(general?.loginRedirectUrl ?? "/account/login")}">Sign in</a>`;
  const calc =
    amountMinor === null
      ? ""
      : `<p data-testid="laurel-calculator-result">An order of ${esc(money(amountMinor, currency))} earns <strong>${esc(
          pointsText(view, calculatePoints(view, amountMinor)),
        )}</strong>.</p>`;
  // N-10: the merchant's FAQs (`/storefront/faqs`), or the defaults until they write their own.
  // M-04: the shop's brand colours (hex, checked): banner, text on it, highlights and buttons.
  const c = context ? brandColorsOf(context.shop) : defaultBrandColors;
  const faqs = (context ? faqsOf(context.shop.settings).faqs : [])
    .map((f) => `<details><summary>${esc(f.question)}</summary><p>${esc(f.answer)}</p></details>`)
    .join("");
  return `<div class="laurel-page" data-testid="laurel-loyalty-page">
<style>.laurel-page{max-width:960px;margin:0 auto;padding:24px 16px}.laurel-page section{margin:32px 0}.laurel-page ul{list-style:none;padding:0}.laurel-page li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #0001}.laurel-page__hero{padding:40px 24px;border-radius:12px;background:${c.primary};color:${c.secondary};text-align:center}.laurel-page__hero a{color:inherit}.laurel-page h2,.laurel-page em{color:${c.accent}}.laurel-page__button{display:inline-block;margin:8px;padding:10px 20px;border:2px solid ${c.loyaltyPageButton};border-radius:24px;background:${c.loyaltyPageButton};color:${textOn(c.loyaltyPageButton)}!important;text-decoration:none}</style>
<section class="laurel-page__hero"><h1>Rewards</h1>${hero}</section>
<section aria-labelledby="laurel-earn"><h2 id="laurel-earn">Ways to earn</h2><ul data-testid="laurel-page-earn">${earn}</ul></section>
<section aria-labelledby="laurel-redeem"><h2 id="laurel-redeem">Ways to redeem</h2><ul data-testid="laurel-page-redeem">${redeem}</ul></section>
<section aria-labelledby="laurel-referral"><h2 id="laurel-referral">Refer a friend</h2><p>Share your link from the rewards panel: your friend gets a reward, and so do you.</p><a class="laurel-page__button" href="#laurel-rewards" style="color:inherit">Get my link</a></section>
<section aria-labelledby="laurel-calc"><h2 id="laurel-calc">Point calculator</h2>
<form method="get"><label for="laurel-amount">Order amount (${esc(currency)})</label> <input id="laurel-amount" name="amount" type="number" min="0" max="1000000" step="0.01" value="${amountMinor === null ? "" : esc((amountMinor / 100).toFixed(2))}"> <button type="submit">Calculate</button></form>${calc}</section>
${faqs ? `<section aria-labelledby="laurel-faqs" data-testid="laurel-page-faqs"><h2 id="laurel-faqs">FAQs</h2>${faqs}</section>` : ""}
</div>`;
}
