import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { sweepExpiredAnalyticsExports } from "../modules/analytics/analytics.exports";
import { sweepExpiredExportFiles } from "../modules/customers/chunked-export";
import { sweepExpiredReferralExports } from "../modules/referrals/referral-pages.service";
import * as refs from "./refs";

/**
 * Issue 13: once a day, the files of exports past their 7 days (customers, activities, reviews,
 * analytics, referrals) are deleted; each export's row stays as its record and its download says
 * it expired. A run repeated, or two workers, delete nothing twice.
 */
export const sweepExportFilesJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.sweepExportFiles,
  schedule: "53 4 * * *",
  async handle(deps) {
    await sweepExpiredExportFiles(deps);
    await sweepExpiredAnalyticsExports(deps);
    await sweepExpiredReferralExports(deps);
  },
};
