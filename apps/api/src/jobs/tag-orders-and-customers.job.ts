import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { applyPlatformTags } from "../modules/platform-tags/platform-tags.service";
import * as refs from "./refs";

/** M-02 (decision 0176): the General settings' order and customer tags, added on the platform. */
export const tagOrdersAndCustomersJob: JobDefinition<refs.TagOrdersAndCustomersData, Deps> = {
  ...refs.tagOrdersAndCustomers,
  async handle(deps, data) {
    await applyPlatformTags(deps, data);
  },
};
