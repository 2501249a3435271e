/**
 * `blocks.js`: the storefront's on-site blocks and popups (issue 12, decision 0145), a classic
 * script apart from the loader and the panel, so neither grows: it runs only where a theme (or the
 * demo store) placed a block, and fetches nothing on a page that has neither a block nor a popup.
 *
 * - Points blocks (N-11): `[data-laurel-points]` with `data-amount` (minor units) and a
 *   `data-template` such as "Earn {{points}} with this purchase" (product page, cart, thank-you).
 *   `data-member-template` on the cart block: a member's balance and the way to redeem from there;
 *   `data-rate-template` ("Earn {{points}} for every {{amount}} spent", with `data-currency`) when
 *   the amount alone earns nothing yet.
 * - Sign-up block (N-21): `[data-laurel-signup]`, "Join and get {{points}}" from the sign-up program,
 *   in the merchant's words (`/storefront/branding/signup-block`) once saved, or not at all when off.
 * - Customer login block (N-02): `[data-laurel-login]` on the sign-in page, for guests: the
 *   merchant's title and description (`/storefront/branding/customer-login`).
 * - Checkout discount block (N-12): `[data-laurel-checkout]` with `data-apply-url` (`{{code}}`
 *   becomes the code): a member's available reward codes, when the merchant turned the block on.
 * - Partner tier block (decision 0177): `[data-laurel-partner]` on the account page, for a signed-in
 *   company member: their B2B partner tier, progress to the next and privileges (`/proxy/partner-tier`),
 *   in the loyalty page's words; `data-currency` formats an amount still to spend.
 * - Popups (N-08, N-09, G-23, L-13): from `GET /proxy/onsite`, one per page view, after its delay,
 *   at most `frequency` times a day per browser, closed after `autoCloseSeconds` when set.
 *
 * Like the loader it never throws: every failure leaves the page as it was.
 */
import type {
  ProxyCoupon,
  ProxyCustomerResponse,
  ProxyOnsiteResponse,
  ProxyPartnerTierResponse,
  ProxyPointsEstimateResponse,
} from "@laurel/contracts";
import { formatPoints } from "../shared/format";

export type Popup = ProxyOnsiteResponse["popups"][number];

export interface BlocksEmbed {
  proxy: string;
  customer: string;
  locale: string;
  registerUrl: string;
}

const doc = document;
const noop = () => {};

export function readBlocksEmbed(el: HTMLElement | null): BlocksEmbed {
  const d = el?.dataset ?? {};
  const path = (v: string | undefined, fallback: string) => (v && /^\/(?!\/)/.test(v) ? v : fallback);
  return {
    proxy: path(d.laurelProxy, "/apps/laurel").replace(/\/+$/, ""),
    customer: /^\d+$/.test(d.laurelCustomer ?? "") ? (d.laurelCustomer as string) : "",
    locale: /^[a-z]{2,3}(-[a-z0-9]{2,4})*$/i.test(d.laurelLocale ?? "") ? (d.laurelLocale as string) : "en",
    registerUrl: path(d.laurelRegisterUrl, "/account/register"),
  };
}

async function getData<T>(url: string): Promise<T> {
  const body = await (await fetch(url)).json();
  if (!body?.success) throw new Error("laurel");
  return body.data as T;
}

/** Each amount's points as the engine counts them (`/points-estimate`): amount → points. */
export type Estimates = ReadonlyMap<number, number>;

/** The amounts of the page's points blocks, asked of the API in one request (at most 20). */
function estimatesFor(proxy: string): Promise<Estimates | null> {
  const amounts = [
    ...new Set(
      Array.from(
        doc.querySelectorAll<HTMLElement>("[data-laurel-points]"),
        (el) => el.dataset.amount ?? "",
      ).filter((a) => /^\d{1,12}$/.test(a)),
    ),
  ].slice(0, 20);
  if (amounts.length === 0) return Promise.resolve(null);
  return getData<ProxyPointsEstimateResponse>(`${proxy}/points-estimate?amounts=${amounts.join(",")}`).then(
    (r) => new Map(r.estimates.map((e) => [e.amount, e.points])),
    () => null,
  );
}

const fill = (template: string, points: string, amount = "") =>
  template.replace(/\{\{\s*points\s*\}\}/g, points).replace(/\{\{\s*amount\s*\}\}/g, amount);

function money(minor: number, currency: string | undefined, locale: string): string {
  try {
    const f = new Intl.NumberFormat(locale, { style: "currency", currency: currency || "USD" });
    return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return String(minor / 100);
  }
}

/**
 * A block reserves its line with `visibility: hidden` (no layout shift when it fills) or leaves
 * the flow with `hidden` (nothing on the page until it has something to say): either is undone.
 */
function show(el: HTMLElement): void {
  el.hidden = false;
  el.style.visibility = "";
}

