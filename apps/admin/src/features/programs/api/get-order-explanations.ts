import type { OrderExplanation } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

/** `GET /apiSa/lp/programs/explain?q=` (issue 14): why each matching order earned, or didn't. */
async function getOrderExplanations(q: string, signal?: AbortSignal): Promise<OrderExplanation[]> {
  return (await api.get<OrderExplanation[]>(`/lp/programs/explain?q=${encodeURIComponent(q)}`, signal)).data;
}

export function useOrderExplanations(q: string) {
  return useQuery(
    queryOptions({
      queryKey: programKeys.explain(q),
      queryFn: ({ signal }) => getOrderExplanations(q, signal),
      enabled: q.trim() !== "",
    }),
  );
}
