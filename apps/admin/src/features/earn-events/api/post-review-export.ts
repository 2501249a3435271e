import type { ReviewExport } from "@laurel/contracts";
import { api } from "../../../lib/api/client";
import type { QueueKind } from "./get-earn-events";

/**
 * `POST /apiSa/earn-events/reviews/exports` (G-14) or `/google-reviews/exports` (G-16): the list's
 * status tab exported by a background job; none exports every status.
 */
export function postReviewExport(kind: QueueKind, status: string) {
  return api.post<ReviewExport>(`/earn-events/${kind}/exports`, status ? { status } : {});
}
