import type { Deps } from "../infra/deps";
import type { JobDefinition } from "../infra/queue";
import { failBacktestRun, runBacktest } from "../modules/programs/program-backtest";
import { getShopOrThrow } from "../modules/shops/shops.service";
import * as refs from "./refs";

/** Issue 14 (decision 0123): a backtest over the shop's stored orders, with its progress. */
export const runProgramBacktestJob: JobDefinition<{ shopId: string; backtestId: string }, Deps> = {
  ...refs.runProgramBacktest,
  async handle(deps, { shopId, backtestId }) {
    try {
      await runBacktest(deps, await getShopOrThrow(deps, shopId), backtestId);
    } catch (error) {
      // The run says why (the merchant sees it and starts another) rather than retrying a program
      // that no longer validates or a shop that left.
      await failBacktestRun(deps, shopId, backtestId, error instanceof Error ? error.message : String(error));
    }
  },
};
