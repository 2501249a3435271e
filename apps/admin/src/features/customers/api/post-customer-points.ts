import type { AdjustPointsBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/customers/:id/points` (H-14, J-17): a manual adjustment; negative subtracts. */
export function postCustomerPoints(id: string, body: AdjustPointsBody) {
  return api.post<unknown>(`/customers/${encodeURIComponent(id)}/points`, body);
}
