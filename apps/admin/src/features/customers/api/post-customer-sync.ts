import type { CustomerSummary } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/:id/sync` (J-21): reads the customer from Shopify now into Laurel's copy. */
export function postCustomerSync(id: string) {
  return api.post<CustomerSummary>(`/customers/${encodeURIComponent(id)}/sync`);
}
