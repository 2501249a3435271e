import type {
  LoyaltyPageSection,
  PartnerTierTexts,
  ProxyCustomerResponse,
  ProxyPartnerTier,
} from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { brandColorsOf } from "../settings/brand-colours";
import { storefrontPartnerTier, storefrontTierBenefits } from "../tiers/tiers.service";
import { loyaltyPageOf, pointCalculatorOf, storefrontCalculatorPoints } from "./loyalty-page-settings";
import { faqsOf } from "./onsite-content";
import { getShopperView } from "./storefront.service";
import { resolveWidgetTranslations } from "./widget-settings";

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

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? "#000000" : "#ffffff";
}

/**
 * A storefront text with its `{{name}}` placeholders filled by `html` (already escaped); the
 * text around them is escaped, and an unknown placeholder stays as escaped text (never Liquid).
 */
function fillHtml(template: string, html: Record<string, string>): string {
  return template
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => {
      const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
      return name !== undefined && html[name] !== undefined ? html[name] : esc(part);
    })
    .join("");
}

/** A shop text (the page's `page.*` keys) with its placeholders filled by plain text, escaped. */
const fillText = (template: string, values: Record<string, string>) =>
  fillHtml(template, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, esc(v)])));

/** What it takes to reach a tier, in the shop's words (escaped). */
function milestoneText(
  view: ProxyCustomerResponse,
  tier: TierBenefit,
  currency: string,
  t: (key: string) => string,
): string {
  if (tier.milestone <= 0) return esc(t("page.vipStart"));
  if (tier.unit === "money") return fillText(t("page.vipSpend"), { amount: money(tier.milestone, currency) });
  if (tier.unit === "orders")
    return fillText(t("page.vipOrders"), { count: tier.milestone.toLocaleString("en") });
  return fillText(t("page.vipEarn"), { points: pointsText(view, tier.milestone) });
}

type TierBenefit = Awaited<ReturnType<typeof storefrontTierBenefits>>[number];

/** The loyalty page's words in the shop's primary language (the shop's own translation, else Laurel's). */
function pageTextsOf(shop: Pick<ShopRow, "settings">): Record<string, string> {
  const settings = shop.settings;
  return resolveWidgetTranslations(
    (settings as { widget?: { translations?: unknown } }).widget?.translations,
    settings.translation?.primaryLanguage ?? "en",
  ).translations;
}

/** The partner card's words for the account-page block (`/proxy/partner-tier`), placeholders unfilled. */
export function partnerTierTextsOf(shop: Pick<ShopRow, "settings">): PartnerTierTexts {
  const texts = pageTextsOf(shop);
  return {
    title: texts["page.partnerTitle"] ?? "",
    tier: texts["page.partnerTier"] ?? "",
    next: texts["page.partnerNext"] ?? "",
    top: texts["page.partnerTop"] ?? "",
    privileges: texts["page.partnerPrivileges"] ?? "",
  };
}

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * Decision 0177: a signed-in company member's B2B partner tier card — the tier in the tier's own
 * colours (I-19, hex only), its privileges and progress to the next partner tier, in the shop's words.
 */
function partnerCard(
  view: ProxyCustomerResponse,
  tier: ProxyPartnerTier,
  currency: string,
  t: (key: string) => string,
): string {
  const background = tier.backgroundColor && HEX.test(tier.backgroundColor) ? tier.backgroundColor : null;
  const colour = tier.cardColor && HEX.test(tier.cardColor) ? tier.cardColor : null;
  const style =
    background || colour
      ? ` style="${background ? `background:${background};` : ""}${colour ? `color:${colour};border-color:${colour}` : ""}"`
      : "";
  const next = tier.next;
  const remaining = next
    ? next.unit === "money"
      ? money(next.remaining, currency)
      : next.unit === "orders"
        ? next.remaining.toLocaleString("en")
        : pointsText(view, next.remaining)
    : "";
  const progress = next
    ? `<p data-testid="laurel-partner-next">${fillHtml(t("page.partnerNext"), {
        remaining: `<strong>${esc(remaining)}</strong>`,
        tier: `<strong>${esc(next.name)}</strong>`,
      })}</p><div class="laurel-page__bar" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${next.progress}"><span style="width:${next.progress}%"></span></div>`
    : `<p data-testid="laurel-partner-next">${esc(t("page.partnerTop"))}</p>`;
  const perks =
    tier.perks.length > 0
      ? `<h3>${esc(t("page.partnerPrivileges"))}</h3><ul data-testid="laurel-partner-perks">${tier.perks
          .map((p) => `<li>${esc(p)}</li>`)
          .join("")}</ul>`
      : "";
  return `<section class="laurel-page__partner" aria-labelledby="laurel-partner" data-testid="laurel-page-partner"${style}><h2 id="laurel-partner">${esc(t("page.partnerTitle"))}</h2><p data-testid="laurel-partner-tier">${fillHtml(t("page.partnerTier"), { tier: `<strong>${esc(tier.name)}</strong>` })}</p>${progress}${perks}</section>`;
}

