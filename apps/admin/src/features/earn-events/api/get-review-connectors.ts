import type { ReviewConnectors } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";

/** `GET /apiSa/earn-events/connectors`: the review apps, their webhook URL and whether connected. */
export async function getReviewConnectors(signal?: AbortSignal) {
  return (await api.get<ReviewConnectors>("/earn-events/connectors", signal)).data;
}

export function useReviewConnectors() {
  return useQuery(
    queryOptions({
      queryKey: earnEventKeys.connectors(),
      queryFn: ({ signal }) => getReviewConnectors(signal),
    }),
  );
}
