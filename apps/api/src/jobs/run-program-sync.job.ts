import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { failSyncRun, runSync } from "../modules/programs/program-syncs";
import { getShopOrThrow } from "../modules/shops/shops.service";
import * as refs from "./refs";

/** C-27, X-47 (decision 0165): a retroactive sync, with its progress. */
export const runProgramSyncJob: JobDefinition<{ shopId: string; syncId: string }, Deps> = {
  ...refs.runProgramSync,
  async handle(deps, { shopId, syncId }) {
    try {
      await runSync(deps, await getShopOrThrow(deps, shopId), syncId);
    } catch (error) {
      // The run says why; what it credited stays credited (each credit is keyed once), and a failed
      // past-order run does not hold the lock, so the merchant may start it again.
      await failSyncRun(deps, shopId, syncId, error instanceof Error ? error.message : String(error));
    }
  },
};
