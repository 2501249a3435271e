import type { JobDefinition } from "../infra/queue";
import { convertPendingPointsJob } from "./convert-pending-points.job";
import { convertShopPendingPointsJob } from "./convert-shop-pending-points.job";
import { expirePointsAllShopsJob, expireShopPointsJob } from "./expire-points.job";
import { exportActivitiesJob } from "./export-activities.job";
import { exportCustomersJob } from "./export-customers.job";
import { exportReviewsJob } from "./export-reviews.job";
import { grantDateRewardsAllShopsJob, grantShopDateRewardsJob } from "./grant-date-rewards.job";
import { importCustomersJob } from "./import-customers.job";
import { issueEarnedCouponJob } from "./issue-earned-coupon.job";
import {
  exportReferralsJob,
  issueReferralRewardJob,
  revokeReferralRewardJob,
} from "./issue-referral-reward.job";
import { issueTierCouponsJob } from "./issue-tier-coupons.job";
import { recalculateTiersJob } from "./recalculate-tiers.job";
import { reconcileAllShopsJob, reconcileShopOrdersJob } from "./reconcile-orders.job";
import {
  exportAnalyticsReportJob,
  rebuildShopAnalyticsJob,
  refreshAnalyticsJob,
  sendWeeklyReportsJob,
} from "./refresh-analytics.job";
import {
  refreshAllCollectionProductsJob,
  refreshCollectionProductsJob,
} from "./refresh-collection-products.job";

import { refreshShopInfoJob } from "./refresh-shop-info.job";
import { remindExpiringPointsJob } from "./remind-expiring-points.job";
import { runProgramBacktestJob } from "./run-program-backtest.job";
import { runProgramSyncJob } from "./run-program-sync.job";
import { sendEmailJob, sendEmailsJob } from "./send-email.job";
import { sweepExportFilesJob } from "./sweep-export-files.job";
import { sweepShopTiersJob, sweepTierDemotionsJob } from "./sweep-tier-demotions.job";
import { syncCustomersJob } from "./sync-customers.job";
import { syncMarketingConsentJob } from "./sync-marketing-consent.job";
import { syncTierTagsJob } from "./sync-tier-tags.job";
import { tagOrdersAndCustomersJob } from "./tag-orders-and-customers.job";
import { tagPastOrdersJob } from "./tag-past-orders.job";

/** Every job this codebase runs; the worker registers them all. */
export const allJobs: JobDefinition[] = [
  refreshShopInfoJob,
  convertPendingPointsJob,
  reconcileAllShopsJob,
  reconcileShopOrdersJob,
  convertShopPendingPointsJob,
  expirePointsAllShopsJob,
  expireShopPointsJob,
  issueReferralRewardJob,
  recalculateTiersJob,
  sendEmailJob,
  remindExpiringPointsJob,
  sendEmailsJob,
  revokeReferralRewardJob,
  exportReferralsJob,
  runProgramBacktestJob,
  runProgramSyncJob,
  grantDateRewardsAllShopsJob,
  grantShopDateRewardsJob,
  sweepTierDemotionsJob,
  sweepShopTiersJob,
  syncTierTagsJob,
  sweepExportFilesJob,
  tagOrdersAndCustomersJob,
  tagPastOrdersJob,
  issueTierCouponsJob,
  syncMarketingConsentJob,
  importCustomersJob,
  exportCustomersJob,
  exportActivitiesJob,
  exportReviewsJob,
  syncCustomersJob,
  refreshAnalyticsJob,
  rebuildShopAnalyticsJob,
  issueEarnedCouponJob,
  refreshCollectionProductsJob,
  refreshAllCollectionProductsJob,
  sendWeeklyReportsJob,
  exportAnalyticsReportJob,
];
