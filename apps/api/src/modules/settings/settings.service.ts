import type {
  FieldError,
  LoyaltySettings,
  PutLoyaltySettingsBody,
  PutLoyaltySettingsResponse,
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

export function presentLoyaltySettings(settings: ShopSettingsJson): LoyaltySettings {
  return {
    orderEarningTrigger: settings.orderEarningTrigger ?? "paid",
    pendingPoints: settings.pendingPoints ?? DEFAULT_PENDING_POINTS,
    pointExpiry: settings.pointExpiry ?? DEFAULT_POINT_EXPIRY,
    sandbox: settings.sandbox ?? { enabled: false, testEmails: [] },
    exchangeRate: settings.exchangeRate ?? DEFAULT_EXCHANGE_RATE,
    couponRevoke: settings.couponRevoke ?? DEFAULT_COUPON_REVOKE_SETTINGS,
  };
}

export async function getLoyaltySettings(deps: Deps, shopId: string): Promise<LoyaltySettings> {
  return presentLoyaltySettings((await getShopOrThrow(deps, shopId)).settings);
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
  return { settings: presentLoyaltySettings(settings), pendingPointsConversion };
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
