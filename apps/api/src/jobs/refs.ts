import { z } from "zod";
import type { JobRef } from "../infra/queue";

/**
 * Each job's identity (name + data schema), apart from its handler, so services can enqueue a job
 * without importing the handler that calls back into them.
 */
export const refreshShopInfo: JobRef<{ shopId: string }> = {
  name: "refresh-shop-info",
  data: z.object({ shopId: z.string().min(1) }),
};

export const convertPendingPoints: JobRef<Record<string, never>> = {
  name: "convert-pending-points",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** Reconciliation of one shop's recent orders (fanned out by the hourly sweep). */
export const reconcileShopOrders: JobRef<{ shopId: string }> = {
  name: "reconcile-shop-orders",
  data: z.object({ shopId: z.string().min(1) }),
};

export const reconcileAllShops: JobRef<Record<string, never>> = {
  name: "reconcile-all-shops",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** H-10: a shop turned pending points off; its pending points convert (batches, while it stays off). */
export const convertShopPendingPoints: JobRef<{ shopId: string }> = {
  name: "convert-shop-pending-points",
  data: z.object({ shopId: z.string().min(1) }),
};

/** H-08: the hourly sweep over shops whose points expire. */
export const expirePointsAllShops: JobRef<Record<string, never>> = {
  name: "expire-points-all-shops",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** H-08: one batch of one shop's customers, after `after` (a customer id), for the pass's `cutoff`. */
export interface ExpireShopPointsData {
  shopId: string;
  after?: string | undefined;
  cutoff?: string | undefined;
}
export const expireShopPoints: JobRef<ExpireShopPointsData> = {
  name: "expire-shop-points",
  data: z.object({
    shopId: z.string().min(1),
    after: z.string().min(1).optional(),
    cutoff: z.iso.datetime().optional(),
  }),
};

/** Issue 18: a completed referral's referrer reward of kind discount, created through the platform. */
export const issueReferralReward: JobRef<{ shopId: string; referralId: string }> = {
  name: "issue-referral-reward",
  data: z.object({ shopId: z.string().min(1), referralId: z.string().min(1) }),
};

/** Issue 10: a launch or relaunch recalculates every member of a shop (pages of members, resumable). */
export const recalculateTiers: JobRef<{ shopId: string; runId: string }> = {
  name: "recalculate-tiers",
  data: z.object({ shopId: z.string().min(1), runId: z.string().min(1) }),
};

/** Issue 11: send one e-mail of the notification log (decision 0075); retried with back-off. */
export const sendEmail: JobRef<{ shopId: string; notificationId: string }> = {
  name: "send-email",
  data: z.object({ shopId: z.string().min(1), notificationId: z.string().min(1) }),
  retryLimit: 5,
};

/** L-05: the hourly sweep e-mailing point-expiry reminders (issue 11). */
export const remindExpiringPoints: JobRef<Record<string, never>> = {
  name: "remind-expiring-points",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};
