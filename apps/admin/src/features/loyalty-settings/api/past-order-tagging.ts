import type { PastOrderTagging } from "@laurel/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { loyaltySettingsKeys } from "./keys";

/** M-02 "Tag past orders" (decision 0176): the latest run, polled while it is under way. */
const taggingKey = [...loyaltySettingsKeys.all, "tag-past-orders"] as const;
const UNDER_WAY: ReadonlySet<PastOrderTagging["status"]> = new Set(["queued", "running"]);

export function isTaggingUnderWay(run: PastOrderTagging | null | undefined): boolean {
  return Boolean(run && UNDER_WAY.has(run.status));
}

/** `GET /apiSa/lp/settings/tag-past-orders`: null before the first run. */
export function usePastOrderTagging() {
  return useQuery({
    queryKey: taggingKey,
    queryFn: async ({ signal }) =>
      (await api.get<PastOrderTagging | null>("/lp/settings/tag-past-orders", signal)).data,
    refetchInterval: (query) => (isTaggingUnderWay(query.state.data) ? 1_000 : false),
  });
}

/** `POST /apiSa/lp/settings/tag-past-orders`: starts a run with the saved tags (or answers the one under way). */
export function useStartPastOrderTagging() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<PastOrderTagging>("/lp/settings/tag-past-orders", {})).data,
    onSuccess: (run) => client.setQueryData(taggingKey, run),
  });
}
