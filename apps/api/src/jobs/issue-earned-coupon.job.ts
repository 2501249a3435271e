import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { issueEarnedCoupon } from "../modules/earned-coupons/earned-coupons.service";
import * as refs from "./refs";

/** Issue 15: a birthday or milestone coupon, created on the platform and e-mailed once (decision 0155). */
export const issueEarnedCouponJob: JobDefinition<{ shopId: string; couponId: string }, Deps> = {
  ...refs.issueEarnedCoupon,
  async handle(deps, { shopId, couponId }) {
    await issueEarnedCoupon(deps, shopId, couponId);
  },
};
