import type { CustomerImport } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/imports/:id/start` (J-12): the checked import runs in the background. */
export function postStartImport(id: string) {
  return api.post<CustomerImport>(`/customers/imports/${encodeURIComponent(id)}/start`);
}