type BlockTexts = Pick<ProxyOnsiteResponse, "signupBlock" | "customerLogin"> | null;

/**
 * Fills the page's points, sign-up and login blocks from the shopper's view of the shop and the
 * merchant's block settings (`onsite`: null when they could not be read — the theme's texts then).
 */
export function fillBlocks(
  root: ParentNode,
  view: ProxyCustomerResponse,
  locale: string,
  onsite: BlockTexts = null,
  estimates: Estimates | null = null,
): void {
  const points = (n: number) => formatPoints(n, { position: "after", ...view.pointLabel }, locale);
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-laurel-points]"))) {
    // The engine's figure; unknown (the estimate failed), the block says nothing about it.
    const earned = estimates?.get(Number(el.dataset.amount)) ?? 0;
    const member = view.customer?.type === "member" ? view.customer : null;
    const memberTemplate = el.dataset.memberTemplate;
    // Below the order program's step ("10 points for every $100"), the step itself is the offer.
    const rate = view.waysToEarn.find((w) => w.event === "place_order" && w.perAmount);
    const rateTemplate = el.dataset.rateTemplate;
    const text = [
      earned > 0
        ? fill(el.dataset.template || "Earn {{points}} with this purchase", points(earned))
        : rate && rateTemplate
          ? fill(
              rateTemplate,
              points(rate.points),
              money(rate.perAmount as number, el.dataset.currency, locale),
            )
          : "",
      member && memberTemplate ? fill(memberTemplate, points(Math.max(0, member.availablePoints))) : "",
    ]
      .filter(Boolean)
      .join(" ");
    if (!text) continue;
    const span = el.querySelector("[data-laurel-text]") ?? el;
    span.textContent = text;
    show(el);
  }
  const signUp = view.waysToEarn.find((w) => w.event === "sign_up" && w.points > 0);
  const signUpPoints = signUp ? points(signUp.points) : "";
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-laurel-signup]"))) {
    // A member has joined already; a shop without sign-up points has nothing to offer here; the
    // merchant may have turned the block off.
    if (!signUp || view.customer?.type === "member" || onsite?.signupBlock === null) continue;
    const span = el.querySelector("[data-laurel-text]") ?? el;
    span.textContent = fill(
      onsite?.signupBlock?.text || el.dataset.template || "Join our rewards program and get {{points}}",
      signUpPoints,
    );
    show(el);
  }
  const login = onsite?.customerLogin;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-laurel-login]"))) {
    if (!login || view.signedIn) continue;
    const title = doc.createElement("strong");
    title.textContent = login.title;
    el.replaceChildren(title, ` ${fill(login.description, signUpPoints)}`);
    show(el);
  }
}

/** A text whose `{{name}}` placeholders become the given nodes; the rest stays text (never HTML). */
function withNodes(template: string, nodes: Record<string, Node>): (string | Node)[] {
  return template.split(/(\{\{\s*\w+\s*\}\})/).map((part) => {
    const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(part)?.[1];
    return name && nodes[name] ? nodes[name].cloneNode(true) : part;
  });
}

function element(tag: string, ...children: (string | Node)[]): HTMLElement {
  const el = doc.createElement(tag);
  el.append(...children);
  return el;
}

const HEX = /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i;

/**
 * Decision 0177: a company member's B2B partner tier on the account page: the tier in its card
 * colours (hex only), progress to the next partner tier or "the highest", and its privileges.
 */
export function fillPartner(el: HTMLElement, r: ProxyPartnerTierResponse, locale: string): void {
  const tier = r.tier;
  if (!tier) return;
  if (tier.backgroundColor && HEX.test(tier.backgroundColor)) el.style.background = tier.backgroundColor;
  if (tier.cardColor && HEX.test(tier.cardColor)) el.style.color = tier.cardColor;
  const parts: Node[] = [
    element("h2", r.texts.title),
    element("p", ...withNodes(r.texts.tier, { tier: element("strong", tier.name) })),
  ];
  const next = tier.next;
  if (next) {
    const remaining =
      next.unit === "money"
        ? money(next.remaining, el.dataset.currency, locale)
        : next.unit === "points"
          ? formatPoints(next.remaining, r.pointLabel, locale)
          : next.remaining.toLocaleString(locale);
    parts.push(
      element(
        "p",
        ...withNodes(r.texts.next, {
          remaining: element("strong", remaining),
          tier: element("strong", next.name),
        }),
      ),
    );
    const bar = element("progress");
    bar.setAttribute("max", "100");
    bar.setAttribute("value", String(next.progress));
    parts.push(bar);
  } else parts.push(element("p", r.texts.top));
  if (tier.perks.length > 0) {
    parts.push(element("h3", r.texts.privileges), element("ul", ...tier.perks.map((p) => element("li", p))));
  }
  el.replaceChildren(...parts);
  show(el);
}

