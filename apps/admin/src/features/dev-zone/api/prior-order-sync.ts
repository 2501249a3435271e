import type { PriorOrderSyncState, UnlockPriorOrderSyncBody } from "@laurel/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { devZoneKeys } from "../../../lib/query-keys";

const path = (shopId: string) => `/dev_zone/shops/${encodeURIComponent(shopId)}/prior-order-sync`;

/** `GET /apiSa/dev_zone/shops/:shopId/prior-order-sync` (staff only): the once-only lock and the newest run. */
export function getPriorOrderSyncQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: devZoneKeys.priorOrderSync(shopId),
    queryFn: async ({ signal }) => (await api.get<PriorOrderSyncState>(path(shopId), signal)).data,
  });
}

export function usePriorOrderSync(shopId: string) {
  return useQuery({ ...getPriorOrderSyncQueryOptions(shopId), enabled: shopId !== "" });
}

/** `POST …/prior-order-sync/unlock` (decision 0172): one more run allowed; audit-logged with the reason. */
export function useUnlockPriorOrderSync(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnlockPriorOrderSyncBody) =>
      api.post<PriorOrderSyncState>(`${path(shopId)}/unlock`, body),
    onSuccess: (answer) => queryClient.setQueryData(devZoneKeys.priorOrderSync(shopId), answer.data),
  });
}
