import type { CustomerExport, StartCustomerExportBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/exports` (J-15): the tab (and search) exported by a background job. */
export function postCustomerExport(body: StartCustomerExportBody) {
  return api.post<CustomerExport>("/customers/exports", body);
}
