import {
  type BrandColors,
  defaultGeneralSettings,
  type FieldError,
  type LoyaltySettings,
  type PutLoyaltySettingsBody,
  type PutLoyaltySettingsResponse,
} from "@laurel/contracts";
import type { ShopRow, ShopSettingsJson } from "@laurel/db";
import {
  DEFAULT_COUPON_REVOKE_SETTINGS,
  DEFAULT_EXCHANGE_RATE,
  DEFAULT_POINT_EXPIRY,
  minimumPlanFor,
  planAllows,
  planRankOf,
  planTierDisplayName,
  pointExpiryPeriod,
  pointExpirySettingsSchema,
  validateExchangeRate,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import * as jobs from "../../jobs/refs";
import { type Actor, auditWrite } from "../audit/audit.service";
import { convertShopPendingPoints } from "../orders/orders.service";
import { getShopOrThrow, lockShopSettings, mergeShopSettings } from "../shops/shops.service";
import { colorsAccessOf, savedBrandColorsOf } from "./brand-colours";

/**
 * The shop's loyalty settings (`GET|PUT /apiSa/lp/settings`). Stored in `shops.settings`; what is
 * not stored yet reads as the default.
 */

/** What the admin proposes when pending points are first turned on (the engine reads `enabled`). */
const DEFAULT_PENDING_POINTS = { enabled: false, value: 14, unit: "day" as const };

/** H-10: orders converted during the request that turns pending points off; a job does the rest. */
const INLINE_CONVERSION_LIMIT = 200;
/**
 * Other processes read a shop's settings from a cache for up to SHOP_CACHE_MS (at most a minute),
 * so an order there may still be held as pending just after the switch: a second pass picks it up.
 */
const STRAGGLER_PASS_DELAY_MS = 2 * 60_000;

export function presentLoyaltySettings(
  shop: ShopRow,
  settings: ShopSettingsJson = shop.settings,
): LoyaltySettings {
  return {
    orderEarningTrigger: settings.orderEarningTrigger ?? "paid",
    pendingPoints: settings.pendingPoints ?? DEFAULT_PENDING_POINTS,
    pointExpiry: settings.pointExpiry ?? DEFAULT_POINT_EXPIRY,
    sandbox: settings.sandbox ?? { enabled: false, testEmails: [] },
    exchangeRate: settings.exchangeRate ?? DEFAULT_EXCHANGE_RATE,
    couponRevoke: settings.couponRevoke ?? DEFAULT_COUPON_REVOKE_SETTINGS,
    general: { ...defaultGeneralSettings, ...settings.general },
    platformTimeZone: shop.platform_info.ianaTimezone ?? "UTC",
    colors: savedBrandColorsOf({ settings }),
    colorsAccess: colorsAccessOf(shop),
    pointExpiryAccess: {
      allowed: planAllows(
        planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 }),
        "point_expiration",
      ),
      requiredPlan: planTierDisplayName(minimumPlanFor("point_expiration")),
    },
  };
}

export async function getLoyaltySettings(deps: Deps, shopId: string): Promise<LoyaltySettings> {
  return presentLoyaltySettings(await getShopOrThrow(deps, shopId));
}

/**
 * The engine's rules on top of the request's shape: an exchange rate money can be computed with
 * (H-16), which codes points accept and the plan gate of point expiry (0016, R-04).
 */
function checkRules(shop: ShopRow, body: PutLoyaltySettingsBody): FieldError[] {
  if (body.exchangeRate !== undefined) {
    const rate = validateExchangeRate(body.exchangeRate);
    if (!rate.ok) return rate.errors;
  }
  const general = body.general ? checkRedirectHosts(shop, body.general) : [];
  const colors = body.colors ? checkColourGate(shop, body.colors) : [];
  if (general.length > 0 || colors.length > 0) return [...general, ...colors];
  if (!body.pointExpiry) return [];
  const parsed = pointExpirySettingsSchema.safeParse(body.pointExpiry);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => ({ field: `pointExpiry.${i.path.join(".")}`, message: i.message }));
  }
  const rank = planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });
  if (pointExpiryPeriod(parsed.data) !== null && !planAllows(rank, "point_expiration")) {
    const plan = planTierDisplayName(minimumPlanFor("point_expiration"));
    return [
      { field: "pointExpiry.expiry", message: `Point expiration is available on the ${plan} plan and above` },
    ];
  }
  return [];
}

/** The shop's own hosts: its domain, its myshopify domain, and their subdomains (`account.…`). */
function isShopHost(shop: ShopRow, host: string): boolean {
  const bases = [shop.domain, shop.shopify_domain]
    .filter((d): d is string => !!d)
    .map((d) => d.toLowerCase().replace(/^www\./, ""));
  const h = host.toLowerCase();
  return bases.some((b) => h === b || h.endsWith(`.${b}`));
}

