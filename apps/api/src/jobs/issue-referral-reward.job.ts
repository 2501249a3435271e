import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { issueReferrerDiscount } from "../modules/referrals/referrals.service";
import * as refs from "./refs";

/** Issue 18: the referrer's discount code for a completed referral, once (outbox from the order effect). */
export const issueReferralRewardJob: JobDefinition<{ shopId: string; referralId: string }, Deps> = {
  ...refs.issueReferralReward,
  async handle(deps, { shopId, referralId }) {
    await issueReferrerDiscount(deps, shopId, referralId);
  },
};
