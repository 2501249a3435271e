import type { Ok, PlanId } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { devZoneKeys } from "../../../lib/query-keys";

/**
 * `PUT /apiSa/dev_zone/shops/:shopId` with `plan` (staff only, audited): a plan granted by Laurel
 * support, e.g. Advanced for the demo shop to try B2B partner tiers (decision 0174).
 */
export function putStaffShopPlan(shopId: string, plan: PlanId): Promise<Ok<unknown>> {
  return api.put<unknown>(`/dev_zone/shops/${encodeURIComponent(shopId)}`, { plan });
}

export function usePutStaffShopPlan(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) => putStaffShopPlan(shopId, plan),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devZoneKeys.shops() }),
  });
}
