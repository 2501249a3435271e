import type { ActivityExport, StartActivityExportBody } from "@laurel/contracts";
import { api } from "../../../lib/api/client";

/** `POST /apiSa/activities/exports` (K-05): the activity list's filters exported by a background job. */
export function postActivityExport(body: StartActivityExportBody) {
  return api.post<ActivityExport>("/activities/exports", body);
}
