import type { BulkCustomersBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/bulk` (J-03): adjust points, exclude or join the selected customers. */
export function postCustomersBulk(body: BulkCustomersBody) {
  return api.post<{ changed: number; missing: string[] }>("/customers/bulk", body);
}
