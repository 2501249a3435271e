import { createHash } from "node:crypto";
import {
  defaultGeneralSettings,
  defaultPointLabel,
  defaultWidgetColors,
  hexColourSchema,
  launcherIconUrl,
  loyaltySettingsSchema,
  pointLabelSchema,
  WIDGET_CSS_MAX,
  WIDGET_LANGUAGES_MAX,
  WIDGET_LOCALE,
  WIDGET_TEXT_MAX,
  type WidgetColors,
  type WidgetSettings,
  widgetPages,
  widgetPresetPalettes,
  widgetSettingsOverrides,
  widgetTranslationDefaults,
  widgetTranslationKeys,
} from "@laurel/contracts";
import type { ShopRow, ShopSettingsJson } from "@laurel/db";
import { DEFAULT_CURRENCY, planAllows, planRankOf } from "@laurel/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { shippedStorefrontTable, shippedStorefrontText } from "./shipped-texts";
import { designAllows, designOf, normaliseHiddenPath } from "./widget-design-read";

/**
 * `GET /proxy/widget`: the storefront widget's settings (N-03 … N-06, H-18) and its texts in the
 * storefront's language (M-19, X-58), from the shop's `settings.widget` over the defaults.
 * Called on every storefront page view: the shop comes from the shop context (decision 0017).
 */
export async function getWidgetSettings(
  deps: Deps,
  auth: ProxyAuth,
  locale?: string,
): Promise<WidgetSettings> {
  const context = await deps.shopContexts.byId(auth.shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  const resolved = resolveWidgetSettings(context.shop, locale);
  // Issue 15 (G-21 … G-23): the panel reports a signed-in shopper's visit only when it can earn.
  const visits = context.programRows.some(
    (p) => p.type === "earning" && p.status === "active" && VISIT_EVENTS.has(p.event),
  );
  return visits ? { ...resolved, earnOnVisit: true } : resolved;
}

const VISIT_EVENTS: ReadonlySet<string> = new Set(["interact_website", "streak_interact_website"]);

type ShopFacts = Pick<ShopRow, "plan" | "is_enable_pos_pro3" | "settings" | "platform_info">;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** One stored value checked with its schema from the contracts: the value, or undefined when invalid. */
function valid<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | undefined {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
}

const fields = widgetSettingsOverrides.shape;
const launcherFields = fields.launcher.unwrap().shape;
const pageSchema = z.enum(widgetPages);
const textSchema = z.string().max(WIDGET_TEXT_MAX);

/**
 * Merchant text is shown as text, never parsed as HTML (the widget uses text nodes), so it keeps
 * `<` and `&`. Control, line-separator and bidi-override characters go (they reorder or break
 * the line a shopper reads); runs of them become one space.
 */
export function sanitiseWidgetText(value: unknown, max = WIDGET_TEXT_MAX): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value
    .slice(0, max)
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]+/gu, " ")
    .trim();
  return text === "" ? undefined : text;
}

/**
 * Advanced CSS (N-05) goes into a `<style>` inside the widget's shadow root, so it can only style
 * the widget. It is set as text (no markup can break out); on top of that, `<` is removed, and so
 * are `@import` (CSS from elsewhere could not be checked) and the legacy script hooks
 * (`expression(`, `javascript:`, `behavior:`, `-moz-binding`).
 */
