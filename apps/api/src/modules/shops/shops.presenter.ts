import {
  type AdminLanguageCode,
  adminLanguageCodes,
  DEFAULT_ADMIN_LANGUAGE,
  type PlanId,
  planIds,
  type Shop,
  type ShopInfo,
} from "@laurel/contracts";
import type { ShopRow } from "@laurel/db";
import { DEFAULT_CURRENCY } from "@laurel/domain";
import type { ShopCounters } from "./shops.repository";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function language(value: unknown): AdminLanguageCode {
  return adminLanguageCodes.includes(value as AdminLanguageCode)
    ? (value as AdminLanguageCode)
    : DEFAULT_ADMIN_LANGUAGE;
}

/** A stored plan as one of the contracts' plan ids (an unknown one is the free plan). */
export function planIdOf(plan: string): PlanId {
  return planIds.includes(plan as PlanId) ? (plan as PlanId) : "free";
}

/** The shop as the admin sees it. Rows never cross HTTP (DESIGN §3): this is the only mapping. */
export function presentShop(row: ShopRow, overrides: { isCrmLogin: boolean; counters: ShopCounters }): Shop {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    shopifyDomain: row.shopify_domain,
    domain: row.domain,
    shopifyPlan: row.shopify_plan,
    plan: planIdOf(row.plan),
    promoType: row.promo_type,
    isTrialUsed: row.is_trial_used,
    planDiscountCode: row.plan_discount_code,
    installedAt: row.installed_at.toISOString(),
    accessAppAt: iso(row.access_app_at),
    subStartAt: iso(row.sub_start_at),
    isFirstLogin: row.is_first_login,
    setupDone: row.setup_done,
    logoDefault: row.logo_default,
    isCrmLogin: overrides.isCrmLogin,
    customCSS: row.custom_css,
    countCustomer: overrides.counters.customers,
    countTransactions: row.count_transactions,
    shouldLimitTransactions: row.should_limit_transactions,
    transactionLimit: row.transaction_limit,
    last30DayOrdersCount: overrides.counters.ordersLast30Days,
    monthlyOrderCount: overrides.counters.ordersThisCycle,
    disabledEmbedApp: row.disabled_embed_app,
    isDismissQuickSetup: row.is_dismiss_quick_setup,
    isNonDevShop: row.is_non_dev_shop,
    isEnablePosPro3: row.is_enable_pos_pro3,
    isBlockedStore: row.is_blocked_store,
    speedAppInstalled: row.speed_app_installed,
    enableAIAgent: row.enable_ai_agent,
    aiAssistantConsent: row.ai_assistant_consent,
    aiAssistantConsentTimestamp: iso(row.ai_assistant_consent_timestamp),
    bannersDismiss: row.banners_dismiss,
    tagFeedbackSubmit: row.tag_feedback_submit,
    promoShowAt: iso(row.promo_show_at),
    promoHolidaySaleShowAt: iso(row.promo_holiday_sale_show_at),
    customizeForShops: row.customize_for_shops,
    customFeatures: row.custom_features,
    settings: {
      primaryLanguageInApp: language(row.settings.primaryLanguageInApp),
      isShowSettingLanguage: row.settings.isShowSettingLanguage ?? true,
    },
  };
}

export function presentShopInfo(row: ShopRow): ShopInfo {
  const p = row.platform_info;
  return {
    shopOwner: p.shopOwner ?? "",
    countryCode: p.countryCode ?? "",
    currency: p.currency ?? DEFAULT_CURRENCY,
    planName: p.planName ?? "",
    country: p.country ?? "",
    address1: p.address1 ?? null,
    phone: p.phone ?? null,
    ianaTimezone: p.ianaTimezone ?? "UTC",
    createdAt: p.createdAt ?? row.installed_at.toISOString(),
    allOrdersCount: p.allOrdersCount ?? 0,
  };
}
