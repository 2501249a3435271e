import type { ProxyCoupon, ProxyCustomerResponse } from "@laurel/contracts";
import { formatPoints } from "../shared/format";
import type { PanelContext } from "../shared/types";

type Vars = Record<string, string | number>;
export type WayToRedeem = ProxyCustomerResponse["waysToRedeem"][number];

/** A failed call: the message to show (the API's, in the spec's words) and the API's code. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** Set when the server answered (so a retry with the same request id would not help). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** What every view gets: texts, formatting, the storefront API and the panel's own actions. */
export interface Ctx extends PanelContext {
  t(key: string, vars?: Vars): string;
  points(n: number): string;
  money(minor: number): string;
  date(iso: string): string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /** Says something in the live region (results, errors). */
  announce(message: string): void;
  go(view: View): void;
  reload(): void;
}

export type View =
  | { name: "home" }
  | { name: "redeem"; way: WayToRedeem; balance: number }
  | { name: "reward"; coupon: ProxyCoupon }
  | { name: "coupons" }
  | { name: "history" }
  | { name: "referral" }
  | { name: "earn" };

/** Texts in the storefront's language; `{{name}}` placeholders filled, `{{loyalty_point}}` is the label. */
export function translator(ctx: PanelContext): Ctx["t"] {
  const texts = ctx.settings.translations;
  return (key, vars = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : name === "loyalty_point" ? ctx.settings.pointLabel.plural : whole,
    );
}

export function formatters(ctx: PanelContext) {
  const { locale } = ctx.embed;
  return {
    points: (n: number) => formatPoints(n, ctx.settings.pointLabel, locale),
    /** Integer minor units of the shop's currency (JPY has none, KWD three). */
    money(minor: number) {
      try {
        const f = new Intl.NumberFormat(locale, { style: "currency", currency: ctx.settings.currency });
        return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
      } catch {
        return String(minor / 100);
      }
    },
    /**
     * In the shop's date format (K-11, M-02): a numeric pattern (the 10-character MM/DD/YYYY,
     * DD/MM/YYYY, YYYY-MM-DD), or the language's medium date ("month_day", or none). The locale is
     * one Intl never refuses (see formatPoints).
     */
    date(iso: string) {
      const d = new Date(iso);
      const f = `${ctx.settings.dateFormat}`;
      return f[9]
        ? f
            .replace("YYYY", `${d.getFullYear()}`)
            .replace("MM", `0${d.getMonth() + 1}`.slice(-2))
            .replace("DD", `0${d.getDate()}`.slice(-2))
        : d.toLocaleDateString(locale, { dateStyle: "medium" });
    },
  };
}

/**
 * The storefront API through the app proxy: same origin, the shop's cookies, the envelope
 * (DESIGN §5). A failure becomes an `ApiError` with the message to show: the shop's translation
 * of the error code when it has one without placeholders, else the server's message (the spec's
 * words, placeholders filled), else a generic one.
 */
export function client(ctx: PanelContext, t: Ctx["t"]) {
  const texts = ctx.settings.translations;
  const call = async <T>(path: string, body?: unknown, method = "GET"): Promise<T> => {
    let json: { success?: boolean; data?: T; error?: unknown; code?: unknown } | null = null;
    try {
      const res = await fetch(ctx.embed.proxy + path, {
        method,
        credentials: "same-origin",
        headers:
          body === undefined
            ? { accept: "application/json" }
            : { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? null : JSON.stringify(body),
      });
      json = await res.json();
    } catch {
      // Unreachable, or not JSON: nothing the shopper can act on but a retry.
    }
    if (json?.success === true && json.data !== undefined) return json.data;
    const code = typeof json?.code === "string" ? json.code : undefined;
    const translated = code ? texts[`message.${code}`] : undefined;
    const message =
      translated && !translated.includes("{{")
        ? translated
        : typeof json?.error === "string" && json.error
          ? json.error
          : t("message.generic");
    throw new ApiError(message, code);
  };
  return {
    get: <T>(path: string) => call<T>(path),
    post: <T>(path: string, body?: unknown) => call<T>(path, body, "POST"),
  };
}

/**
 * 16 random base-36 characters: the device id (E-03), and a redemption's retry key (D-21: the same
 * key twice answers the first coupon). `getRandomValues` works on plain http too, unlike randomUUID.
 */
export function requestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b % 36).toString(36)).join("");
}

