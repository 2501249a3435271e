import type { CustomerLoginResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/customer-login`: the customer login block (N-02). */
export async function getCustomerLogin(signal?: AbortSignal): Promise<CustomerLoginResponse> {
  return (await api.get<CustomerLoginResponse>("/storefront/customer-login", signal)).data;
}

export function useCustomerLogin() {
  return useQuery(
    queryOptions({
      queryKey: onsiteKeys.customerLogin(),
      queryFn: ({ signal }) => getCustomerLogin(signal),
    }),
  );
}
