import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { expireShopPoints, listShopsDueForPointExpiry } from "../modules/point-expiry/point-expiry.service";
import * as refs from "./refs";

/**
 * H-08: every hour, one job per shop with points due to expire. Points expire at each store's own
 * midnight, so an hourly sweep takes them within the hour; a missed run is caught up by the next.
 */
export const expirePointsAllShopsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.expirePointsAllShops,
  schedule: "7 * * * *",
  async handle(deps) {
    for (const shopId of await listShopsDueForPointExpiry(deps)) {
      await deps.queue.send(refs.expireShopPoints, { shopId }, { singletonKey: shopId });
    }
  },
};

/** One bounded batch of one shop, then the next batch as its own job: a big shop never runs long. */
export const expireShopPointsJob: JobDefinition<refs.ExpireShopPointsData, Deps> = {
  ...refs.expireShopPoints,
  async handle(deps, { shopId, after, cutoff }) {
    const { next } = await expireShopPoints(deps, shopId, { after, cutoff });
    if (next) {
      await deps.queue.send(
        refs.expireShopPoints,
        { shopId, ...next },
        { singletonKey: `${shopId}:${next.after}` },
      );
    }
  },
};
