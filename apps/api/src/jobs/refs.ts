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
