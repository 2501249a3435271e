import { z } from "zod";
import { analyticsRoutes } from "./analytics";
import { loginBody, loginResponse, tokenResponse } from "./auth";
import { catalogueRoutes } from "./catalogue";
import {
  customerImportRowErrorsQuery,
  customerImportRowErrorsResponse,
  customerImportSchema,
  customerImportsListQuery,
  customerImportsListResponse,
  customerImportUploadQuery,
  customerImportUploadResponse,
  devImportsListResponse,
} from "./customer-imports";
import {
  activityExportSchema,
  adjustPointsBody,
  adjustPointsResponse,
  bulkCustomersBody,
  bulkCustomersResponse,
  customerActivitiesQuery,
  customerActivitiesResponse,
  customerChildrenResponse,
  customerCouponsResponse,
  customerExportSchema,
  customerProfileSchema,
  customerSummarySchema,
  customerSyncSchema,
  customersExportQuery,
  customersListQuery,
  customersListResponse,
  customerTierChangesQuery,
  customerTierChangesResponse,
  membershipBody,
  putCustomerChildrenBody,
  revokeCouponBody,
  revokeCouponResponse,
  shopActivityQuery,
  shopActivityResponse,
  startActivityExportBody,
  startCustomerExportBody,
  startCustomerSyncBody,
  updateCustomerBody,
} from "./customers";
import { developerRoutes } from "./developers";
import { earnDatesRoutes } from "./earn-dates-routes";
import { earnEventRoutes } from "./earn-events";
import { extensionRoutes } from "./extensions";
import {
  mailDeliverySchema,
  mailDomainAnswerSchema,
  mailSenderSchema,
  notificationLogQuery,
  notificationToolBody,
  postMailDomainBody,
  putMailSenderBody,
  putSmtpBody,
  smtpSettingsSchema,
  verifySmtpBody,
} from "./mail-delivery";
import {
  exclusiveDealBody,
  exclusiveDealSchema,
  membershipOverviewSchema,
  proxyExclusiveDealSchema,
  proxyMembershipSchema,
  tierDesignBody,
  tierDesignSchema,
} from "./membership";
import {
  notificationListSchema,
  notificationLogEntrySchema,
  notificationLogSchema,
  notificationPreviewQuery,
  notificationSettingsSchema,
  proxyReferralInviteBody,
  proxyReferralInviteResult,
  putNotificationBody,
  testNotificationBody,
} from "./notifications";
import { onsiteRoutes } from "./onsite-routes";
import {
  backtestBody,
  backtestResultSchema,
  createProgramBody,
  explainOrdersQuery,
  orderExplanationSchema,
  priorOrderSyncStateSchema,
  programKindSchema,
  programStatusBody,
  programSummarySchema,
  programSyncRunSchema,
  putProgramNamesBody,
  startProgramSyncBody,
  unlockPriorOrderSyncBody,
  updateProgramBody,
} from "./programs";
import {
  pageInfoSchema,
  proxyActivitiesQuery,
  proxyActivitySchema,
  proxyCouponsResponse,
  proxyCustomerResponse,
  proxyJoinResponse,
  proxyPointsEstimateQuery,
  proxyPointsEstimateResponse,
  proxyRedeemBody,
  proxyRedeemResponse,
  proxyRevokeResponse,
} from "./proxy";
import { referralRoutes } from "./referral-routes";
import {
  loyaltySettingsSchema,
  putLoyaltySettingsBody,
  putLoyaltySettingsResponse,
  settingsTaggingRoutes,
  subscriptionSettingsSchema,
} from "./settings";
import {
  checkSupportAppBlockResponse,
  getShopsResponse,
  impersonateBody,
  postSettingsBody,
  postShopBody,
  putShopBody,
  staffShopSchema,
  staffShopUpdateBody,
} from "./shop";
import {
  retryStuckTierCouponsBody,
  retryStuckTierCouponsResponse,
  stuckTierCouponsQuery,
  stuckTierCouponsResponse,
} from "./tier-coupons";
import {
  memberTierBody,
  memberTierSchema,
  memberTiersSchema,
  proxyPartnerTierResponse,
  tierBody,
  tierLaunchBody,
  tierPreviewSchema,
  tierProgramSchema,
  tierRewardsBody,
  tierRunSchema,
  tierSchema,
  tierSettingsSchema,
} from "./tiers";
import { shippedTranslationsSchema, translationSettingsSchema } from "./translations";
import {
  webhookDeliveryDetailSchema,
  webhookDeliverySummarySchema,
  webhookLogQuery,
  webhookLogResponse,
} from "./webhook-log";
import { widgetSettingsQuery, widgetSettingsResponse } from "./widget";

