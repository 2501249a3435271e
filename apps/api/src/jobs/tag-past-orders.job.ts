import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { failPastOrderTagging, runPastOrderTagging } from "../modules/platform-tags/past-order-tagging";
import * as refs from "./refs";

/** M-02 (decision 0176): "Tag past orders" hands the earning orders to the tagging job, with progress. */
export const tagPastOrdersJob: JobDefinition<{ shopId: string; taggingId: string }, Deps> = {
  ...refs.tagPastOrders,
  async handle(deps, { shopId, taggingId }) {
    try {
      await runPastOrderTagging(deps, shopId, taggingId);
    } catch (error) {
      // Pages handed over stay handed over; the merchant may start again (tagging is idempotent).
      await failPastOrderTagging(
        deps,
        shopId,
        taggingId,
        error instanceof Error ? error.message : String(error),
      );
    }
  },
};
