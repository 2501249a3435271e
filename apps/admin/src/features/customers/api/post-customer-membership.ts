import type { CustomerSummary, MembershipBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/:id/membership` (J-05): exclude from the program, or join (back). */
export function postCustomerMembership(id: string, body: MembershipBody) {
  return api.post<CustomerSummary>(`/customers/${encodeURIComponent(id)}/membership`, body);
}
