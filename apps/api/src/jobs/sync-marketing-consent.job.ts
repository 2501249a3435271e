import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { syncMarketingConsent } from "../modules/mail/mail.service";
import * as refs from "./refs";

/**
 * Issue 11 (decision 0130): tells the platform that a shopper unsubscribed from a Laurel e-mail. A
 * throttled or failed platform call throws and pg-boss retries with back-off; the call is idempotent.
 */
export const syncMarketingConsentJob: JobDefinition<{ shopId: string; customerId: string }, Deps> = {
  ...refs.syncMarketingConsent,
  async handle(deps, { shopId, customerId }) {
    await syncMarketingConsent(deps, shopId, customerId);
  },
};
