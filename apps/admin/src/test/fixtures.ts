import type { GetShopsResponse, Shop, StaffShop } from "@laurel/contracts";

/** A complete, typed `GET /shops` answer for tests (the contracts' shape, field by field). */
export function shopsResponse(
  overrides: {
    shop?: Partial<Shop>;
    session?: Partial<GetShopsResponse["session"]>;
    blocked?: boolean;
    platform?: GetShopsResponse["platform"];
  } = {},
): GetShopsResponse {
  const shop: Shop = {
    id: "shop_1",
    name: "Maple & Moss",
    email: "owner@maple-moss.test",
    shopifyDomain: "maple-moss.myshopify.com",
    domain: "maple-moss.test",
    shopifyPlan: "basic",
    plan: "pro_3_2025",
    promoType: null,
    isTrialUsed: false,
    planDiscountCode: null,
    installedAt: "2025-01-10T09:00:00.000Z",
    accessAppAt: new Date().toISOString(),
    subStartAt: null,
    isFirstLogin: false,
    setupDone: true,
    logoDefault: null,
    isCrmLogin: false,
    customCSS: null,
    countCustomer: 1234,
    countTransactions: 120,
    shouldLimitTransactions: false,
    transactionLimit: null,
    last30DayOrdersCount: 87,
    monthlyOrderCount: 42,
    disabledEmbedApp: false,
    isDismissQuickSetup: true,
    isNonDevShop: true,
    isEnablePosPro3: false,
    isBlockedStore: false,
    speedAppInstalled: null,
    enableAIAgent: false,
    aiAssistantConsent: false,
    aiAssistantConsentTimestamp: null,
    bannersDismiss: [],
    tagFeedbackSubmit: [],
    promoShowAt: null,
    promoHolidaySaleShowAt: null,
    customizeForShops: [],
    customFeatures: [],
    settings: { primaryLanguageInApp: "en-US", isShowSettingLanguage: true },
    ...overrides.shop,
  };
  return {
    shop,
    shopInfo: {
      shopOwner: "Ada Moss",
      countryCode: "GB",
      currency: "GBP",
      planName: "basic",
      country: "United Kingdom",
      address1: null,
      phone: null,
      ianaTimezone: "Europe/London",
      createdAt: "2024-05-01T10:00:00.000Z",
      allOrdersCount: 900,
    },
    blocked: overrides.blocked ?? false,
    platform: overrides.platform ?? "shopify",
    session: {
      mode: "standalone",
      userEmail: "owner@maple-moss.test",
      isStaff: false,
      impersonatedBy: null,
      ...overrides.session,
    },
  };
}

export const staffShops: StaffShop[] = [
  {
    id: "shop_1",
    name: "Maple & Moss",
    shopifyDomain: "maple-moss.myshopify.com",
    plan: "pro_3_2025",
    isBlockedStore: false,
  },
  {
    id: "shop_2",
    name: "Copper Kettle",
    shopifyDomain: "copper-kettle.myshopify.com",
    plan: "free",
    isBlockedStore: true,
  },
];
