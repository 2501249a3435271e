import type { CustomerChild, PutCustomerChildrenBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `PUT /apiSa/customers/:id/children` (J-02, J-04): the whole list of children, replaced. */
export function putCustomerChildren(id: string, body: PutCustomerChildrenBody) {
  return api.put<{ children: CustomerChild[] }>(`/customers/${encodeURIComponent(id)}/children`, body);
}