/** N-12: the member's available codes with the merchant's title and description, each to apply. */
export function fillCheckout(
  el: HTMLElement,
  block: NonNullable<ProxyOnsiteResponse["checkout"]>,
  coupons: ProxyCoupon[],
): void {
  const available = coupons.filter((c) => c.tab === "available");
  if (available.length === 0) return;
  const title = doc.createElement("h2");
  title.textContent = block.title;
  const text = doc.createElement("p");
  text.textContent = block.description;
  const list = doc.createElement("ul");
  for (const c of available) {
    const li = doc.createElement("li");
    const code = doc.createElement("code");
    code.textContent = c.code;
    const a = doc.createElement("a");
    a.href = (el.dataset.applyUrl || "/discount/{{code}}").replace("{{code}}", encodeURIComponent(c.code));
    a.textContent = el.dataset.applyText || "Apply";
    li.append(`${c.title} `, code, " ", a);
    list.append(li);
  }
  el.replaceChildren(title, ...(block.description ? [text] : []), list);
  show(el);
}

/** Whether a popup may show on `pathname` today, by its hidden paths and its daily frequency. */
export function popupAllowed(
  popup: Popup,
  pathname: string,
  today: string,
  storage: Storage | null,
): boolean {
  if (popup.hiddenPaths.some((p) => `${pathname}/`.startsWith(p))) return false;
  const [day, count] = (storage?.getItem(`laurel:popup:${popup.kind}`) ?? "").split(" ");
  return day !== today || Number(count) < popup.frequency;
}

function countShown(popup: Popup, today: string, storage: Storage | null): void {
  const key = `laurel:popup:${popup.kind}`;
  const [day, count] = (storage?.getItem(key) ?? "").split(" ");
  storage?.setItem(key, `${today} ${day === today ? Number(count) + 1 : 1}`);
}

/**
 * Which popup this shopper gets: the sign-up popup for guests (N-09), the visit-website popup for
 * guests too (G-23: visiting earns once signed in; a member's visit is announced by the panel), the
 * reward reminder for a member whose balance covers a reward now (L-13).
 */
export function choosePopup(popups: Popup[], embed: BlocksEmbed, view: ProxyCustomerResponse | null) {
  return popups.find((p) =>
    p.kind === "reward_reminder"
      ? view?.customer?.type === "member" && view.waysToRedeem.some((w) => w.available)
      : !embed.customer,
  );
}

const POPUP_CSS =
  ":host{all:initial}.p{position:fixed;z-index:2147483000;left:50%;bottom:24px;transform:translateX(-50%);width:min(360px,calc(100vw - 32px));box-sizing:border-box;padding:20px;border-radius:12px;background:var(--b);color:var(--t);font:15px/1.4 system-ui,sans-serif;box-shadow:0 8px 32px #0004}.p h2{margin:0 24px 8px 0;font-size:18px}.p p{margin:0 0 14px}.p img{width:30px;height:30px;float:left;margin:0 10px 0 0}.a{display:inline-block;padding:10px 18px;border-radius:24px;background:var(--p);color:var(--pt);text-decoration:none;font-weight:600}.x{position:absolute;top:8px;right:8px;border:0;background:none;color:inherit;font-size:22px;cursor:pointer;line-height:1}";

