import type { CustomerListSort, CustomerListTab, CustomersListResponse } from "@laurel/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

export interface CustomerListParams {
  tab: CustomerListTab;
  sort: CustomerListSort;
  search?: string | undefined;
  cursor?: string | undefined;
}

/** `GET /apiSa/customers` (J-03): one keyset page of a tab, sorted, searched. */
export async function getCustomers(params: CustomerListParams, signal?: AbortSignal) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const envelope = await api.get<CustomersListResponse>(`/customers?${search.toString()}`, signal);
  return envelope.data;
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(
    queryOptions({
      queryKey: customerKeys.list({ ...params }),
      queryFn: ({ signal }) => getCustomers(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
