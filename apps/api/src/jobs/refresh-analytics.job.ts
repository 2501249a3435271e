import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { buildAnalyticsExport } from "../modules/analytics/analytics.exports";
import { rebuildShopAnalytics, refreshAllAnalytics } from "../modules/analytics/analytics.service";
import { sendDueWeeklyReports } from "../modules/analytics/analytics.weekly-report";
import { getShopOrThrow } from "../modules/shops/shops.service";
import * as refs from "./refs";

/**
 * Issue 13 (decision 0090): every minute, each shop's analytics rollups catch up with the ledger's
 * settled entries; set-based, per shop in one transaction with its watermark, so a run that fails
 * or repeats adds nothing twice. Reads never wait for it: a report catches a stale shop up itself.
 */
export const refreshAnalyticsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.refreshAnalytics,
  schedule: "* * * * *",
  async handle(deps) {
    await refreshAllAnalytics(deps);
  },
};

/** A shop's rollups rebuilt from its whole ledger (asked for in the admin, or by staff). */
export const rebuildShopAnalyticsJob: JobDefinition<{ shopId: string }, Deps> = {
  ...refs.rebuildShopAnalytics,
  async handle(deps, { shopId }) {
    await rebuildShopAnalytics(deps, await getShopOrThrow(deps, shopId));
  },
};

/** K-12: hourly, so each shop's report leaves within the first hour of its own Monday. */
export const sendWeeklyReportsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.sendWeeklyReports,
  schedule: "5 * * * *",
  async handle(deps) {
    await sendDueWeeklyReports(deps);
  },
};

/** K-10: an analytics page's CSV built and its download link e-mailed (decision 0163). */
export const exportAnalyticsReportJob: JobDefinition<{ shopId: string; exportId: string }, Deps> = {
  ...refs.exportAnalyticsReport,
  async handle(deps, { shopId, exportId }) {
    await buildAnalyticsExport(deps, shopId, exportId);
  },
};
