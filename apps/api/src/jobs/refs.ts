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

/** Issue 18: a canceled referral's referrer discount, made unusable on the platform (or never issued). */
export const revokeReferralReward: JobRef<{ shopId: string; referralId: string }> = {
  name: "revoke-referral-reward",
  data: z.object({ shopId: z.string().min(1), referralId: z.string().min(1) }),
};

/** E-12 (issue 18): builds one referral export and e-mails its signed link (decision 0126). */
export const exportReferrals: JobRef<{ shopId: string; exportId: string }> = {
  name: "export-referrals",
  data: z.object({ shopId: z.string().min(1), exportId: z.string().min(1) }),
  retryLimit: 3,
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

/**
 * Issue 16: e-mails a batch of the notification log queued together (an order batch's "points
 * earned", a reminder sweep's page): one job per hundred, not one per e-mail (decision 0075).
 */
export const sendEmails: JobRef<{ shopId: string; notificationIds: string[] }> = {
  name: "send-emails",
  data: z.object({ shopId: z.string().min(1), notificationIds: z.array(z.string().min(1)).min(1).max(100) }),
  retryLimit: 5,
};

/** L-05: the hourly sweep e-mailing point-expiry reminders (issue 11). */
export const remindExpiringPoints: JobRef<Record<string, never>> = {
  name: "remind-expiring-points",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** Issue 14 (decision 0123): one backtest run, reading the shop's orders a page at a time. */
export const runProgramBacktest: JobRef<{ shopId: string; backtestId: string }> = {
  name: "run-program-backtest",
  data: z.object({ shopId: z.string().min(1), backtestId: z.string().min(1) }),
  retryLimit: 2,
};

/** C-27, X-47 (decision 0165): one retroactive sync run (past orders, sign up or newsletter). */
export const runProgramSync: JobRef<{ shopId: string; syncId: string }> = {
  name: "run-program-sync",
  data: z.object({ shopId: z.string().min(1), syncId: z.string().min(1) }),
  retryLimit: 2,
};

/** G-02, G-26 (issue 15): the hourly sweep over shops with a birthday or anniversary program. */
export const grantDateRewardsAllShops: JobRef<Record<string, never>> = {
  name: "grant-date-rewards-all-shops",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** One batch of one shop's members after `after` (a customer id) for today's birthday and anniversary rewards. */
export const grantShopDateRewards: JobRef<{ shopId: string; after?: string | undefined }> = {
  name: "grant-shop-date-rewards",
  data: z.object({ shopId: z.string().min(1), after: z.string().min(1).optional() }),
};

/** Issue 10 (I-06, I-26): the hourly look for shops whose daily demotion sweep is due. */
export const sweepTierDemotions: JobRef<Record<string, never>> = {
  name: "sweep-tier-demotions",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** One shop's demotion sweep for its current store day (pages of members, resumable); VIP when no program. */
export const sweepShopTiers: JobRef<{ shopId: string; program?: "vip" | "b2b" }> = {
  name: "sweep-shop-tiers",
  data: z.object({ shopId: z.string().min(1), program: z.enum(["vip", "b2b"]).optional() }),
};

/**
 * I-08: the platform tags of members whose tier moved (one job per batch of moves, outbox), in a
 * tier program; `program` absent: VIP (jobs enqueued before B2B partner tiers, decision 0174).
 */
export const syncTierTags: JobRef<{ shopId: string; customerIds: string[]; program?: "vip" | "b2b" }> = {
  name: "sync-tier-tags",
  data: z.object({
    shopId: z.string().min(1),
    customerIds: z.array(z.string().min(1)).max(2_000),
    program: z.enum(["vip", "b2b"]).optional(),
  }),
  retryLimit: 5,
};

/** M-02 (decision 0176): tags to add to orders that earned points and to their customers. */
export interface TagOrdersAndCustomersData {
  shopId: string;
  /** Platform order ids. */
  orders: { ids: string[]; tags: string[] };
  /** Laurel customer ids (the job reads their platform ids). */
  customers: { ids: string[]; tags: string[] };
}
const tagList = z.object({
  ids: z.array(z.string().min(1)).max(250),
  tags: z.array(z.string().min(1)).max(10),
});
export const tagOrdersAndCustomers: JobRef<TagOrdersAndCustomersData> = {
  name: "tag-orders-and-customers",
  data: z.object({ shopId: z.string().min(1), orders: tagList, customers: tagList }),
  retryLimit: 5,
};

/**
 * Decision 0135: the granted tier-up and pre-tier coupons of a shop, made on the platform; with
 * `codes`, only those (the merchant's retry of chosen stuck coupons, decision 0173).
 */
export interface IssueTierCouponsData {
  shopId: string;
  codes?: string[] | undefined;
}
export const issueTierCoupons: JobRef<IssueTierCouponsData> = {
  name: "issue-tier-coupons",
  data: z.object({ shopId: z.string().min(1), codes: z.array(z.string().min(1)).max(500).optional() }),
  retryLimit: 5,
};

/** Issue 9 (J-12): applies a checked customer import in batches, resuming at its cursor. */
export const importCustomers: JobRef<{ shopId: string; importId: string }> = {
  name: "import-customers",
  data: z.object({ shopId: z.string().min(1), importId: z.string().min(1) }),
};

/** Issue 9 (J-15): writes a started customer export page by page, resuming at its cursor. */
export const exportCustomers: JobRef<{ shopId: string; exportId: string }> = {
  name: "export-customers",
  data: z.object({ shopId: z.string().min(1), exportId: z.string().min(1) }),
};

/** Issue 9 (K-05): writes a started point activity export page by page, resuming at its cursor. */
export const exportActivities: JobRef<{ shopId: string; exportId: string }> = {
  name: "export-activities",
  data: z.object({ shopId: z.string().min(1), exportId: z.string().min(1) }),
};

/** M-02 (decision 0176): a started "tag past orders" run, page by page from its cursor. */
export const tagPastOrders: JobRef<{ shopId: string; taggingId: string }> = {
  name: "tag-past-orders",
  data: z.object({ shopId: z.string().min(1), taggingId: z.string().min(1) }),
  retryLimit: 2,
};

/** G-14, G-16: writes a started review or Google review export page by page, resuming at its cursor. */
export const exportReviews: JobRef<{ shopId: string; exportId: string }> = {
  name: "export-reviews",
  data: z.object({ shopId: z.string().min(1), exportId: z.string().min(1) }),
};

/** J-21: a started customer re-sync, page by page from its cursor; waits out tier launches (I-10). */
export const syncCustomers: JobRef<{ shopId: string; syncId: string }> = {
  name: "sync-customers",
  data: z.object({ shopId: z.string().min(1), syncId: z.string().min(1) }),
};

/** Issue 13: bring every shop's analytics rollups up to the settled ledger (decision 0090). */
export const refreshAnalytics: JobRef<Record<string, never>> = {
  name: "refresh-analytics",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** Issue 13: the daily sweep of export files past their 7 days (every kind of export). */
export const sweepExportFiles: JobRef<Record<string, never>> = {
  name: "sweep-export-files",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** Issue 13: rebuild one shop's analytics rollups from its whole ledger. */
export const rebuildShopAnalytics: JobRef<{ shopId: string }> = {
  name: "rebuild-shop-analytics",
  data: z.object({ shopId: z.string().min(1) }),
};

/** Issue 11 (decision 0130): an unsubscribe from a Laurel e-mail, told to the platform's marketing consent. */
export const syncMarketingConsent: JobRef<{ shopId: string; customerId: string }> = {
  name: "sync-marketing-consent",
  data: z.object({ shopId: z.string().min(1), customerId: z.string().min(1) }),
};

/** Issue 15: a coupon earned by a birthday or milestone reward, created on the platform once (decision 0155). */
export const issueEarnedCoupon: JobRef<{ shopId: string; couponId: string }> = {
  name: "issue-earned-coupon",
  data: z.object({ shopId: z.string().min(1), couponId: z.string().min(1) }),
};

/** Issue 14: the products of the collections a shop's place order rules name, read through the platform. */
export const refreshCollectionProducts: JobRef<{ shopId: string }> = {
  name: "refresh-collection-products",
  data: z.object({ shopId: z.string().min(1) }),
  retryLimit: 5,
};

/**
 * How a shop's collection refreshes are debounced (decision 0140): one per shop per 120-second
 * slot, a send within a slot that has one becoming the next slot's (pg-boss `singletonNextSlot`).
 */
export const COLLECTION_REFRESH_DEBOUNCE = (shopId: string) => ({
  singletonKey: shopId,
  singletonSeconds: 120,
  singletonNextSlot: true,
});

/** Issue 14: the daily refresh of every shop whose rules name collections (collections change). */
export const refreshAllCollectionProducts: JobRef<Record<string, never>> = {
  name: "refresh-all-collection-products",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** K-12: the hourly pass that sends each shop's weekly report once its Monday has begun (decision 0161). */
export const sendWeeklyReports: JobRef<Record<string, never>> = {
  name: "send-weekly-reports",
  data: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** K-10: build one analytics export's CSV and e-mail its link (decision 0163). */
export const exportAnalyticsReport: JobRef<{ shopId: string; exportId: string }> = {
  name: "export-analytics-report",
  data: z.object({ shopId: z.string().min(1), exportId: z.string().min(1) }),
  retryLimit: 3,
};