export function sanitiseWidgetCss(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const css = value
    .slice(0, WIDGET_CSS_MAX)
    .replace(/</g, "")
    .replace(/@import[^;]*;?/gi, "")
    .replace(/expression\s*\(|(?:java|vb)script\s*:|behavior\s*:|-moz-binding/gi, "")
    .trim();
  return css === "" ? null : css;
}

/** `pt-BR` → [`pt-br`, `pt`]: the exact language, then its base language. */
function localeChain(locale: string): string[] {
  const lower = locale.toLowerCase();
  const base = lower.split("-")[0] ?? lower;
  return base === lower ? [lower] : [lower, base];
}

/** The shop's translations by lower-cased language, only known keys with usable text. */
function shopTranslations(raw: unknown): Map<string, Map<string, string>> {
  const byLanguage = new Map<string, Map<string, string>>();
  if (!isRecord(raw)) return byLanguage;
  for (const [language, texts] of Object.entries(raw).slice(0, WIDGET_LANGUAGES_MAX)) {
    if (!WIDGET_LOCALE.test(language) || !isRecord(texts)) continue;
    const map = new Map<string, string>();
    for (const key of widgetTranslationKeys) {
      const text = sanitiseWidgetText(valid(textSchema, texts[key]));
      if (text !== undefined) map.set(key, text);
    }
    byLanguage.set(language.toLowerCase(), map);
  }
  return byLanguage;
}

/**
 * The texts in `requested`: per key, the shop's text in that language (or its base language),
 * then — for the launcher only — the shop's launcher label, then Laurel's shipped text in that
 * language (decisions 0157, 0179), then the shop's English, then the built-in English (X-58:
 * fall back to English per key).
 */
export function resolveWidgetTranslations(
  rawTranslations: unknown,
  requested: string,
  launcherLabel?: string,
): { locale: string; translations: Record<string, string> } {
  const shop = shopTranslations(rawTranslations);
  const chain = localeChain(requested).filter((l) => shop.has(l));
  const english = shop.get("en");
  const translations: Record<string, string> = {};
  for (const key of widgetTranslationKeys) {
    let text: string | undefined;
    for (const language of chain) text ??= shop.get(language)?.get(key);
    if (key === "launcher.label") text ??= launcherLabel;
    // Laurel's own words in that language: every text in the e-mails' languages (decision 0179),
    // the earning kinds' words in every storefront language (decision 0157).
    text ??= shippedStorefrontText(requested, key);
    translations[key] = text ?? english?.get(key) ?? widgetTranslationDefaults[key];
  }
  // The language the texts are in: the shop's own, else Laurel's shipped table (`fr-CA` → `fr`), else English.
  const locale =
    chain[0] !== undefined
      ? requested.slice(0, chain[0].length)
      : (shippedStorefrontTable(requested) ?? "en");
  return { locale, translations };
}

/**
 * The shop's widget settings over the defaults. Each stored value is checked on its own: a bad
 * one falls back to its default and never hides the widget. Colours, the point label and advanced
 * CSS are Essential features (N-22, R-04): on a lower plan the defaults apply (C-10: a downgrade
 * pauses what the plan no longer includes).
 */
/** The shop's point label (H-18): its own words on plans that allow them, else "point"/"points". */
export function pointLabelOf(shop: ShopFacts): WidgetSettings["pointLabel"] {
  const settings = shop.settings as Record<string, unknown>;
  const o = isRecord(settings.widget) ? settings.widget : {};
  const pointLabel = { ...defaultPointLabel };
  const rank = planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });
  if (planAllows(rank, "custom_point_label") && isRecord(o.pointLabel)) {
    const p = pointLabelSchema.shape;
    pointLabel.singular = sanitiseWidgetText(valid(p.singular, o.pointLabel.singular)) ?? pointLabel.singular;
    pointLabel.plural = sanitiseWidgetText(valid(p.plural, o.pointLabel.plural)) ?? pointLabel.plural;
    pointLabel.position = valid(p.position, o.pointLabel.position) ?? pointLabel.position;
  }
  return pointLabel;
}

