import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { failTierRun, runTierRecalculation } from "../modules/tiers/tiers.service";
import * as refs from "./refs";

/** Issue 10 (I-10): recalculates every member after a launch or relaunch; resumes at its cursor. */
export const recalculateTiersJob: JobDefinition<{ shopId: string; runId: string }, Deps> = {
  ...refs.recalculateTiers,
  async handle(deps, { shopId, runId }) {
    try {
      await runTierRecalculation(deps, shopId, runId);
    } catch (error) {
      // A failed run releases the program (a stuck lock would block every change); the merchant
      // sees the error on the run and relaunches.
      await failTierRun(deps, shopId, runId, error instanceof Error ? error.message : String(error));
    }
  },
};
