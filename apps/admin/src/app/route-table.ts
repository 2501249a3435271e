/**
 * Every shell route (spec 000 §2, A-05, A-09, P-01), relative to the mode prefix: each exists at
 * `/<path>` (standalone) and `/embed/<path>` (embedded, A-04). Paths match exactly; anything
 * else is Not Found. Screens of areas built later show an honest "not available yet" state.
 */
export type ScreenKey =
  | "dashboard"
  | "downSell"
  | "plans"
  | "billingDashboard"
  | "customizePlan"
  | "deals"
  | "featureRequest"
  | "landingPage"
  | "aiAgent"
  | "setup"
  | "customers"
  | "programs"
  | "referrals"
  | "membership"
  | "storefront"
  | "analytics"
  | "integration"
  | "settings"
  | "translations"
  | "discount"
  | "earnEvents";

export interface ShellRouteDef {
  /** React Router path without the prefix; `/` is the index. */
  path: string;
  screen: ScreenKey;
}

const family = (screen: ScreenKey, paths: string[]): ShellRouteDef[] =>
  paths.map((path) => ({ path, screen }));

export const shellRoutes: readonly ShellRouteDef[] = [
  // Shell routes (exact match)
  ...family("dashboard", ["/", "/home"]),
  ...family("downSell", ["/downSell"]),
  ...family("plans", ["/subscription", "/subscription/billing", "/settings/subscription/plans"]),
  ...family("billingDashboard", ["/billing-dashboard"]),
  ...family("customizePlan", ["/customize_plan"]),
  ...family("deals", ["/gift"]),
  ...family("featureRequest", ["/feature-request", "/feedback"]),
  ...family("landingPage", ["/landing-page"]),
  ...family("aiAgent", ["/ai-agent"]),
  ...family("setup", ["/set-up"]),
  // Route families (detailed in the other documents)
  ...family("customers", [
    "/customers",
    "/customers/migration",
    "/customers/wallet",
    "/customers/wallet/google",
    "/customers/wallet/apple",
    "/customers/history",
    "/customers/profile/:id",
    "/customers/notifications/manage",
    "/customers/activity",
    "/customers/activity/all",
    "/customers/activity/referral",
    "/customers/activity/launch-tier",
  ]),
  ...family("programs", [
    "/programs",
    "/programs/point",
    "/programs/point/:id",
    "/programs/:event/new",
    "/programs/edit-settings/:id",
  ]),
  // Referrals (area E): its program pages and the referral whitelist.
  ...family("referrals", [
    "/programs/referral",
    "/programs/referral/friendReward",
    "/programs/referral/customerReward",
    "/customers/whitelist/referral",
    // E-13: the referral branding pages (one designer, a tab each).
    "/storefront/branding/customer-invite",
    "/storefront/branding/referral",
    "/storefront/branding/referral-v1",
  ]),
  // Membership (area I): tiers are created and edited under /programs/tier.
  ...family("membership", [
    "/programs/tier/create",
    "/programs/tier/:id",
    "/membership",
    "/membership/vip",
    "/membership/exclusive-deal",
    "/membership/subscription",
    "/membership/tier-reward/:id",
    "/wholesale/vip",
    "/wholesale/privileges/:id",
  ]),
  ...family("storefront", [
    "/storefront",
    "/storefront/way-to-earn",
    "/storefront/vip-tier",
    "/storefront/way-to-redeem",
    "/storefront/donation",
    "/storefront/faqs",
    "/storefront/calculator",
    "/storefront/point-calculator",
    // The loyalty page's settings (N-10), named for the built-screen maps of the tests.
    "/storefront/loyalty-page",
    "/storefront/:id",
    // Branding pages (point, interact-website and others not named by the spec).
    "/storefront/branding/*",
    // The widget designer (issue 12), named for the built-screen maps of the tests.
    "/storefront/branding/point",
  ]),
  ...family("settings", ["/settings", "/settings/notifications", "/settings/notifications/:id"]),
  ...family("translations", ["/settings/translations/editor", "/translations"]),
  // Integration sub-pages (theme, review apps, subscription apps, helpdesk, chat, push, e-mail, SMS…)
  ...family("integration", ["/integration", "/integration/*"]),
  ...family("analytics", [
    "/analytics",
    "/analytics/loyalty-programs",
    "/analytics/point",
    "/analytics/member",
    "/analytics/referral",
  ]),
  ...family("discount", ["/discount/:functionId/:id"]),
  // Issue 15 part 2: review activity and queues, growth rewards.
  ...family("earnEvents", [
    "/customers/activity/review",
    "/customers/programs/review",
    "/customers/programs/google-maps-review",
    "/programs/growth-rewards",
  ]),
];

/** The screen title (translation key) of each screen. */
export const screenTitleKeys: Record<ScreenKey, string> = {
  dashboard: "dashboard.title",
  downSell: "areas.downSell",
  plans: "areas.plans",
  billingDashboard: "areas.billingDashboard",
  customizePlan: "areas.customizePlan",
  deals: "areas.deals",
  featureRequest: "featureRequest.title",
  landingPage: "areas.landingPage",
  aiAgent: "areas.aiAgent",
  setup: "setup.title",
  customers: "areas.customers",
  programs: "areas.programs",
  referrals: "areas.referrals",
  membership: "areas.membership",
  storefront: "areas.storefront",
  analytics: "areas.analytics",
  integration: "areas.integration",
  settings: "areas.settings",
  translations: "areas.translations",
  discount: "areas.discount",
  earnEvents: "earnEvents.queue.reviewTitle",
};

/** P-01: the internal zone's sub-pages, under /dev_zone. */
export const devZoneTools = [
  { path: "webhooks_logs", key: "webhooksLogs" },
  { path: "dev_test_logs", key: "devTestLogs" },
  { path: "exclusive_deal", key: "exclusiveDeal" },
  { path: "merge_customer", key: "mergeCustomer" },
  { path: "import-file-manager", key: "importFileManager" },
  { path: "cs_deal", key: "csDeal" },
  { path: "notification_tool", key: "notificationTool" },
  { path: "support/tools", key: "supportTools" },
  { path: "recommended_apps_manager", key: "recommendedAppsManager" },
] as const;

export type DevZoneToolKey = (typeof devZoneTools)[number]["key"];