/** M-02: an https redirect must stay on the shop's domain (no open redirect from the widget). */
function checkRedirectHosts(
  shop: ShopRow,
  general: NonNullable<PutLoyaltySettingsBody["general"]>,
): FieldError[] {
  const errors: FieldError[] = [];
  const fields = [
    ["loginRedirectUrl", "Login redirect URL"],
    ["signUpRedirectUrl", "Sign-up redirect URL"],
  ] as const;
  for (const [field, label] of fields) {
    const url = general[field];
    if (url === null || url.startsWith("/")) continue;
    if (!isShopHost(shop, new URL(url).hostname)) {
      errors.push({
        field: `general.${field}`,
        message: `${label} must be a path on your store, such as /account/login, or an https URL on your store's domain.`,
      });
    }
  }
  return errors;
}

/**
 * M-04, R-04: changing a colour needs Essential (the primary one also the shop's free-primary
 * flag). Sending the saved value again is no change, so the section can always be sent whole.
 */
function checkColourGate(shop: ShopRow, colors: BrandColors): FieldError[] {
  const access = colorsAccessOf(shop);
  if (access.allowed) return [];
  const saved = savedBrandColorsOf(shop);
  const message = `Colors are available on the ${access.requiredPlan} plan and above`;
  return (Object.keys(colors) as (keyof BrandColors)[])
    .filter((k) => colors[k] !== saved[k] && !(k === "primary" && access.primaryAllowed))
    .map((k) => ({ field: `colors.${k}`, message }));
}

const invalid = (errors: FieldError[]) =>
  new AppError("validation_failed", 400, errors[0]?.message ?? "Failed to save settings", errors);

export const CONFIRM_PENDING_CONVERSION =
  "Turning pending points off makes every pending point available now, and cannot be undone. Confirm to continue.";

/**
 * `PUT /apiSa/lp/settings`: saves the sections sent. H-10: when pending points go from on to off
 * (confirmed), every pending point of the shop converts: a first batch during the request, the
 * rest by a job enqueued with the change (and a later pass for orders other processes were still
 * holding under the old setting). Conversion is keyed per order, so all of it is safe to repeat.
 */
export async function updateLoyaltySettings(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: PutLoyaltySettingsBody,
): Promise<PutLoyaltySettingsResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  const errors = checkRules(shop, body);
  if (errors.length > 0) throw invalid(errors);
  const { confirmPendingPointsConversion, ...sections } = body;

  const { settings, turnedPendingOff } = await deps.db.transaction().execute(async (trx) => {
    const before = await lockShopSettings(trx, shopId);
    const turnedPendingOff =
      before.pendingPoints?.enabled === true && sections.pendingPoints?.enabled === false;
    if (turnedPendingOff && !confirmPendingPointsConversion) {
      throw invalid([{ field: "confirmPendingPointsConversion", message: CONFIRM_PENDING_CONVERSION }]);
    }
    await mergeShopSettings(trx, shopId, sections);
    await auditWrite(trx, shopId, actor, "settings.loyalty", body);
    if (turnedPendingOff) {
      await deps.queue.sendInTransaction(trx, jobs.convertShopPendingPoints, { shopId });
      await deps.queue.sendInTransaction(
        trx,
        jobs.convertShopPendingPoints,
        { shopId },
        { startAfter: new Date(deps.clock.now().getTime() + STRAGGLER_PASS_DELAY_MS) },
      );
    }
    return { settings: { ...before, ...sections }, turnedPendingOff };
  });

  let pendingPointsConversion: PutLoyaltySettingsResponse["pendingPointsConversion"] = null;
  if (turnedPendingOff) {
    const { converted, next } = await convertShopPendingPoints(deps, shopId, {
      limit: INLINE_CONVERSION_LIMIT,
    });
    pendingPointsConversion = { convertedOrders: converted, continuing: next !== null };
  }
  return { settings: presentLoyaltySettings(shop, settings), pendingPointsConversion };
}

/**
 * H-10, the job's side: converts the shop's pending points batch after batch while the feature
 * stays off. If the merchant turned it on again meanwhile, what is pending now is meant to be.
 */
export async function convertPendingPointsWhileOff(deps: Deps, shopId: string): Promise<number> {
  let total = 0;
  let after: string | null = null;
  do {
    const shop = await getShopOrThrow(deps, shopId);
    if (shop.uninstalled_at || shop.settings.pendingPoints?.enabled) return total;
    const batch = await convertShopPendingPoints(deps, shopId, { after });
    total += batch.converted;
    after = batch.next;
  } while (after !== null);
  return total;
}
