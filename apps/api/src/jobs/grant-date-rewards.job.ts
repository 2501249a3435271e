import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { grantShopDateRewards, listShopsDueForDateRewards } from "../modules/earn-dates/earn-dates.service";
import * as refs from "./refs";

/**
 * G-02, G-26 (decision 0095): every hour, one job per shop with a birthday or anniversary program.
 * Each shop's "today" is its own time zone's date, so an hourly sweep reaches every shop within an
 * hour of its midnight; a missed run is caught up by the next (and up to two days late by the rule).
 * Exactly once per period comes from the ledger keys, not from the schedule.
 */
export const grantDateRewardsAllShopsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.grantDateRewardsAllShops,
  schedule: "17 * * * *",
  async handle(deps) {
    for (const shopId of await listShopsDueForDateRewards(deps)) {
      await deps.queue.send(refs.grantShopDateRewards, { shopId }, { singletonKey: shopId });
    }
  },
};

/** One bounded batch of one shop, then the next batch as its own job. */
export const grantShopDateRewardsJob: JobDefinition<{ shopId: string; after?: string | undefined }, Deps> = {
  ...refs.grantShopDateRewards,
  async handle(deps, { shopId, after }) {
    const { next } = await grantShopDateRewards(deps, shopId, after ?? null);
    if (next) {
      await deps.queue.send(
        refs.grantShopDateRewards,
        { shopId, ...next },
        { singletonKey: `${shopId}:${next.after}` },
      );
    }
  },
};
