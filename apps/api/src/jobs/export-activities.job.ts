import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { runActivityExport } from "../modules/customers/activity-export";
import * as refs from "./refs";

/** Issue 9 (K-05): a started point activity export, written page by page; resumes at its cursor. */
export const exportActivitiesJob: JobDefinition<{ shopId: string; exportId: string }, Deps> = {
  ...refs.exportActivities,
  async handle(deps, { shopId, exportId }) {
    await runActivityExport(deps, shopId, exportId);
  },
};
