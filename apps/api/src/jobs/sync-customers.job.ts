import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { runCustomerSync } from "../modules/customers/customers.sync";
import * as refs from "./refs";

/**
 * J-21: a started customer re-sync, applied page by page; resumes at its cursor. While a VIP tier
 * launch runs (I-10) it schedules itself again a little later instead of writing.
 */
export const syncCustomersJob: JobDefinition<{ shopId: string; syncId: string }, Deps> = {
  ...refs.syncCustomers,
  async handle(deps, { shopId, syncId }) {
    await runCustomerSync(deps, shopId, syncId);
  },
};
