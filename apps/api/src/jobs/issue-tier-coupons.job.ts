import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { issueGrantedTierCoupons } from "../modules/tiers/tier-coupons.service";
import * as refs from "./refs";

/** Decision 0135: tier-up and pre-tier coupons granted in a transaction, made on the platform after it. */
export const issueTierCouponsJob: JobDefinition<{ shopId: string }, Deps> = {
  ...refs.issueTierCoupons,
  async handle(deps, { shopId }) {
    await issueGrantedTierCoupons(deps, shopId);
  },
};