export function resolveWidgetSettings(shop: ShopFacts, requestedLocale = "en"): WidgetSettings {
  const settings = shop.settings as Record<string, unknown>;
  const o = isRecord(settings.widget) ? settings.widget : {};
  const launcher = isRecord(o.launcher) ? o.launcher : {};
  const rank = planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });

  // N-07: a preset's palette on every plan; the shop's own colours on Essential or higher (N-22).
  const design = designOf(shop.settings as ShopSettingsJson);
  const colors: WidgetColors = o.preset
    ? { ...widgetPresetPalettes[design.preset] }
    : { ...defaultWidgetColors };
  if (planAllows(rank, "widget_colours") && isRecord(o.colors)) {
    for (const name of Object.keys(colors) as (keyof WidgetColors)[]) {
      colors[name] = valid(hexColourSchema, o.colors[name])?.toLowerCase() ?? colors[name];
    }
  }

  const pointLabel = pointLabelOf(shop);

  // Unknown page names are dropped one by one; the known ones still apply.
  const stored = Array.isArray(o.hiddenPages) ? o.hiddenPages : [];
  const hiddenPages = widgetPages.filter((page) => stored.some((p) => valid(pageSchema, p) === page));

  const { locale, translations } = resolveWidgetTranslations(
    o.translations,
    requestedLocale,
    sanitiseWidgetText(valid(launcherFields.label, launcher.label)),
  );
  const couponRevoke = (settings as { couponRevoke?: { enabled?: unknown } }).couponRevoke;

  return {
    enabled: valid(fields.enabled, o.enabled) ?? true,
    launcher: {
      position: valid(launcherFields.position, launcher.position) ?? "bottom_right",
      style: design.launcher.hidden
        ? "hidden"
        : (valid(launcherFields.style, launcher.style) ?? "icon_label"),
      label: translations["launcher.label"] ?? widgetTranslationDefaults["launcher.label"],
    },
    display: valid(fields.display, o.display) ?? "widget",
    mobileHeight: valid(fields.mobileHeight, o.mobileHeight) ?? "80",
    colors,
    hiddenPages,
    hideForGuests: valid(fields.hideForGuests, o.hideForGuests) ?? false,
    pointLabel,
    couponRevoke: { enabled: couponRevoke?.enabled === true },
    currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
    customCss: planAllows(rank, "advanced_css")
      ? sanitiseWidgetCss(valid(fields.customCss, o.customCss))
      : null,
    locale,
    translations,
    hiddenPaths: design.hiddenPaths.map(normaliseHiddenPath),
    launcherIcon: launcherIconUrl(design.launcher.icon, design.launcher.iconUrl, colors.primaryText),
    blocks: {
      guest: design.blocks.guest.filter((b) => b.visible).map((b) => b.id),
      member: design.blocks.member.filter((b) => b.visible).map((b) => b.id),
    },
    card: design.card,
    iconTheme: design.iconTheme,
    programSort: design.programSort,
    showPoweredBy: design.showPoweredBy || !designAllows(shop).removePoweredBy,
    ...storefrontGeneralOf(shop.settings as ShopSettingsJson),
  };
}

/**
 * M-02 (decision 0166): what the storefront needs of the General settings, each checked again
 * with its contract (a bad stored value reads as unset: the theme's own links, no selector).
 */
function storefrontGeneralOf(settings: ShopSettingsJson) {
  const g = { ...defaultGeneralSettings, ...settings.general };
  const general = loyaltySettingsSchema.shape.general.shape;
  return {
    loginUrl: valid(general.loginRedirectUrl, g.loginRedirectUrl) ?? null,
    registerUrl: valid(general.signUpRedirectUrl, g.signUpRedirectUrl) ?? null,
    cartDrawerSelector: valid(general.cartDrawerSelector, g.cartDrawerSelector) ?? null,
    dateFormat: valid(general.dateFormat, g.dateFormat) ?? defaultGeneralSettings.dateFormat,
  };
}

/**
 * Answers a storefront response that is the same for every shopper of the shop: cacheable for a
 * minute by the browser (and any shared cache in front of the proxy), revalidated by ETag, so
 * page views after the first usually cost a 304 or nothing at all.
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `W/"${createHash("sha1").update(json).digest("base64url")}"`;
  void reply.header("cache-control", "public, max-age=60, stale-while-revalidate=300").header("etag", etag);
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(json);
}
