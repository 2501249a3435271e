import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { buildReferralExport } from "../modules/referrals/referral-pages.service";
import { issueReferrerDiscount, revokeReferrerDiscount } from "../modules/referrals/referrals.service";
import * as refs from "./refs";

/** Issue 18: the referrer's discount code for a completed referral, once (outbox from the order effect). */
export const issueReferralRewardJob: JobDefinition<{ shopId: string; referralId: string }, Deps> = {
  ...refs.issueReferralReward,
  async handle(deps, { shopId, referralId }) {
    await issueReferrerDiscount(deps, shopId, referralId);
  },
};

/** Issue 18: a referral canceled after completion takes its referrer discount back, once. */
export const revokeReferralRewardJob: JobDefinition<{ shopId: string; referralId: string }, Deps> = {
  ...refs.revokeReferralReward,
  async handle(deps, { shopId, referralId }) {
    await revokeReferrerDiscount(deps, shopId, referralId);
  },
};

/** E-12: the referral export e-mailed as a signed link (decision 0126). */
export const exportReferralsJob: JobDefinition<{ shopId: string; exportId: string }, Deps> = {
  ...refs.exportReferrals,
  async handle(deps, { shopId, exportId }) {
    await buildReferralExport(deps, shopId, exportId);
  },
};
