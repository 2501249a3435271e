import type { BacktestBody, BacktestRun } from "@laurel/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

/** `POST /apiSa/lp/programs/backtests` (decision 0123): starts a backtest job, answers the run. */
export function useStartBacktest() {
  return useMutation({
    mutationFn: async (body: BacktestBody) =>
      (await api.post<BacktestRun>("/lp/programs/backtests", body)).data,
  });
}

const finished = (run: BacktestRun | undefined) => run?.status === "done" || run?.status === "failed";

/** `GET /apiSa/lp/programs/backtests/:id`, polled every half second until the run is finished. */
export function useBacktestRun(id: string | null) {
  return useQuery({
    queryKey: [...programKeys.all, "backtest-run", id ?? ""],
    queryFn: async ({ signal }) =>
      (await api.get<BacktestRun>(`/lp/programs/backtests/${encodeURIComponent(id ?? "")}`, signal)).data,
    enabled: id !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 500),
  });
}
