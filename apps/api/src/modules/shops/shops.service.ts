import type {
  GetShopsResponse,
  PostSettingsBody,
  PostShopBody,
  PutShopBody,
  StaffShop,
  StaffShopUpdateBody,
} from "@laurel/contracts";
import type { NewShopRow, ShopRow, ShopSettingsJson, ShopUpdate, SubscriptionJson, Tx } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { AdminAuth } from "../../infra/http";
import * as jobs from "../../jobs/refs";
import type { PlatformShopInfo } from "../../platform/port";
import { type Actor, auditWrite } from "../audit/audit.service";
import { cycleStartOf } from "../orders/order-facts";
import { createDefaultPrograms } from "../programs/programs.service";
import { isShopBlocked } from "./access-policy";
import { planIdOf, presentShop, presentShopInfo } from "./shops.presenter";
import * as repo from "./shops.repository";

export function shopRowFromPlatform(
  id: string,
  domain: string,
  platform: "demo" | "shopify",
  info: PlatformShopInfo,
  accessToken: string | null,
): NewShopRow {
  return {
    id,
    shopify_domain: domain,
    platform,
    name: info.name,
    email: info.email,
    domain: info.domain,
    shopify_plan: info.shopifyPlan,
    is_non_dev_shop: !info.isDevelopmentShop,
    platform_info: JSON.stringify(platformInfoJson(info)),
    access_token: accessToken,
  };
}

function platformInfoJson(info: PlatformShopInfo) {
  return {
    shopOwner: info.shopOwner,
    countryCode: info.countryCode,
    currency: info.currency,
    planName: info.planName,
    country: info.country,
    address1: info.address1,
    phone: info.phone,
    ianaTimezone: info.ianaTimezone,
    createdAt: info.createdAt,
    allOrdersCount: info.allOrdersCount,
  };
}

/**
 * A verified session token for a shop Laurel does not know yet installs it (managed install +
 * token exchange on Shopify; the local store on the demo platform). The slower theme check runs
 * as a job enqueued in the same transaction.
 */
export async function ensureShopInstalled(
  deps: Deps,
  domain: string,
  sessionToken: string,
): Promise<ShopRow> {
  const existing = await repo.findShopByDomain(deps.db, domain);
  if (existing && !existing.uninstalled_at) return existing;
  const install = await deps.platform.install(domain, sessionToken);
  return deps.db.transaction().execute(async (trx) => {
    const row = shopRowFromPlatform(
      deps.newId("shop"),
      domain,
      deps.platform.name,
      install.info,
      install.accessToken,
    );
    const { shop, created } = await repo.insertShopIfAbsent(trx, {
      ...row,
      granted_scopes: install.scopes ?? null,
    });
    let current = shop;
    if (!created) {
      const reinstalled = await repo.updateShop(trx, shop.id, {
        uninstalled_at: null,
        access_token: install.accessToken,
        installed_at: deps.clock.now(),
        granted_scopes: install.scopes ?? null,
      });
      if (reinstalled) current = reinstalled;
    }
    await createDefaultPrograms(deps, trx, current.id);
    await deps.queue.sendInTransaction(trx, jobs.refreshShopInfo, { shopId: current.id });
    return current;
  });
}

export async function refreshShopInfo(deps: Deps, shopId: string): Promise<void> {
  const shop = await repo.findShopById(deps.db, shopId);
  if (!shop || shop.uninstalled_at) return;
  const platformShop = { domain: shop.shopify_domain, accessToken: shop.access_token };
  const [info, isThemeOS2] = await Promise.all([
    deps.platform.getShopInfo(platformShop),
    deps.platform.supportsAppBlocks(platformShop),
  ]);
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateShop(trx, shopId, {
      name: info.name,
      email: info.email,
      domain: info.domain,
      shopify_plan: info.shopifyPlan,
      is_non_dev_shop: !info.isDevelopmentShop,
      platform_info: JSON.stringify({ ...platformInfoJson(info), isThemeOS2 }),
    });
  });
}

/**
 * B-30 / X-09: one more ledger transaction counted against the shop's transaction limit. Only
 * shops under that limit (unverified, set by staff) are counted: the counter lives on the shop's
 * row, and updating it for every order would make all of a busy shop's webhooks queue on one lock.
 */
