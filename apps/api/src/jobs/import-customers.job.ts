import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { runImport } from "../modules/customer-imports/customer-imports.service";
import * as refs from "./refs";

/** Issue 9 (J-12): a started customer import, applied batch by batch; resumes at its cursor. */
export const importCustomersJob: JobDefinition<{ shopId: string; importId: string }, Deps> = {
  ...refs.importCustomers,
  async handle(deps, { shopId, importId }) {
    await runImport(deps, shopId, importId);
  },
};
