import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { runReviewExport } from "../modules/earn-events/review-export";
import * as refs from "./refs";

/** G-14, G-16: a started review or Google review export, written page by page; resumes at its cursor. */
export const exportReviewsJob: JobDefinition<{ shopId: string; exportId: string }, Deps> = {
  ...refs.exportReviews,
  async handle(deps, { shopId, exportId }) {
    await runReviewExport(deps, shopId, exportId);
  },
};