/**
 * The page, in the sections and order the merchant chose (`/storefront/loyalty-page`, N-10), with
 * the hero's texts and the point calculator's settings and texts (N-20, translation type
 * `point-calculator`). `amountMinor` is the calculator's amount (null: the default amount, if any).
 */
export async function renderLoyaltyPage(
  deps: Deps,
  auth: ProxyAuth,
  amountMinor: number | null,
  currency: string,
): Promise<string> {
  const context = await deps.shopContexts.byId(auth.shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  const [view, tiers, partner] = await Promise.all([
    getShopperView(deps, auth),
    storefrontTierBenefits(deps, auth.shopId),
    storefrontPartnerTier(deps, context.shop, auth.platformCustomerId),
  ]);
  const settings = context.shop.settings;
  const settingsPage = loyaltyPageOf(settings);
  const calculator = pointCalculatorOf(settings);
  // The page's and the calculator's words in the shop's primary language (the shop's own, else Laurel's).
  const texts = pageTextsOf(context.shop);
  // M-02: the shop's own sign-in and sign-up pages when it set them (checked when saved).
  const general = settings.general;
  const member = view.customer?.type === "member" ? view.customer : null;
  // The page's words in the shop's primary language (the shop's own translation, else Laurel's).
  const t = (key: string) => texts[key] ?? "";
  const button = (key: string) => esc(settingsPage.hero.buttonText ?? t(key));
  const tierName =
    view.tier && typeof (view.tier as { name?: unknown }).name === "string"
      ? (view.tier as { name: string }).name
      : null;
  const heroBody = member
    ? `<p data-testid="laurel-page-balance">${fillHtml(t("page.balance"), {
        points: `<strong>${esc(pointsText(view, Math.max(0, member.availablePoints)))}</strong>`,
      })}${
        tierName ? ` · ${fillHtml(t("page.tier"), { tier: `<strong>${esc(tierName)}</strong>` })}` : ""
      }</p><a class="laurel-page__button" href="#laurel-rewards">${button("page.seeRewards")}</a>`
    : view.signedIn
      ? `<a class="laurel-page__button" href="#laurel-rewards">${button("page.join")}</a>`
      : `<a class="laurel-page__button" href="${esc(general?.signUpRedirectUrl ?? "/account/register")}">${button("page.join")}</a> <a href="${esc(general?.loginRedirectUrl ?? "/account/login")}">${esc(t("page.signIn"))}</a>`;
  const subtitle = settingsPage.hero.subtitle
    ? `<p data-testid="laurel-page-subtitle">${esc(settingsPage.hero.subtitle)}</p>`
    : "";
  const earn = view.waysToEarn
    .map((w) => {
      const how = w.perAmount
        ? fillText(t("page.perAmount"), {
            points: pointsText(view, w.points),
            amount: money(w.perAmount, currency),
          })
        : esc(pointsText(view, w.points));
      return `<li><strong>${esc(w.title)}</strong> <span>${how}</span>${w.completed ? ` <em>✓ ${esc(t("page.completed"))}</em>` : ""}</li>`;
    })
    .join("");
  const redeem = view.waysToRedeem
    .map((w) => `<li><strong>${esc(w.title)}</strong> <span>${esc(pointsText(view, w.points))}</span></li>`)
    .join("");
  const vip = tiers
    .map(
      (tier) =>
        `<li><strong>${esc(tier.name)}</strong> <span>${milestoneText(view, tier, currency, t)}${
          tier.perks.length > 0 ? ` · ${tier.perks.map(esc).join(" · ")}` : ""
        }</span></li>`,
    )
    .join("");
  const shownAmount = amountMinor ?? (calculator.defaultAmount > 0 ? calculator.defaultAmount : null);
  const result =
    shownAmount === null
      ? ""
      : `<p data-testid="laurel-calculator-result">${fillHtml(texts["calculator.result"] ?? "", {
          amount: esc(money(shownAmount, currency)),
          points: `<strong>${esc(pointsText(view, storefrontCalculatorPoints(context, shownAmount)))}</strong>`,
        })}</p>`;
  // N-10: the merchant's FAQs (`/storefront/faqs`), or the defaults until they write their own.
  // M-04: the shop's brand colours (hex, checked): banner, text on it, highlights and buttons.
  const c = brandColorsOf(context.shop);
  const faqs = faqsOf(settings)
    .faqs.map((f) => `<details><summary>${esc(f.question)}</summary><p>${esc(f.answer)}</p></details>`)
    .join("");
  const sections: Record<LoyaltyPageSection, string> = {
    hero: `<section class="laurel-page__hero" data-testid="laurel-page-hero"><h1>${esc(settingsPage.hero.title)}</h1>${subtitle}${heroBody}</section>`,
    ways_to_earn: `<section aria-labelledby="laurel-earn"><h2 id="laurel-earn">${esc(t("page.earnTitle"))}</h2><ul data-testid="laurel-page-earn">${earn}</ul></section>`,
    ways_to_redeem: `<section aria-labelledby="laurel-redeem"><h2 id="laurel-redeem">${esc(t("page.redeemTitle"))}</h2><ul data-testid="laurel-page-redeem">${redeem}</ul></section>`,
    vip_benefits: vip
      ? `<section aria-labelledby="laurel-vip" data-testid="laurel-page-vip"><h2 id="laurel-vip">${esc(t("page.vipTitle"))}</h2><ul>${vip}</ul></section>`
      : "",
    referral: `<section aria-labelledby="laurel-referral" data-testid="laurel-page-referral"><h2 id="laurel-referral">${esc(t("page.referralTitle"))}</h2><p>${esc(t("page.referralBody"))}</p><a class="laurel-page__button" href="#laurel-rewards" style="color:inherit">${esc(t("page.referralButton"))}</a></section>`,
    faqs: faqs
      ? `<section aria-labelledby="laurel-faqs" data-testid="laurel-page-faqs"><h2 id="laurel-faqs">${esc(t("page.faqsTitle"))}</h2>${faqs}</section>`
      : "",
    calculator: calculator.enabled
      ? `<section aria-labelledby="laurel-calc" data-testid="laurel-page-calculator"><h2 id="laurel-calc">${esc(calculator.title)}</h2>${
          calculator.description ? `<p>${esc(calculator.description)}</p>` : ""
        }
<form method="get"><label for="laurel-amount">${fillHtml(texts["calculator.amount"] ?? "", { currency: esc(currency) })}</label> <input id="laurel-amount" name="amount" type="number" min="0" max="1000000" step="0.01" value="${shownAmount === null ? "" : esc((shownAmount / 100).toFixed(2))}"> <button type="submit">${esc(texts["calculator.button"] ?? "")}</button></form>${result}</section>`
      : "",
  };
  const shown = settingsPage.sections
    .filter((s) => s.visible)
    .map((s) => ({ section: s.section, html: sections[s.section] }))
    .filter((s) => s.html !== "");
  // The partner card is the shopper's own, not a section the merchant orders: after the hero, else first.
  if (partner) {
    const card = { section: "hero" as const, html: partnerCard(view, partner, currency, t) };
    const hero = shown.findIndex((s) => s.section === "hero");
    shown.splice(hero + 1, 0, card);
  }
  const body = shown.map((s) => s.html).join("\n");
  return `<div class="laurel-page" data-testid="laurel-loyalty-page">
<style>.laurel-page{max-width:960px;margin:0 auto;padding:24px 16px}.laurel-page section{margin:32px 0}.laurel-page ul{list-style:none;padding:0}.laurel-page li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #0001}.laurel-page__hero{padding:40px 24px;border-radius:12px;background:${c.primary};color:${c.secondary};text-align:center}.laurel-page__hero a{color:inherit}.laurel-page h2,.laurel-page em{color:${c.accent}}.laurel-page__partner{padding:24px;border:2px solid ${c.accent};border-radius:12px}.laurel-page__partner h2,.laurel-page__partner h3{color:inherit}.laurel-page__partner li{display:list-item;border:0;padding:2px 0}.laurel-page__partner ul{list-style:disc;padding-left:20px}.laurel-page__bar{height:8px;border-radius:4px;background:#0002;overflow:hidden}.laurel-page__bar span{display:block;height:100%;background:currentColor}.laurel-page__button{display:inline-block;margin:8px;padding:10px 20px;border:2px solid ${c.loyaltyPageButton};border-radius:24px;background:${c.loyaltyPageButton};color:${textOn(c.loyaltyPageButton)}!important;text-decoration:none}</style>
${body}
</div>`;
}
