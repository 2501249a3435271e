import type { JobDefinition } from "../infra/queue";
import { convertPendingPointsJob } from "./convert-pending-points.job";
import { convertShopPendingPointsJob } from "./convert-shop-pending-points.job";
import { expirePointsAllShopsJob, expireShopPointsJob } from "./expire-points.job";
import { issueReferralRewardJob } from "./issue-referral-reward.job";
import { recalculateTiersJob } from "./recalculate-tiers.job";
import { reconcileAllShopsJob, reconcileShopOrdersJob } from "./reconcile-orders.job";
import { refreshShopInfoJob } from "./refresh-shop-info.job";
import { remindExpiringPointsJob } from "./remind-expiring-points.job";
import { sendEmailJob } from "./send-email.job";

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
];