export async function countTransaction(trx: Tx, shop: Pick<ShopRow, "id" | "should_limit_transactions">) {
  await countTransactions(trx, shop, 1);
}

/** B-30 / X-09: `n` more rewards counted against the shop's transaction limit, where it has one. */
export async function countTransactions(
  trx: Tx,
  shop: Pick<ShopRow, "id" | "should_limit_transactions">,
  n: number,
) {
  if (!shop.should_limit_transactions || n <= 0) return;
  await repo.incrementTransactions(trx, shop.id, n);
}

/** app/uninstalled: the offline token no longer works; data stays until shop/redact. */
export async function markShopUninstalled(trx: Tx, shopId: string, at: Date): Promise<void> {
  await repo.updateShop(trx, shopId, { uninstalled_at: at, access_token: null });
}

/** shop/redact: erase the shop and, through the foreign keys, everything it owns. */
export async function eraseShop(trx: Tx, shopId: string): Promise<void> {
  await repo.deleteShop(trx, shopId);
}

/** app/scopes_update: the access scopes the store has granted now (unique, sorted). */
export async function recordGrantedScopes(trx: Tx, shopId: string, scopes: readonly string[]) {
  await repo.updateShop(trx, shopId, { granted_scopes: [...new Set(scopes)].sort() });
}

export async function recordPlatformSubscription(trx: Tx, shopId: string, subscription: SubscriptionJson) {
  await repo.updateShop(trx, shopId, { subscription: JSON.stringify(subscription) });
}

/** Creates a shop unless its domain is taken (seeding); answers the stored row. */
export function createShopIfAbsent(trx: Tx, row: NewShopRow) {
  return repo.insertShopIfAbsent(trx, row);
}

export function isBlocked(deps: Deps, shop: ShopRow): boolean {
  return isShopBlocked(shop, deps.config.blockedEmailDomains);
}

export async function getShopOrThrow(deps: Deps, shopId: string): Promise<ShopRow> {
  const shop = await repo.findShopById(deps.db, shopId);
  if (!shop) throw new AppError("not_found", 404);
  return shop;
}

/** `GET /shops`. */
export async function getShopView(deps: Deps, auth: AdminAuth): Promise<GetShopsResponse> {
  const shop = await getShopOrThrow(deps, auth.shopId);
  const now = deps.clock.now();
  const counters = await repo.countShopCounters(deps.db, shop.id, {
    cycleStart: cycleStartOf(shop, now),
    last30Days: new Date(now.getTime() - 30 * 86_400_000),
  });
  return {
    shop: presentShop(shop, { isCrmLogin: auth.impersonatedBy !== null, counters }),
    shopInfo: presentShopInfo(shop),
    blocked: isBlocked(deps, shop),
    platform: deps.config.platform,
    session: {
      mode: auth.mode,
      userEmail: auth.userEmail,
      isStaff: auth.isStaff,
      impersonatedBy: auth.impersonatedBy,
    },
  };
}

/** `GET /shopify/checkSupportAppBlock`: cached by the refresh job; asked live when not known yet. */
export async function checkSupportAppBlock(deps: Deps, shopId: string): Promise<{ isThemeOS2: boolean }> {
  const shop = await getShopOrThrow(deps, shopId);
  const cached = shop.platform_info.isThemeOS2;
  if (typeof cached === "boolean") return { isThemeOS2: cached };
  const isThemeOS2 = await deps.platform.supportsAppBlocks({
    domain: shop.shopify_domain,
    accessToken: shop.access_token,
  });
  return { isThemeOS2 };
}

/** `POST /shop`: one bookkeeping update per call (spec 000 §7). */
export async function recordShopBookkeeping(deps: Deps, shopId: string, actor: Actor, body: PostShopBody) {
  await deps.db.transaction().execute(async (trx) => {
    if ("bannersDismiss" in body) {
      await repo.appendDismissedBanners(trx, shopId, body.bannersDismiss);
    } else {
      const patch: ShopUpdate = {};
      if ("promoShowAt" in body) patch.promo_show_at = body.promoShowAt;
      if ("promoHolidaySaleShowAt" in body) patch.promo_holiday_sale_show_at = body.promoHolidaySaleShowAt;
      if ("accessAppAt" in body) patch.access_app_at = body.accessAppAt;
      if ("isFirstLogin" in body) patch.is_first_login = body.isFirstLogin;
      if ("aiAssistantConsent" in body) {
        patch.ai_assistant_consent = body.aiAssistantConsent;
        patch.ai_assistant_consent_timestamp = body.aiAssistantConsentTimestamp;
      }
      await repo.updateShop(trx, shopId, patch);
    }
    await auditWrite(trx, shopId, actor, "shop.bookkeeping", body);
  });
}

