import type { EarnEvent } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";
import type { QueueKind } from "./get-earn-events";

/** `PUT /apiSa/earn-events/reviews/:id` (approve, disapprove) or `/google-reviews/:id` (approve, reject). */
export function putEarnEventStatus(change: { kind: QueueKind; id: string; status: string }) {
  return api.put<EarnEvent>(`/earn-events/${change.kind}/${encodeURIComponent(change.id)}`, {
    status: change.status,
  });
}

export function useSetEarnEventStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putEarnEventStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: earnEventKeys.all }),
  });
}