/** Draws a popup in its own shadow root; merchant text goes in as text, the icon as a checked URL. */
export function showPopup(
  popup: Popup,
  colors: ProxyOnsiteResponse["colors"],
  embed: BlocksEmbed,
  pointsText: string,
): HTMLElement {
  const host = doc.createElement("laurel-popup");
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML =
    '<style></style><div class="p" role="dialog" aria-labelledby="h" data-testid="laurel-popup"><button class="x" type="button" aria-label="Close" data-testid="laurel-popup-close">×</button><h2 id="h"></h2><p></p><a class="a" data-testid="laurel-popup-button"></a></div>';
  (root.firstChild as HTMLElement).textContent = POPUP_CSS;
  const box = root.lastElementChild as HTMLElement;
  box.dataset.kind = popup.kind;
  box.style.cssText = `--p:${colors.primary};--pt:${colors.primaryText};--b:${colors.background};--t:${colors.text}`;
  const [close, title, text, button] = Array.from(box.children) as HTMLElement[];
  (title as HTMLElement).textContent = popup.title;
  (text as HTMLElement).textContent = fill(popup.description, pointsText);
  if (!popup.description) text?.remove();
  if (popup.iconUrl && /^https?:\/\//.test(popup.iconUrl)) {
    const img = doc.createElement("img");
    img.src = popup.iconUrl;
    img.alt = "";
    box.insertBefore(img, title as HTMLElement);
  }
  const a = button as HTMLAnchorElement;
  a.textContent = popup.buttonText;
  a.href = popup.buttonLink ?? (popup.kind === "reward_reminder" ? "#laurel-rewards" : embed.registerUrl);
  const remove = () => host.remove();
  (close as HTMLElement).onclick = remove;
  a.onclick = (e) => {
    remove();
    // The rewards panel lives in the loader's shadow root: its launcher opens it.
    if (a.getAttribute("href") === "#laurel-rewards") {
      e.preventDefault();
      launcherButton()?.click();
    }
  };
  host.addEventListener("keydown", (e) => {
    if (e.key === "Escape") remove();
  });
  doc.body.append(host);
  if (popup.autoCloseSeconds > 0) setTimeout(remove, popup.autoCloseSeconds * 1000);
  return host;
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The launcher of the widget the loader draws (inside its shadow root), once it is there. */
const launcherButton = () =>
  doc.querySelector("laurel-widget")?.shadowRoot?.querySelector<HTMLButtonElement>("button") ?? null;

/**
 * N-05, N-06 instant popup: on the first page of a visit (once per browser session) and on the
 * devices the merchant chose (mobile: narrower than 750px, Shopify's themes' breakpoint), the
 * widget's panel opens by itself — as a click on its launcher, once the loader has drawn it.
 */
export function openInstantPopup(setting: ProxyOnsiteResponse["instantPopup"], tries = 40): void {
  if (!setting || !(setting.desktop || setting.mobile)) return;
  let session: Storage | null = null;
  try {
    session = sessionStorage;
  } catch {}
  const mobile = typeof matchMedia === "function" && matchMedia("(max-width: 749px)").matches;
  if (!(mobile ? setting.mobile : setting.desktop) || session?.getItem("laurel-instant")) return;
  session?.setItem("laurel-instant", "1");
  const attempt = (left: number) => {
    const button = launcherButton();
    if (button) button.click();
    else if (left > 0) setTimeout(() => attempt(left - 1), 250);
  };
  attempt(tries);
}

/** Runs the blocks and the popups of this page. Resolves when both are done (or given up). */
export async function startBlocks(script: HTMLElement | null, now = new Date()): Promise<void> {
  const embed = readBlocksEmbed(script);
  const hasBlocks =
    doc.querySelector("[data-laurel-points],[data-laurel-signup],[data-laurel-login]") !== null;
  let viewPromise: Promise<ProxyCustomerResponse | null> | undefined;
  const view = () =>
    (viewPromise ||= getData<ProxyCustomerResponse>(`${embed.proxy}/customer`).catch(() => null));
  const onsiteData = getData<ProxyOnsiteResponse>(`${embed.proxy}/onsite`).catch(() => null);
  const blocks = hasBlocks
    ? Promise.all([view(), onsiteData, estimatesFor(embed.proxy)]).then(([v, onsite, estimates]) => {
        if (v) fillBlocks(doc, v, embed.locale, onsite, estimates);
      })
    : Promise.resolve();
  const popups = onsiteData
    .then(async (onsite) => {
      if (!onsite) return;
      openInstantPopup(onsite.instantPopup);
      const checkout = doc.querySelector<HTMLElement>("[data-laurel-checkout]");
      if (checkout && onsite.checkout && embed.customer) {
        const block = onsite.checkout;
        await getData<{ coupons: ProxyCoupon[] }>(`${embed.proxy}/coupons`).then(
          ({ coupons }) => fillCheckout(checkout, block, coupons),
          noop,
        );
      }
      const today = now.toISOString().slice(0, 10);
      const store = storage();
      const allowed = onsite.popups.filter((p) => popupAllowed(p, location.pathname, today, store));
      if (allowed.length === 0) return;
      const v = allowed.some((p) => p.kind === "reward_reminder") && embed.customer ? await view() : null;
      const popup = choosePopup(allowed, embed, v);
      if (!popup) return;
      const balance = v?.customer ? Math.max(0, v.customer.availablePoints) : 0;
      const label = v?.pointLabel ?? { singular: "point", plural: "points" };
      setTimeout(() => {
        countShown(popup, today, store);
        showPopup(
          popup,
          onsite.colors,
          embed,
          formatPoints(balance, { position: "after", ...label }, embed.locale),
        );
      }, popup.delaySeconds * 1000);
    })
    .catch(noop);
  // The partner card asks only for a signed-in shopper, and only where a theme placed it.
  const partnerEl = doc.querySelector<HTMLElement>("[data-laurel-partner]");
  const partner =
    partnerEl && embed.customer
      ? getData<ProxyPartnerTierResponse>(`${embed.proxy}/partner-tier`).then(
          (r) => fillPartner(partnerEl, r, embed.locale),
          noop,
        )
      : Promise.resolve();
  await Promise.all([blocks, popups, partner]).catch(noop);
}