/**
 * The theme's sign-in or create-account link: a path on the store or an http(s) URL (Shopify's
 * new customer accounts live on another host), never `javascript:` or the like.
 */
export function link(value: string | undefined, fallback: string): string {
  return value && /^(\/(?!\/)|https?:\/\/)/i.test(value) ? value : fallback;
}

const JOIN_INTENT = "laurel:join";
/** How long "create an account to join" holds: the time to fill in a sign-up form, not a day. */
const JOIN_INTENT_MS = 30 * 60_000;

/**
 * A guest chose "Create account" or "Sign in" on the join card: they mean to join, so the panel
 * joins them when they come back signed in (one step, not a second "Join"). Kept for the tab
 * (sessionStorage): sign-up may happen on another page or host and come back here.
 */
export function rememberJoinIntent(): void {
  try {
    sessionStorage.setItem(JOIN_INTENT, String(Date.now()));
  } catch {
    // No storage: the shopper joins with the button instead.
  }
}

/** Whether a recent join intent was waiting; it is used up either way. */
export function takeJoinIntent(now = Date.now()): boolean {
  try {
    const at = Number(sessionStorage.getItem(JOIN_INTENT));
    sessionStorage.removeItem(JOIN_INTENT);
    return at > 0 && now - at < JOIN_INTENT_MS;
  } catch {
    return false;
  }
}

/** Everything a shopper may focus inside an element, in order. */
export function focusables(el: Element | null): HTMLElement[] {
  return el
    ? Array.from(
        el.querySelectorAll<HTMLElement>(
          "a[href],button:not([disabled]),input:not([disabled]),[tabindex]:not([tabindex='-1'])",
        ),
      )
    : [];
}

/**
 * The shop's cookies after writing `set`, or none where the page may have none (a sandboxed frame
 * such as the admin's live preview): there they throw, and the widget must never throw (DESIGN §7).
 */
function jar(set?: string): string {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: a first-party cookie of [\w-] characters; CookieStore is not in every browser.
    if (set) document.cookie = set;
    return document.cookie;
  } catch {
    return "";
  }
}

/** The first-party device id (E-03 "same browser"): random, kept a year in the shop's cookie. */
export function deviceId(): string {
  const found = /(?:^|; )laurel_did=([\w-]{16,64})/.exec(jar())?.[1];
  if (found) return found;
  const id = requestId();
  jar(`laurel_did=${id};path=/;max-age=31536000;samesite=lax`);
  return id;
}

/**
 * The referral code a link brought (`?ref=CODE`) is kept 30 days in a first-party cookie until the
 * shopper is signed in; then it is claimed once (`POST /proxy/referral/claim`) and forgotten.
 */
export function keepReferralCode(): string | null {
  const fromUrl = /[?&]ref=([A-Z0-9]{4,24})(?:&|$)/.exec(location.search)?.[1];
  if (fromUrl) jar(`laurel_ref=${fromUrl};path=/;max-age=2592000;samesite=lax`);
  return fromUrl ?? /(?:^|; )laurel_ref=([A-Z0-9]{4,24})/.exec(jar())?.[1] ?? null;
}

export function forgetReferralCode(): void {
  jar("laurel_ref=;path=/;max-age=0");
}

/** A chunk imported once, on first use; a failed import is tried again next time. */
export function lazyChunk<T>(load: () => Promise<T>): () => Promise<T> {
  let chunk: Promise<T> | undefined;
  return () =>
    (chunk ||= load().catch((e) => {
      chunk = undefined;
      throw e;
    }));
}
