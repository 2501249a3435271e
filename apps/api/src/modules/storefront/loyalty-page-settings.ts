import {
  type CalculatorProgramView,
  DEFAULT_LOYALTY_PAGE_SLUG,
  type LoyaltyPage,
  type LoyaltyPageResponse,
  loyaltyPageSchema,
  loyaltyPageSections,
  type PointCalculator,
  type PointCalculatorResponse,
  type ProxyPointsEstimateResponse,
  pointCalculatorSchema,
} from "@laurel/contracts";
import type { ShopRow, ShopSettingsJson } from "@laurel/db";
import {
  type CalculatorProgram,
  calculateOrderPoints,
  countsInCalculator,
  type PlaceOrderProgram,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ShopContext } from "../../infra/shop-context";
import type { Actor } from "../audit/audit.service";
import { getShopOrThrow } from "../shops/shops.service";
import { onsiteOf, saveOnsite } from "./onsite-content";
import { isRecord } from "./widget-design-read";
import { pointLabelOf } from "./widget-settings";

/**
 * The loyalty page's settings (N-10) and the point calculator's (N-20, M-22), under
 * `settings.onsite.loyaltyPage` and `settings.onsite.pointCalculator`, read value by value over
 * the defaults (decision 0168): a bad stored value falls back alone and never hides the page.
 */

export const DEFAULT_LOYALTY_PAGE: LoyaltyPage = {
  slug: DEFAULT_LOYALTY_PAGE_SLUG,
  hero: {
    title: "Rewards",
    subtitle: "Earn points on every order and spend them on rewards.",
    buttonText: null,
  },
  sections: loyaltyPageSections.map((section) => ({ section, visible: true })),
};

export const DEFAULT_POINT_CALCULATOR: PointCalculator = {
  enabled: true,
  title: "Point calculator",
  description: "See how many points an order earns.",
  defaultAmount: 0,
  programIds: null,
};

/** The app proxy's path on the store (`shopify.app.toml` `[app_proxy]`). */
export const APP_PROXY_PREFIX = "/apps/laurel";

/** The stored page over the defaults, each part on its own. */
export function loyaltyPageOf(settings: ShopSettingsJson): LoyaltyPage {
  const stored = onsiteOf(settings).loyaltyPage;
  const o = isRecord(stored) ? stored : {};
  const shape = loyaltyPageSchema.shape;
  const slug = shape.slug.safeParse(o.slug);
  const hero = isRecord(o.hero) ? o.hero : {};
  const heroShape = shape.hero.shape;
  const heroPart = <K extends keyof LoyaltyPage["hero"]>(key: K): LoyaltyPage["hero"][K] => {
    const r = heroShape[key].safeParse(hero[key]);
    return (r.success ? r.data : DEFAULT_LOYALTY_PAGE.hero[key]) as LoyaltyPage["hero"][K];
  };
  const sections = shape.sections.safeParse(o.sections);
  return {
    slug: slug.success ? slug.data : DEFAULT_LOYALTY_PAGE.slug,
    hero: {
      title: heroPart("title"),
      subtitle: heroPart("subtitle"),
      buttonText: heroPart("buttonText") || null,
    },
    sections: sections.success ? sections.data : DEFAULT_LOYALTY_PAGE.sections,
  };
}

/** How many earlier addresses of the page keep redirecting to the current one. */
export const FORMER_SLUGS_KEPT = 10;

/**
 * The page's earlier slugs, newest first (`settings.onsite.loyaltyPageFormerSlugs`): a renamed page
 * keeps answering its old links (shared in e-mails, ads, the theme's menu) with a redirect.
 */
export function formerLoyaltyPageSlugsOf(settings: ShopSettingsJson): string[] {
  const stored = onsiteOf(settings).loyaltyPageFormerSlugs;
  if (!Array.isArray(stored)) return [];
  return stored.filter((s): s is string => loyaltyPageSchema.shape.slug.safeParse(s).success);
}

/** The former slugs after a rename from `from` to `to`: the old one first, the new one never. */
function formerSlugsAfter(former: readonly string[], from: string, to: string): string[] {
  if (from === to) return [...former];
  return [from, ...former.filter((s) => s !== from && s !== to)].slice(0, FORMER_SLUGS_KEPT);
}

/** The stored calculator over the defaults, each field on its own. */
export function pointCalculatorOf(settings: ShopSettingsJson): PointCalculator {
  const stored = onsiteOf(settings).pointCalculator;
  const o = isRecord(stored) ? stored : {};
  const shape = pointCalculatorSchema.shape;
  const out = { ...DEFAULT_POINT_CALCULATOR } as Record<string, unknown>;
  for (const key of Object.keys(shape) as (keyof PointCalculator)[]) {
    const r = shape[key].safeParse(o[key]);
    if (r.success) out[key] = r.data;
  }
  return out as PointCalculator;
}

/** Where shoppers open the page: the store's domain on Shopify, the demo store's path here. */
export function loyaltyPageUrl(deps: Deps, shop: Pick<ShopRow, "shopify_domain">, slug: string): string {
  const path = `${APP_PROXY_PREFIX}/pages/${slug}`;
  return deps.config.platform === "shopify" ? `https://${shop.shopify_domain}${path}` : path;
}