/** `PUT /shop`: the merchant-editable flags. */
export async function updateShopSettings(deps: Deps, shopId: string, actor: Actor, body: PutShopBody) {
  const patch: ShopUpdate = {};
  if (body.isEnablePosPro3 !== undefined) patch.is_enable_pos_pro3 = body.isEnablePosPro3;
  if (body.isDismissQuickSetup !== undefined) patch.is_dismiss_quick_setup = body.isDismissQuickSetup;
  if (body.setupDone !== undefined) patch.setup_done = body.setupDone;
  if (body.customCSS !== undefined) patch.custom_css = body.customCSS;
  if (body.disabledEmbedApp !== undefined) patch.disabled_embed_app = body.disabledEmbedApp;
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateShop(trx, shopId, patch);
    await auditWrite(trx, shopId, actor, "shop.updated", body);
  });
}

/** `POST /lp/settings`. */
export async function saveAdminLanguage(deps: Deps, shopId: string, actor: Actor, body: PostSettingsBody) {
  await deps.db.transaction().execute(async (trx) => {
    await repo.mergeShopSettings(trx, shopId, { primaryLanguageInApp: body.primaryLanguageInApp });
    await auditWrite(trx, shopId, actor, "settings.language", body);
  });
}

/** Staff tools: block or unblock a shop, set its transaction cap. Always audit-logged. */
export async function updateShopAsStaff(
  deps: Deps,
  shopId: string,
  staffUserId: string,
  body: StaffShopUpdateBody,
) {
  await getShopOrThrow(deps, shopId);
  const patch: ShopUpdate = {};
  if (body.isBlockedStore !== undefined) patch.is_blocked_store = body.isBlockedStore;
  if (body.shouldLimitTransactions !== undefined)
    patch.should_limit_transactions = body.shouldLimitTransactions;
  if (body.transactionLimit !== undefined) patch.transaction_limit = body.transactionLimit;
  if (body.plan !== undefined) patch.plan = body.plan;
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateShop(trx, shopId, patch);
    await auditWrite(
      trx,
      shopId,
      { userId: staffUserId, impersonatedBy: staffUserId },
      "staff.shop.updated",
      body,
    );
  });
}

export async function listShopsForStaff(deps: Deps): Promise<StaffShop[]> {
  const rows = await repo.listShops(deps.db, 500);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    shopifyDomain: r.shopify_domain,
    plan: planIdOf(r.plan),
    isBlockedStore: r.is_blocked_store,
  }));
}

export { findShopByDomain, findShopById } from "./shops.repository";

/** Shops with Laurel installed on this platform (jobs that sweep every shop). */
export async function listInstalledShopIds(deps: Deps): Promise<string[]> {
  return repo.listInstalledShopIds(deps.db, deps.platform.name);
}

/** Installed shops whose points expire (H-08), for the expiry sweep. */
export function listShopsWithPointExpiry(deps: Deps): Promise<ShopRow[]> {
  return repo.listInstalledShopsWithPointExpiry(deps.db, deps.platform.name);
}

/** H-08: the shop's point expiry ran to the end with this cutoff. */
export async function recordPointsExpiredUntil(deps: Deps, shopId: string, cutoff: Date): Promise<void> {
  await repo.recordPointsExpiredUntil(deps.db, shopId, cutoff);
}

/**
 * The shop's settings with its row locked until `trx` ends, so a change that depends on the old
 * values (H-10: pending points turned off) sees them exactly once.
 */
export async function lockShopSettings(trx: Tx, shopId: string): Promise<ShopSettingsJson> {
  const settings = await repo.findShopSettingsForUpdate(trx, shopId);
  if (!settings) throw new AppError("not_found", 404);
  return settings;
}

/** Replaces the given top-level settings of the shop; the others stay. */
export async function mergeShopSettings(trx: Tx, shopId: string, settings: Partial<ShopSettingsJson>) {
  await repo.mergeShopSettings(trx, shopId, settings);
}
