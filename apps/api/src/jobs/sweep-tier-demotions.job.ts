import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { listShopsDueForTierSweep, sweepShopTiers } from "../modules/tiers/tier-sweep.service";
import * as refs from "./refs";

/**
 * I-06, I-26 (decision 0115): every hour, one job per shop whose tier sweep for its current store
 * day has not finished. Each store's day starts at its own midnight, so an hourly look sweeps it
 * within the hour of that midnight; a missed or interrupted sweep is picked up by the next look.
 */
export const sweepTierDemotionsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.sweepTierDemotions,
  schedule: "23 * * * *",
  async handle(deps) {
    for (const shopId of await listShopsDueForTierSweep(deps)) {
      await deps.queue.send(refs.sweepShopTiers, { shopId }, { singletonKey: shopId });
    }
    // B2B partner tiers (decision 0174): the same sweep over the B2B ladder, a job apart.
    for (const shopId of await listShopsDueForTierSweep(deps, "b2b")) {
      await deps.queue.send(
        refs.sweepShopTiers,
        { shopId, program: "b2b" },
        { singletonKey: `b2b:${shopId}` },
      );
    }
  },
};

/** The shop's sweep, page by page; a second job for the same shop finds the day's pages locked or done. */
export const sweepShopTiersJob: JobDefinition<{ shopId: string; program?: "vip" | "b2b" }, Deps> = {
  ...refs.sweepShopTiers,
  async handle(deps, { shopId, program }) {
    await sweepShopTiers(deps, shopId, undefined, program ?? "vip");
  },
};
