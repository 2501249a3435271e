import type { PriorOrderSyncState, ProgramSyncRun, StartProgramSyncBody } from "@laurel/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

const priorOrderStateKey = [...programKeys.all, "sync", "prior-order"] as const;

/** `POST /apiSa/lp/programs/syncs` (C-27, decision 0165): starts a sync job, answers the run. */
export function useStartProgramSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StartProgramSyncBody) =>
      (await api.post<ProgramSyncRun>("/lp/programs/syncs", body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: priorOrderStateKey }),
  });
}

export const syncFinished = (run: ProgramSyncRun | null | undefined) =>
  run?.status === "done" || run?.status === "failed";

/** `GET /apiSa/lp/programs/syncs/:id`, polled every half second until the run is finished. */
export function useProgramSyncRun(id: string | null) {
  return useQuery({
    queryKey: [...programKeys.all, "sync-run", id ?? ""],
    queryFn: async ({ signal }) =>
      (await api.get<ProgramSyncRun>(`/lp/programs/syncs/${encodeURIComponent(id ?? "")}`, signal)).data,
    enabled: id !== null,
    refetchInterval: (query) => (syncFinished(query.state.data) ? false : 500),
  });
}

/** `GET /apiSa/lp/programs/syncs/prior-order`: the lock, the days allowed, the newest run (polled while it runs). */
export function usePriorOrderSyncState() {
  return useQuery({
    queryKey: priorOrderStateKey,
    queryFn: async ({ signal }) =>
      (await api.get<PriorOrderSyncState>("/lp/programs/syncs/prior-order", signal)).data,
    refetchInterval: (query) => {
      const run = query.state.data?.run;
      return run && !syncFinished(run) ? 500 : false;
    },
  });
}
