import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { convertDuePendingPoints } from "../modules/orders/orders.service";
import * as refs from "./refs";

/** H-09: every ten minutes, pending points past their holding period become available (once each). */
export const convertPendingPointsJob: JobDefinition<Record<string, never>, Deps> = {
  ...refs.convertPendingPoints,
  schedule: "*/10 * * * *",
  async handle(deps) {
    // Work in batches until nothing is due, so a backlog clears in one run.
    while ((await convertDuePendingPoints(deps)) > 0) {}
  },
};
