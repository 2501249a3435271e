import type { CustomerProfile } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

/** `GET /apiSa/customers/:id/profile` (J-04): the customer, lifetime points, orders, AOV. */
export async function getCustomerProfile(id: string, signal?: AbortSignal): Promise<CustomerProfile> {
  return (await api.get<CustomerProfile>(`/customers/${encodeURIComponent(id)}/profile`, signal)).data;
}

export function useCustomerProfile(id: string) {
  return useQuery({
    queryKey: customerKeys.profile(id),
    queryFn: ({ signal }) => getCustomerProfile(id, signal),
  });
}
