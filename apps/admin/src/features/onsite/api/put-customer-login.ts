import type { CustomerLogin, CustomerLoginResponse, Ok } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/customer-login` ('Saved successfully'). */
export function putCustomerLogin(block: CustomerLogin): Promise<Ok<CustomerLoginResponse>> {
  return api.put<CustomerLoginResponse>("/storefront/customer-login", block);
}

export function usePutCustomerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCustomerLogin,
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.customerLogin(), result.data),
  });
}
