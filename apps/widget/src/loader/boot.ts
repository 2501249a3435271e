/**
 * The loader (≤ 2,000 B gzip, DESIGN §7): plain DOM, no Preact. It reads its script tag, fetches
 * the shop's widget settings through the app proxy, draws the launcher in a shadow root with fixed
 * positioning (nothing enters the page's flow: no layout shift), and loads the panel on idle or
 * on the first interaction with the launcher, whichever comes first.
 *
 * It never throws and leaves no rejected promise unhandled: when the API is down or answers
 * garbage, the launcher shows the last known balance from localStorage, or does not show at all.
 */
import { formatPoints } from "../shared/format";
import type { Embed, PanelApi, PanelModule, WidgetSettings } from "../shared/types";
import { LAUNCHER_CSS, LAUNCHER_HTML } from "./launcher-markup";

/** Set by the build: the panel's file names (content-hashed) next to this loader. */
declare const __LAUREL_PANEL_JS__: string;
declare const __LAUREL_PANEL_CSS__: string;
const PANEL_JS = typeof __LAUREL_PANEL_JS__ === "string" ? __LAUREL_PANEL_JS__ : "panel.js";
const PANEL_CSS = typeof __LAUREL_PANEL_CSS__ === "string" ? __LAUREL_PANEL_CSS__ : "panel.css";

export interface LoaderOptions {
  /** How panel.js is imported (a test passes a fake module). */
  importPanel?: (url: string) => Promise<PanelModule>;
}

/** What the loader keeps in localStorage under `laurel:<shop>`. */
export interface LoaderCache {
  /** The last settings the API answered. */
  s?: WidgetSettings;
  /** The customer whose balance `b` is. */
  c?: string;
  b?: number;
}

const PATH = /^\/(?!\/)/;
/** Language, script, region (`en`, `pt-BR`, `zh-Hant-TW`, `es-419`): always a valid tag for Intl. */
const LOCALE = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?$/i;
const noop = () => {};
const doc = document;
/** How long the settings may take before the API counts as down. */
export const TIMEOUT_MS = 8000;

/**
 * The embed attributes, checked: a bad value takes its default instead of breaking the page. The
 * sign-in and account links are checked by the panel, the only part that uses them.
 */
export function readEmbed(el: HTMLElement): Embed {
  const d = el.dataset;
  const pick = (v: string | undefined, ok: RegExp, fallback: string) => (v && ok.test(v) ? v : fallback);
  return {
    proxy: pick(d.laurelProxy, PATH, "/apps/laurel").replace(/\/+$/, ""),
    shop: d.laurelShop || location.host,
    locale: pick(d.laurelLocale, LOCALE, "en"),
    // Only ever compared with the hidden pages: any other value is simply not hidden.
    page: d.laurelPage || "other",
    customer: pick(d.laurelCustomer, /^\d+$/, ""),
    loginUrl: d.laurelLoginUrl,
    registerUrl: d.laurelRegisterUrl,
  };
}

/**
 * Enough of the settings' shape to go on; anything else missing makes `draw` throw before the
 * launcher is on the page, and the promise chain swallows it.
 */
const isSettings = (s?: WidgetSettings): s is WidgetSettings =>
  !!(s?.launcher && s.hiddenPages && s.translations);

/** Starts the widget for its script tag. Resolves when the launcher is drawn (or will not be). */
export function boot(
  script: HTMLScriptElement | null,
  options: LoaderOptions = {},
): Promise<void> | undefined {
  try {
    // A theme that includes the embed twice still gets one launcher.
    if (!script || doc.querySelector("laurel-widget")) return;
    const embed = readEmbed(script);
    const key = `laurel:${embed.shop}`;
    let cache: LoaderCache = {};
    try {
      cache = JSON.parse(localStorage.getItem(key) as string) || {};
    } catch {
      // No storage (private mode, sandbox) or a bad entry: start empty.
    }
    const save = () => {
      try {
        localStorage.setItem(key, JSON.stringify(cache));
      } catch {
        // Full or disabled: the widget works without it.
      }
    };
    const balance = embed.customer && cache.c === embed.customer ? cache.b : undefined;
    return new Promise<WidgetSettings>((resolve, reject) => {
      setTimeout(reject, TIMEOUT_MS);
      // Same origin (the app proxy), so fetch's default credentials send the shop's cookies.
      fetch(`${embed.proxy}/widget?locale=${embed.locale}`)
        .then((r) => r.json())
        .then((body) => (body?.success && isSettings(body.data) ? resolve(body.data) : reject()), reject);
    })
      .then(
        (settings) => {
          cache.s = settings;
          save();
          return settings;
        },
        // Degraded: the last settings, only to show the last known balance; otherwise nothing.
        () => (balance !== undefined && isSettings(cache.s) ? cache.s : undefined),
      )
      .then((settings) => {
        if (settings) {
          draw(script, embed, settings, balance, options, (n) => {
            if (embed.customer) {
              cache.c = embed.customer;
              cache.b = n ?? undefined;
              save();
            }
          });
        }
      })
      .catch(noop);
  } catch {
    // Nothing on the page depends on the widget.
  }
}

