import type { CustomerSync, StartCustomerSyncBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/sync` (J-21): re-syncs every customer with Shopify as a background job. */
export function postCustomersResync(body: StartCustomerSyncBody = {}) {
  return api.post<CustomerSync>("/customers/sync", body);
}
