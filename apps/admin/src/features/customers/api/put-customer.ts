import type { CustomerSummary, UpdateCustomerBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `PUT /apiSa/customers/:id` (J-04): name, birthday (MM/DD), phone; null clears. */
export function putCustomer(id: string, body: UpdateCustomerBody) {
  return api.put<CustomerSummary>(`/customers/${encodeURIComponent(id)}`, body);
}
