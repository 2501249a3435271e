import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { syncMemberTierTags } from "../modules/tiers/tier-tags.service";
import * as refs from "./refs";

/**
 * I-08: the platform tags of members whose tier moved. A throttled or failed platform call throws,
 * and pg-boss retries the job with back-off (the calls are idempotent, so a retry redoes the batch).
 */
export const syncTierTagsJob: JobDefinition<
  { shopId: string; customerIds: string[]; program?: "vip" | "b2b" },
  Deps
> = {
  ...refs.syncTierTags,
  async handle(deps, { shopId, customerIds, program }) {
    await syncMemberTierTags(deps, shopId, customerIds, program ?? "vip");
  },
};
