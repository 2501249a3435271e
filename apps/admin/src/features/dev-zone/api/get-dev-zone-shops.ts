import type { StaffShop } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { devZoneKeys } from "../../../lib/query-keys";

/** `GET /apiSa/dev_zone/shops` (staff only, X-60): every shop. Non-staff get 403 `staff_only`. */
export async function getDevZoneShops(signal?: AbortSignal): Promise<StaffShop[]> {
  const envelope = await api.get<StaffShop[]>("/dev_zone/shops", signal);
  return envelope.data;
}

export function getDevZoneShopsQueryOptions() {
  return queryOptions({ queryKey: devZoneKeys.shops(), queryFn: ({ signal }) => getDevZoneShops(signal) });
}

export function useDevZoneShops() {
  return useQuery(getDevZoneShopsQueryOptions());
}