export async function getLoyaltyPage(deps: Deps, shopId: string): Promise<LoyaltyPageResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  const page = loyaltyPageOf(shop.settings);
  return { page, url: loyaltyPageUrl(deps, shop, page.slug) };
}

export async function saveLoyaltyPage(
  deps: Deps,
  shopId: string,
  actor: Actor,
  page: LoyaltyPage,
): Promise<LoyaltyPageResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  const clean: LoyaltyPage = { ...page, hero: { ...page.hero, buttonText: page.hero.buttonText || null } };
  const after = await saveOnsite(deps, shopId, actor, "settings.onsite.loyaltyPage", (o) => {
    // Read inside the settings lock: two renames at once both keep their old address.
    const before = { onsite: o } as unknown as ShopSettingsJson;
    return {
      ...o,
      loyaltyPage: clean,
      loyaltyPageFormerSlugs: formerSlugsAfter(
        formerLoyaltyPageSlugsOf(before),
        loyaltyPageOf(before).slug,
        clean.slug,
      ),
    };
  });
  const saved = loyaltyPageOf(after);
  return { page: saved, url: loyaltyPageUrl(deps, shop, saved.slug) };
}

type OrderProgram = PlaceOrderProgram;

/** The shop's order programs (place order), as the calculator's choice and its preview see them. */
function orderProgramsOf(context: ShopContext): OrderProgram[] {
  return context.earningPrograms.filter((p): p is OrderProgram => p.event === "place_order");
}

function presentProgram(p: OrderProgram): CalculatorProgramView {
  const c = p.config;
  return {
    programId: p.id,
    title: p.title,
    active: p.status === "active",
    earnBy: c.earnBy,
    earnPoint: c.earnPoint,
    rateMoney: c.rateMoney ?? null,
    rateItem: c.rateItem,
    rounding: c.rounding,
    keepOriginalStep: c.keepOriginalStep,
  };
}

/**
 * The programs the storefront's calculator counts: the active order programs the merchant chose
 * (all of them when `programIds` is null) that an amount alone can price.
 */
export function calculatorProgramsOf(context: ShopContext, calculator: PointCalculator): CalculatorProgram[] {
  const chosen = calculator.programIds === null ? null : new Set(calculator.programIds);
  return orderProgramsOf(context)
    .filter((p) => p.status === "active" && (chosen === null || chosen.has(p.id)))
    .map((p) => p.config)
    .filter(countsInCalculator);
}

/** N-20: what an order of `amountMinor` earns on the shop's storefront, by its calculator settings. */
export function storefrontCalculatorPoints(context: ShopContext, amountMinor: number): number {
  const calculator = pointCalculatorOf(context.shop.settings);
  return calculateOrderPoints(calculatorProgramsOf(context, calculator), amountMinor);
}

/** `GET /proxy/points-estimate`: each amount's points, as the calculator counts them. */
export async function estimateOrderPoints(
  deps: Deps,
  shopId: string,
  amounts: readonly number[],
): Promise<ProxyPointsEstimateResponse> {
  const context = await contextOf(deps, shopId);
  return {
    estimates: amounts.map((amount) => ({ amount, points: storefrontCalculatorPoints(context, amount) })),
  };
}

async function contextOf(deps: Deps, shopId: string): Promise<ShopContext> {
  const context = await deps.shopContexts.byId(shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  return context;
}

function presentCalculator(context: ShopContext, calculator: PointCalculator): PointCalculatorResponse {
  return {
    calculator,
    programs: orderProgramsOf(context).map(presentProgram),
    currency: context.shop.platform_info.currency ?? "USD",
    pointLabel: pointLabelOf(context.shop),
  };
}

export async function getPointCalculator(deps: Deps, shopId: string): Promise<PointCalculatorResponse> {
  const context = await contextOf(deps, shopId);
  return presentCalculator(context, pointCalculatorOf(context.shop.settings));
}

/** Saves the whole calculator; every program it names must be one of the shop's order programs. */
export async function savePointCalculator(
  deps: Deps,
  shopId: string,
  actor: Actor,
  calculator: PointCalculator,
): Promise<PointCalculatorResponse> {
  const context = await contextOf(deps, shopId);
  const known = new Set(orderProgramsOf(context).map((p) => p.id));
  const ids = calculator.programIds === null ? null : [...new Set(calculator.programIds)];
  const unknown = ids?.find((id) => !known.has(id));
  if (unknown !== undefined) {
    const message = `Programs must be order programs of this shop; ${unknown} is not one.`;
    throw new AppError("validation_failed", 400, message, [{ field: "programIds", message }]);
  }
  const clean = { ...calculator, programIds: ids };
  const after = await saveOnsite(deps, shopId, actor, "settings.onsite.pointCalculator", (o) => ({
    ...o,
    pointCalculator: clean,
  }));
  return presentCalculator(context, pointCalculatorOf(after));
}