/** Who may call a route (DESIGN §3); mirrors the server's guards. */
export type RouteGuard =
  | "public"
  | "session"
  | "admin"
  | "staff"
  | "proxy"
  | "webhook"
  | "apiKey"
  | "extension";

export interface RouteContract {
  summary: string;
  guard: RouteGuard;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The `data` of the success envelope. */
  response: z.ZodType;
}

const complianceExportSummary = z.object({
  id: z.string(),
  dataRequestId: z.string(),
  platformCustomerId: z.string(),
  requestedAt: z.string(),
});

/**
 * Every JSON route of the API, keyed "METHOD path" (Fastify's `:param` syntax). `GET /openapi.json`
 * is generated from this table, and a test keeps it equal to the routes the server registers.
 */
export const apiRoutes = {
  "GET /health": {
    summary: "Liveness and database check",
    guard: "public",
    response: z.object({ status: z.literal("ok"), engine: z.enum(["pglite", "postgres"]) }),
  },
  "POST /auth/login": {
    summary: "Standalone sign-in (sets the session cookie)",
    guard: "public",
    body: loginBody,
    response: loginResponse,
  },
  "POST /auth/logout": {
    summary: "End the session",
    guard: "session",
    response: z.object({ redirectTo: z.string() }),
  },
  "GET /auth/token": {
    summary: "A 60-second admin token for the session",
    guard: "session",
    response: tokenResponse,
  },
  "GET /apiSa/shops": {
    summary: "The active shop, its platform facts and the session",
    guard: "admin",
    response: getShopsResponse,
  },
  "GET /apiSa/shopify/checkSupportAppBlock": {
    summary: "Whether the live theme supports app blocks",
    guard: "admin",
    response: checkSupportAppBlockResponse,
  },
  "POST /apiSa/shop": {
    summary: "Shop bookkeeping (banners, promo, access, first login, AI consent)",
    guard: "admin",
    body: postShopBody,
    response: z.null(),
  },
  "PUT /apiSa/shop": {
    summary: "Update merchant-editable shop flags",
    guard: "admin",
    body: putShopBody,
    response: z.null(),
  },
  "POST /apiSa/lp/settings": {
    summary: "Save the admin language",
    guard: "admin",
    body: postSettingsBody,
    response: z.null(),
  },
  "GET /apiSa/lp/settings": {
    summary:
      "Loyalty settings: earning trigger, pending points, point expiry, sandbox, exchange rate, coupon revokes",
    guard: "admin",
    response: loyaltySettingsSchema,
  },
  "PUT /apiSa/lp/settings": {
    summary:
      "Change loyalty settings (the sections sent); turning pending points off converts them all now (H-10)",
    guard: "admin",
    body: putLoyaltySettingsBody,
    response: putLoyaltySettingsResponse,
  },
  "GET /apiSa/lp/settings/subscription": {
    summary:
      "Subscription (M-07, C-23): whether the store sells subscriptions, the purchase types programs can target, the programs with a subscription condition",
    guard: "admin",
    response: subscriptionSettingsSchema,
  },
  "GET /apiSa/lp/programs/earning": {
    summary: "Earning programs (S-12)",
    guard: "admin",
    response: z.array(programSummarySchema),
  },
  "GET /apiSa/lp/programs/spending": {
    summary: "Redeeming programs (S-13)",
    guard: "admin",
    response: z.array(programSummarySchema),
  },
  "GET /apiSa/lp/programs/kinds": {
    summary: "Every kind 'Add program' offers, with its plan and whether one may be added now (C-07)",
    guard: "admin",
    response: z.array(programKindSchema),
  },
  "GET /apiSa/lp/programs/explain": {
    summary: "Why an order earned or not: each place order program's decision and the entries (issue 14)",
    guard: "admin",
    query: explainOrdersQuery,
    response: z.array(orderExplanationSchema),
  },
  "POST /apiSa/lp/programs/backtest": {
    summary: "Backtest a place order program over the last 30 or 90 days of orders; never writes (issue 14)",
    guard: "admin",
    body: backtestBody,
    response: backtestResultSchema,
  },
  "POST /apiSa/lp/programs/syncs": {
    summary:
      "Start a retroactive sync as a job (C-27, X-47): past orders since a day (once per shop), or sign-up or newsletter points (any time)",
    guard: "admin",
    body: startProgramSyncBody,
    response: programSyncRunSchema,
  },
  "GET /apiSa/lp/programs/syncs/prior-order": {
    summary: "The past-order sync: whether it is locked, the days it may start on, its newest run (C-27)",
    guard: "admin",
    response: priorOrderSyncStateSchema,
  },
  "GET /apiSa/lp/programs/syncs/:id": {
    summary: "A sync run: its progress, then what it credited (C-27)",
    guard: "admin",
    response: programSyncRunSchema,
  },
  "PUT /apiSa/lp/programs": {
    summary: "Rename programs (S-14)",
    guard: "admin",
    body: putProgramNamesBody,
    response: z.null(),
  },
  "POST /apiSa/lp/programs/earning": {
    summary: "Create an earning program (C-12 … C-26; at most 10 place order programs, C-16)",
    guard: "admin",
    body: createProgramBody,
    response: programSummarySchema,
  },
  "POST /apiSa/lp/programs/spending": {
    summary: "Create a redeeming program (D-01 … D-18; some kinds need a paid plan, R-02, R-03)",
    guard: "admin",
    body: createProgramBody,
    response: programSummarySchema,
  },
  "PUT /apiSa/lp/programs/:id": {
    summary: "Update a program's settings; its type and event cannot change",
    guard: "admin",
    body: updateProgramBody,
    response: programSummarySchema,
  },
  "PUT /apiSa/lp/programs/:id/status": {
    summary: "Turn a program on or off (C-06); dates make it scheduled or expired (C-09)",
    guard: "admin",
    body: programStatusBody,
    response: programSummarySchema,
  },
  "DELETE /apiSa/lp/programs/:id": {
    summary: "Delete a program; a redeeming program that issued coupons is kept (409)",
    guard: "admin",
    response: z.null(),
  },
  "GET /apiSa/customers": {
    summary: "The shop's customers (J-03): a tab, a sort, a prefix search, keyset pages",
    guard: "admin",
    query: customersListQuery,
    response: customersListResponse,
  },
  "GET /apiSa/customers/:id": {
    summary: "One customer with balances",
    guard: "admin",
    response: customerSummarySchema,
  },
  "GET /apiSa/customers/:id/activities": {
    summary: "A customer's point activity (the ledger), newest first",
    guard: "admin",
    query: customerActivitiesQuery,
    response: customerActivitiesResponse,
  },
  "GET /apiSa/customers/:id/tier-changes": {
    summary: "A customer's VIP tier changes (J-04): from and to tier, why, newest first",
    guard: "admin",
    query: customerTierChangesQuery,
    response: customerTierChangesResponse,
  },
  "POST /apiSa/customers/:id/points": {
    summary: "Manual point adjustment (H-14); send Idempotency-Key to make retries safe",
    guard: "admin",
    body: adjustPointsBody,
    response: adjustPointsResponse,
  },
  "GET /apiSa/customers/:id/coupons": {
    summary: "A customer's coupons (H-11): code, order, expiry, used, revoke reason",
    guard: "admin",
    response: customerCouponsResponse,
  },
  "POST /apiSa/customers/:id/coupons/:couponId/revoke": {
    summary: "Revoke a customer's coupon with an admin note (H-13); its points come back once",
    guard: "admin",
    body: revokeCouponBody,
    response: revokeCouponResponse,
  },
  "GET /apiSa/customers/export.csv": {
    summary: "Customers of a tab (and search) as CSV, streamed (J-15; Essential plan and above)",
    guard: "admin",
    query: customersExportQuery,
    response: z.string(),
  },
  "POST /apiSa/customers/exports": {
    summary:
      "Start a customer export in the background (J-15; Essential plan and above); e-mailed when ready",
    guard: "admin",
    body: startCustomerExportBody,
    response: customerExportSchema,
  },
  "GET /apiSa/customers/exports/:id": {
    summary: "A customer export's progress (J-15)",
    guard: "admin",
    response: customerExportSchema,
  },
  "GET /apiSa/customers/exports/:id/file.csv": {
    summary: "A finished customer export's CSV (J-15), streamed",
    guard: "admin",
    response: z.string(),
  },
  "POST /apiSa/customers/:id/sync": {
    summary: "Sync one customer with the store now (J-21): contact details, tags, e-mail consent",
    guard: "admin",
    response: customerSummarySchema,
  },
  "POST /apiSa/customers/sync": {
    summary: "Re-sync every customer with the store in the background (J-21); waits during a tier launch",
    guard: "admin",
    body: startCustomerSyncBody,
    response: customerSyncSchema,
  },
  "GET /apiSa/customers/sync/:id": {
    summary: "A customer re-sync's progress (J-21)",
    guard: "admin",
    response: customerSyncSchema,
  },
  "GET /apiSa/activities": {
    summary: "Point activity across the shop (K-01, K-03), newest first; filters; keyset pages",
    guard: "admin",
    query: shopActivityQuery,
    response: shopActivityResponse,
  },
  "POST /apiSa/activities/exports": {
    summary:
      "Export point activity as a job (K-05) with the list's filters; e-mailed when ready; 404 when nothing matches",
    guard: "admin",
    body: startActivityExportBody,
    response: activityExportSchema,
  },
  "GET /apiSa/activities/exports/:id": {
    summary: "A point activity export's progress (K-05)",
    guard: "admin",
    response: activityExportSchema,
  },
  "GET /apiSa/activities/exports/:id/file.csv": {
    summary: "A finished point activity export's CSV (K-05), streamed",
    guard: "admin",
    response: z.string(),
  },
  "GET /apiSa/customers/:id/profile": {
    summary: "The customer's overview (J-04): balances, lifetime points, orders, average order value",
    guard: "admin",
    response: customerProfileSchema,
  },
  "PUT /apiSa/customers/:id": {
    summary: "Edit personal information (J-04): name, birthday (MM/DD), phone",
    guard: "admin",
    body: updateCustomerBody,
    response: customerSummarySchema,
  },
  "PUT /apiSa/customers/:id/children": {
    summary: "Replace the customer's children info (J-02, J-04): name, gender, birth date; at most ten",
    guard: "admin",
    body: putCustomerChildrenBody,
    response: customerChildrenResponse,
  },
  "POST /apiSa/customers/:id/membership": {
    summary: "Exclude from the program or join (back) (J-05)",
    guard: "admin",
    body: membershipBody,
    response: customerSummarySchema,
  },
  "POST /apiSa/customers/bulk": {
    summary: "Bulk actions on selected customers (J-03): adjust points, exclude, join",
    guard: "admin",
    body: bulkCustomersBody,
    response: bulkCustomersResponse,
  },
  "GET /apiSa/compliance/exports": {
    summary: "Customer data requests received (customers/data_request)",
    guard: "admin",
    response: z.array(complianceExportSummary),
  },
  "GET /apiSa/compliance/exports/:id": {
    summary: "One customer data export",
    guard: "admin",
    response: complianceExportSummary
      .omit({ platformCustomerId: true })
      .extend({ data: z.record(z.string(), z.unknown()) }),
  },
  "GET /apiSa/dev_zone/shops": {
    summary: "Staff: list shops",
    guard: "staff",
    response: z.array(staffShopSchema),
  },
  "PUT /apiSa/dev_zone/shops/:shopId": {
    summary: "Staff: block a shop, set its transaction cap",
    guard: "staff",
    body: staffShopUpdateBody,
    response: z.null(),
  },
  "POST /apiSa/dev_zone/impersonate": {
    summary: "Staff: sign in as a shop's merchant (audit-logged)",
    guard: "staff",
    body: impersonateBody,
    response: tokenResponse,
  },
  "GET /apiSa/dev_zone/shops/:shopId/prior-order-sync": {
    summary: "Staff: a shop's past-order sync lock and newest run (C-27, decision 0172)",
    guard: "staff",
    response: priorOrderSyncStateSchema,
  },
  "POST /apiSa/dev_zone/shops/:shopId/prior-order-sync/unlock": {
    summary: "Staff: allow one more past-order sync (audit-logged); 409 unless a finished run holds the lock",
    guard: "staff",
    body: unlockPriorOrderSyncBody,
    response: priorOrderSyncStateSchema,
  },
  "GET /apiSa/dev_zone/webhooks": {
    summary: "Staff: recorded webhook deliveries, newest first, with counts per status (P-01)",
    guard: "staff",
    query: webhookLogQuery,
    response: webhookLogResponse,
  },
  "GET /apiSa/dev_zone/webhooks/:shopId/:webhookId": {
    summary: "Staff: one webhook delivery with its body and error",
    guard: "staff",
    response: webhookDeliveryDetailSchema,
  },
  "POST /apiSa/dev_zone/webhooks/:shopId/:webhookId/retry": {
    summary: "Staff: process a failed delivery again (audit-logged); 409 unless it failed",
    guard: "staff",
    response: webhookDeliverySummarySchema,
  },
  "GET /apiSa/tiers": {
    summary: "VIP tiers: settings, tiers with members, lifecycle state, latest run (I-01, I-03)",
    guard: "admin",
    response: tierProgramSchema,
  },
  "PUT /apiSa/tiers/settings": {
    summary: "VIP tier settings (I-05); locked while tiers are enabled (I-12)",
    guard: "admin",
    body: tierSettingsSchema,
    response: tierProgramSchema,
  },
  "POST /apiSa/tiers": {
    summary: "Create a tier (I-04, I-13)",
    guard: "admin",
    body: tierBody,
    response: tierSchema,
  },
  "PUT /apiSa/tiers/:id": {
    summary: "Save a tier (I-04, I-13); applied to members at the next relaunch",
    guard: "admin",
    body: tierBody,
    response: tierSchema,
  },
  "PUT /apiSa/tiers/:id/rewards": {
    summary: "The tier reward editor: entry points, tier-up coupon, pre-tier reward (I-04, I-25)",
    guard: "admin",
    body: tierRewardsBody,
    response: tierSchema,
  },
  "DELETE /apiSa/tiers/:id": {
    summary: "Delete a tier; applied to members at the next relaunch",
    guard: "admin",
    response: z.null(),
  },
  "POST /apiSa/tiers/preview": {
    summary: "What launching the tiers as edited would do, computed without writing anything",
    guard: "admin",
    response: tierPreviewSchema,
  },
  "POST /apiSa/tiers/launch": {
    summary: "Launch or relaunch VIP tiers: every member is recalculated by a job (I-10, I-11)",
    guard: "admin",
    body: tierLaunchBody,
    response: tierRunSchema,
  },
  "POST /apiSa/tiers/deactivate": {
    summary: "Deactivate VIP tiers (I-12, C-31)",
    guard: "admin",
    response: tierRunSchema,
  },
  "GET /apiSa/tiers/runs": {
    summary: "Launch, relaunch and deactivation records (I-11)",
    guard: "admin",
    response: z.array(tierRunSchema),
  },
  "POST /apiSa/tiers/sync-tags": {
    summary: "Re-tag every member in a tier on the platform, as jobs (I-08: 'Synced tags processed')",
    guard: "admin",
    response: z.object({ members: z.number().int() }),
  },
  "PUT /apiSa/tiers/members/:customerId": {
    summary: "Assign or unassign a member's exclusive tier (I-17), or change their tier directly (I-18)",
    guard: "admin",
    body: memberTierBody,
    response: memberTierSchema,
  },
  "GET /apiSa/tiers/members/:customerId": {
    summary:
      "A customer's tier in each program they stand in (VIP; B2B for a company member when available) and the tiers they may be set to",
    guard: "admin",
    response: memberTiersSchema,
  },
  "PUT /apiSa/b2b/tiers/members/:customerId": {
    summary: "Change a company member's B2B partner tier directly (I-18; partner tiers are never exclusive)",
    guard: "admin",
    body: memberTierBody,
    response: memberTierSchema,
  },
  "GET /apiSa/tiers/runs/:id": {
    summary: "One launch run and its progress",
    guard: "admin",
    response: tierRunSchema,
  },
  "GET /apiSa/tiers/stuck-coupons": {
    summary:
      "Tier-up and pre-tier coupons the platform has not made: refused, or waiting over 15 minutes (newest first)",
    guard: "admin",
    query: stuckTierCouponsQuery,
    response: stuckTierCouponsResponse,
  },
  "POST /apiSa/tiers/stuck-coupons/retry": {
    summary: "Queue stuck tier coupons to be made again on the platform: chosen ids or all",
    guard: "admin",
    body: retryStuckTierCouponsBody,
    response: retryStuckTierCouponsResponse,
  },
  "GET /apiSa/b2b/tiers": {
    summary:
      "B2B partner tiers: settings, tiers with company members, lifecycle state, latest run (I-19, I-20)",
    guard: "admin",
    response: tierProgramSchema,
  },
  "PUT /apiSa/b2b/tiers/settings": {
    summary: "B2B tier settings (I-20); 403 unless the B2B requirements are met (I-21, X-22)",
    guard: "admin",
    body: tierSettingsSchema,
    response: tierProgramSchema,
  },
  "POST /apiSa/b2b/tiers": {
    summary: "Create a B2B partner tier (I-19)",
    guard: "admin",
    body: tierBody,
    response: tierSchema,
  },
  "PUT /apiSa/b2b/tiers/:id": {
    summary: "Save a B2B partner tier (I-19); applied to company members at the next relaunch",
    guard: "admin",
    body: tierBody,
    response: tierSchema,
  },
  "PUT /apiSa/b2b/tiers/:id/rewards": {
    summary: "A B2B partner tier's privileges: entry points, tier-up coupon, pre-tier reward (I-19)",
    guard: "admin",
    body: tierRewardsBody,
    response: tierSchema,
  },
  "DELETE /apiSa/b2b/tiers/:id": {
    summary: "Delete a B2B partner tier; applied at the next relaunch",
    guard: "admin",
    response: z.null(),
  },
  "POST /apiSa/b2b/tiers/preview": {
    summary: "What launching the B2B tiers as edited would do to company members, without writing",
    guard: "admin",
    response: tierPreviewSchema,
  },
  "POST /apiSa/b2b/tiers/launch": {
    summary: "Launch or relaunch B2B partner tiers: every company member is recalculated by a job",
    guard: "admin",
    body: tierLaunchBody,
    response: tierRunSchema,
  },
  "POST /apiSa/b2b/tiers/deactivate": {
    summary: "Deactivate B2B partner tiers",
    guard: "admin",
    response: tierRunSchema,
  },
  "POST /apiSa/b2b/tiers/sync-tags": {
    summary: "Re-tag every company member in a B2B tier on the platform, as jobs (I-20)",
    guard: "admin",
    response: z.object({ members: z.number().int() }),
  },
  "GET /apiSa/b2b/tiers/runs": {
    summary: "B2B launch, relaunch and deactivation records",
    guard: "admin",
    response: z.array(tierRunSchema),
  },
  "GET /apiSa/b2b/tiers/runs/:id": {
    summary: "One B2B launch run and its progress",
    guard: "admin",
    response: tierRunSchema,
  },
  "POST /proxy/join": {
    summary: "Storefront: the signed-in shopper joins the program",
    guard: "proxy",
    response: proxyJoinResponse,
  },
  "GET /proxy/activities": {
    summary: "Storefront: the shopper's point history",
    guard: "proxy",
    query: proxyActivitiesQuery,
    response: z.object({ activities: z.array(proxyActivitySchema), pageInfo: pageInfoSchema }),
  },
  "GET /proxy/points-estimate": {
    summary: "Storefront: the points orders of these amounts earn, as the calculator counts (N-11, N-20)",
    guard: "proxy",
    query: proxyPointsEstimateQuery,
    response: proxyPointsEstimateResponse,
  },
  "GET /proxy/partner-tier": {
    summary:
      "Storefront: the signed-in company member's B2B partner tier, privileges and progress to the next (null for anyone else)",
    guard: "proxy",
    response: proxyPartnerTierResponse,
  },
  "GET /proxy/customer": {
    summary: "Storefront: membership, balances, ways to earn and to redeem, point label",
    guard: "proxy",
    query: widgetSettingsQuery,
    response: proxyCustomerResponse,
  },
  "POST /proxy/redeem": {
    summary: "Storefront: spend points on a reward and get its coupon (D-21)",
    guard: "proxy",
    body: proxyRedeemBody,
    response: proxyRedeemResponse,
  },
  "GET /proxy/coupons": {
    summary: "Storefront: the shopper's coupons (H-11)",
    guard: "proxy",
    response: proxyCouponsResponse,
  },
  "POST /proxy/coupons/:id/revoke": {
    summary: "Storefront: revoke an unused coupon and get its points back (H-12, H-13)",
    guard: "proxy",
    response: proxyRevokeResponse,
  },
  "GET /proxy/widget": {
    summary: "Storefront: the widget's settings and texts in the storefront's language (every page view)",
    guard: "proxy",
    query: widgetSettingsQuery,
    response: widgetSettingsResponse,
  },
  ...referralRoutes,
  ...onsiteRoutes,
  ...earnEventRoutes,
  "GET /apiSa/notifications": {
    summary: "E-mail notifications: every event with its switch and settings (L-01, L-02)",
    guard: "admin",
    response: notificationListSchema,
  },
  "GET /apiSa/notifications/:event": {
    summary: "One e-mail event's settings (L-04)",
    guard: "admin",
    response: notificationSettingsSchema,
  },
  "PUT /apiSa/notifications/:event": {
    summary: "Save an e-mail event's switch, subject, colours, logo (≤ 2 MB), reply-to, send-before (L-04)",
    guard: "admin",
    body: putNotificationBody,
    response: notificationSettingsSchema,
  },
  "GET /apiSa/notifications/:event/preview": {
    summary: "The e-mail rendered with sample values, in the shop's language or `language` (decision 0179)",
    guard: "admin",
    query: notificationPreviewQuery,
    response: z.object({ subject: z.string(), html: z.string() }),
  },
  "POST /apiSa/notifications/:event/test": {
    summary: "Send the e-mail with sample values to an address ('Failed to send mail test', L-10)",
    guard: "admin",
    body: testNotificationBody,
    response: z.object({ sent: z.literal(true) }),
  },
  "GET /apiSa/notifications/log": {
    summary:
      "The notification log, newest first: sent, opened, clicked, failed; filters and pages (L-02, L-03)",
    guard: "admin",
    query: notificationLogQuery,
    response: notificationLogSchema,
  },
  "POST /apiSa/notifications/log/:id/resend": {
    summary: "Send a logged e-mail again (L-03)",
    guard: "admin",
    response: notificationLogEntrySchema,
  },
  "GET /apiSa/translation": {
    summary: "Storefront languages and the shop's own texts per language (M-09, M-10)",
    guard: "admin",
    response: translationSettingsSchema,
  },
  "GET /apiSa/translation/shipped": {
    summary: "Laurel's shipped text of each key in the shop's storefront languages (decision 0179)",
    guard: "admin",
    response: shippedTranslationsSchema,
  },
  "POST /apiSa/translation": {
    summary: "Replace the storefront languages and texts (whole object; 'translations saved')",
    guard: "admin",
    body: translationSettingsSchema,
    response: translationSettingsSchema,
  },
  "POST /proxy/referral/invite": {
    summary: "Invite a friend by e-mail with the shopper's referral link (decision 0131; 10 a day)",
    guard: "proxy",
    body: proxyReferralInviteBody,
    response: proxyReferralInviteResult,
  },
  "POST /mail/u/:shopId/:id/:sig": {
    summary: "One-click unsubscribe (RFC 8058; signed link from an e-mail)",
    guard: "public",
    response: z.object({ unsubscribed: z.literal(true) }),
  },
  "POST /webhooks": {
    summary: "Shopify webhooks (every topic; HMAC over the raw body)",
    guard: "webhook",
    response: z.object({ outcome: z.enum(["applied", "duplicate", "unknown_shop", "ignored_topic"]) }),
  },
  // E-mail delivery (issue 11, L-06 … L-09, L-14; decision 0110).
  "GET /apiSa/mail/delivery": {
    summary: "How e-mails leave (L-09): the method in use, custom SMTP, sending domain and sender",
    guard: "admin",
    response: mailDeliverySchema,
  },
  "PUT /apiSa/mail/smtp": {
    summary:
      "Save the custom SMTP connection (L-06); unverified until tested; the password is never returned",
    guard: "admin",
    body: putSmtpBody,
    response: smtpSettingsSchema,
  },
  "POST /apiSa/mail/smtp/verify": {
    summary: "Verify custom SMTP by a real connection and a test message ('Failed to send test mail')",
    guard: "admin",
    body: verifySmtpBody,
    response: smtpSettingsSchema,
  },
  "DELETE /apiSa/mail/smtp": {
    summary: "Remove the custom SMTP connection",
    guard: "admin",
    response: z.object({ removed: z.literal(true) }),
  },
  "POST /apiSa/mail/domain": {
    summary: "Add the custom sending domain (L-07, Advanced): the DNS records to publish",
    guard: "admin",
    body: postMailDomainBody,
    response: mailDomainAnswerSchema,
  },
  "POST /apiSa/mail/domain/verify": {
    summary: "Look the domain's DNS records up: unverified, partially verified (missing listed) or verified",
    guard: "admin",
    response: mailDomainAnswerSchema,
  },
  "DELETE /apiSa/mail/domain": {
    summary: "Remove the custom sending domain",
    guard: "admin",
    response: z.object({ removed: z.literal(true) }),
  },
  "PUT /apiSa/mail/sender": {
    summary: "Save the sender (L-08, Essential); a new address gets a verification e-mail",
    guard: "admin",
    body: putMailSenderBody,
    response: mailSenderSchema,
  },
  "POST /apiSa/dev_zone/notification_tool": {
    summary: "Internal notification tool (L-14): send any template with sample values to any address",
    guard: "staff",
    body: notificationToolBody,
    response: z.object({ sent: z.literal(true) }),
  },
  ...catalogueRoutes,
  ...earnDatesRoutes,
  "GET /apiSa/membership": {
    summary: "Membership overview: exclusive deal, VIP tiers, B2B requirements, subscription gate (I-01)",
    guard: "admin",
    response: membershipOverviewSchema,
  },
  "GET /apiSa/membership/exclusive-deal": {
    summary: "The member exclusive deal: settings, design, plan gate and automatic discount cap (I-22, I-23)",
    guard: "admin",
    response: exclusiveDealSchema,
  },
  "PUT /apiSa/membership/exclusive-deal": {
    summary:
      "Save the member exclusive deal; switching it on needs Advanced and a free automatic discount (I-23)",
    guard: "admin",
    body: exclusiveDealBody,
    response: exclusiveDealSchema,
  },
  "GET /proxy/membership": {
    summary: "Storefront: the member's exclusive deal (when their tier may use it) and tier reward coupons",
    guard: "proxy",
    response: proxyMembershipSchema,
  },
  "POST /proxy/membership/deal": {
    summary: "Storefront: the member's own code for the exclusive deal, made once (I-22, decision 0136)",
    guard: "proxy",
    response: proxyExclusiveDealSchema,
  },
  "GET /apiSa/tiers/design": {
    summary: "The VIP Design tab: how the storefront shows tiers (I-03, I-04, I-27)",
    guard: "admin",
    response: tierDesignSchema,
  },
  "PUT /apiSa/tiers/design": {
    summary: "Save the VIP Design tab; not locked while tiers are enabled (it changes no member's tier)",
    guard: "admin",
    body: tierDesignBody,
    response: tierDesignSchema,
  },
  "POST /apiSa/customers/imports": {
    summary:
      "Upload a CSV of points or birthdays (J-07 … J-10); the body is the file; rows checked, nothing applied",
    guard: "admin",
    query: customerImportUploadQuery,
    response: customerImportUploadResponse,
  },
  "GET /apiSa/customers/imports": {
    summary: "Import history (J-12), newest first; keyset pages",
    guard: "admin",
    query: customerImportsListQuery,
    response: customerImportsListResponse,
  },
  "GET /apiSa/customers/imports/:id": {
    summary: "One import with its progress",
    guard: "admin",
    response: customerImportSchema,
  },
  "GET /apiSa/customers/imports/:id/errors": {
    summary: "An import's refused rows (line, column, reason), in line order",
    guard: "admin",
    query: customerImportRowErrorsQuery,
    response: customerImportRowErrorsResponse,
  },
  "GET /apiSa/customers/imports/:id/errors.csv": {
    summary: "An import's refused rows as CSV (formula-safe)",
    guard: "admin",
    response: z.string(),
  },
  "POST /apiSa/customers/imports/:id/start": {
    summary: "Start a checked import: a job applies its good rows in batches (J-12)",
    guard: "admin",
    response: customerImportSchema,
  },
  "GET /apiSa/dev_zone/imports": {
    summary: "Every shop's imports (internal import file manager, J-12)",
    guard: "staff",
    query: customerImportsListQuery,
    response: devImportsListResponse,
  },
  ...analyticsRoutes,
  ...developerRoutes,
  ...extensionRoutes,
  ...settingsTaggingRoutes,
} satisfies Record<string, RouteContract>;