function draw(
  script: HTMLScriptElement,
  embed: Embed,
  settings: WidgetSettings,
  balance: number | undefined,
  options: LoaderOptions,
  remember: (n: number | null) => void,
): void {
  if (
    !settings.enabled ||
    settings.hiddenPages.includes(embed.page as never) ||
    // N-09: a hidden path hides its page and everything under it (the server ends each with "/").
    settings.hiddenPaths?.some((p) => `${location.pathname}/`.startsWith(p)) ||
    (settings.hideForGuests && !embed.customer)
  ) {
    return;
  }
  const host = doc.createElement("laurel-widget");
  const root = host.attachShadow({ mode: "open" });
  // Constant markup only; merchant text goes in as text, colours as custom property values.
  root.innerHTML = LAUNCHER_HTML;
  // As text: advanced CSS (sanitised by the server) cannot become markup.
  (root.firstChild as HTMLElement).textContent = LAUNCHER_CSS + (settings.customCss || "");
  const wrap = root.lastElementChild as HTMLElement;
  const launcher = wrap.firstElementChild as HTMLButtonElement;
  const badge = launcher.lastElementChild as HTMLElement;
  wrap.dataset.pos = settings.launcher.position;
  wrap.dataset.style = settings.launcher.style;
  for (const [name, value] of Object.entries(settings.colors)) wrap.style.setProperty(`--lw-${name}`, value);
  // A value that is not a URL is ignored by the style engine: it cannot become markup or a rule.
  if (settings.launcherIcon) wrap.style.setProperty("--lw-i", `url("${settings.launcherIcon}")`);
  (badge.previousSibling as HTMLElement).textContent = settings.launcher.label;
  const setBalance = (n: number | null | undefined, keep?: boolean) => {
    badge.textContent = n == null ? "" : formatPoints(n, settings.pointLabel, embed.locale);
    if (keep) remember(n ?? null);
  };
  setBalance(balance);

  const url = (file: string) => new URL(file, script.src || location.href).href;
  const importPanel = options.importPanel ?? ((u: string) => import(/* @vite-ignore */ u));
  let panel: Promise<PanelApi> | undefined;
  const load = () =>
    (panel ||= Promise.all([importPanel(url(PANEL_JS)), stylesheet(root, url(PANEL_CSS))])
      .then(([m]) =>
        (m as PanelModule).mount({
          mount: wrap,
          launcher,
          embed,
          settings,
          setBalance: (n) => setBalance(n, true),
        }),
      )
      .catch((e) => {
        panel = undefined; // a later click tries again
        throw e;
      }));
  const preload = () => load().catch(noop);
  // The first interaction loads the panel (load() is memoised, so later ones cost nothing).
  launcher.onpointerenter = launcher.onfocus = launcher.ontouchstart = preload;
  launcher.onclick = () =>
    load()
      .then((p) => p.toggle())
      .catch(noop);
  doc.body.append(host);
  const idle = window.requestIdleCallback;
  if (idle) idle(preload, { timeout: 4000 });
  else setTimeout(preload, 2000);
}

/** The panel's CSS, in the shadow root; resolves when it has loaded, failed, or taken too long. */
function stylesheet(root: ShadowRoot, href: string): Promise<unknown> {
  return new Promise((resolve) => {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = resolve;
    setTimeout(resolve, 3000);
    root.prepend(link);
  });
}
