import type { PointCalculatorResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/point-calculator`: the calculator (N-20, M-22) and the order programs. */
export async function getPointCalculator(signal?: AbortSignal): Promise<PointCalculatorResponse> {
  return (await api.get<PointCalculatorResponse>("/storefront/point-calculator", signal)).data;
}

export function usePointCalculator() {
  return useQuery(
    queryOptions({
      queryKey: onsiteKeys.pointCalculator(),
      queryFn: ({ signal }) => getPointCalculator(signal),
    }),
  );
}
