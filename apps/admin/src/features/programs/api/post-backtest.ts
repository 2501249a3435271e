import type { BacktestBody, BacktestResultResponse } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/lp/programs/backtest` (issue 14): reads orders, never writes. */
export function useBacktest() {
  return useMutation({
    mutationFn: async (body: BacktestBody) =>
      (await api.post<BacktestResultResponse>("/lp/programs/backtest", body)).data,
  });
}
