import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { issueGrantedTierCoupons } from "../modules/tiers/tier-coupons.service";
import * as refs from "./refs";

/**
 * Decision 0135: tier-up and pre-tier coupons granted in a transaction, made on the platform after
 * it. A coupon the platform refuses is recorded on its grant and the run fails, so pg-boss retries
 * it with backoff (decision 0173); after the last retry it stays for the merchant to retry.
 */
export const issueTierCouponsJob: JobDefinition<refs.IssueTierCouponsData, Deps> = {
  ...refs.issueTierCoupons,
  async handle(deps, { shopId, codes }) {
    await issueGrantedTierCoupons(deps, shopId, codes ?? null);
  },
};
