import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { reconcileShopOrders } from "../modules/orders/orders.service";
import { listInstalledShopIds } from "../modules/shops/shops.service";
import * as refs from "./refs";

/** Every hour, one job per installed shop: a slow or failing shop retries alone. */
export const reconcileAllShopsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.reconcileAllShops,
  schedule: "17 * * * *",
  async handle(deps) {
    for (const shopId of await listInstalledShopIds(deps)) {
      await deps.queue.send(refs.reconcileShopOrders, { shopId }, { singletonKey: shopId });
    }
  },
};

/** Credits, exactly once, any recent order whose webhook never arrived. */
export const reconcileShopOrdersJob: JobDefinition<{ shopId: string }, Deps> = {
  ...refs.reconcileShopOrders,
  async handle(deps, { shopId }) {
    await reconcileShopOrders(deps, shopId);
  },
};
