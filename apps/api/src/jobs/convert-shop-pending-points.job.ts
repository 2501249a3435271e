import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { convertPendingPointsWhileOff } from "../modules/settings/settings.service";
import * as refs from "./refs";

/** H-10: the shop turned pending points off; its pending points convert, batch by batch, once each. */
export const convertShopPendingPointsJob: JobDefinition<{ shopId: string }, Deps> = {
  ...refs.convertShopPendingPoints,
  async handle(deps, { shopId }) {
    await convertPendingPointsWhileOff(deps, shopId);
  },
};
