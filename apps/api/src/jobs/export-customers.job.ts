import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { runCustomerExport } from "../modules/customers/customers.export";
import * as refs from "./refs";

/** Issue 9 (J-15): a started customer export, written page by page; resumes at its cursor. */
export const exportCustomersJob: JobDefinition<{ shopId: string; exportId: string }, Deps> = {
  ...refs.exportCustomers,
  async handle(deps, { shopId, exportId }) {
    await runCustomerExport(deps, shopId, exportId);
  },
};
