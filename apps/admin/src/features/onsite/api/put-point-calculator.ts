import type { Ok, PointCalculator, PointCalculatorResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/point-calculator`: the whole calculator ('Saved successfully'). */
export function putPointCalculator(calculator: PointCalculator): Promise<Ok<PointCalculatorResponse>> {
  return api.put<PointCalculatorResponse>("/storefront/point-calculator", calculator);
}

export function usePutPointCalculator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPointCalculator,
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.pointCalculator(), result.data),
  });
}
