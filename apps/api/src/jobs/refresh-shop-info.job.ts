import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { refreshShopInfo } from "../modules/shops/shops.service";
import * as refs from "./refs";

/** Re-reads the shop's facts and theme support from the platform (calls out, so it is a job). */
export const refreshShopInfoJob: JobDefinition<{ shopId: string }, Deps> = {
  ...refs.refreshShopInfo,
  async handle(deps, { shopId }) {
    await refreshShopInfo(deps, shopId);
  },
};
