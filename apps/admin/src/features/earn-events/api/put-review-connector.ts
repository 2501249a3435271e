import type { ReviewConnectors, ReviewConnectorVendor } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/earn-events/connectors/:vendor`: connect a review app with the secret it signs with. */
export function putReviewConnector(change: { vendor: ReviewConnectorVendor; secret: string }) {
  return api.put<ReviewConnectors>(`/earn-events/connectors/${change.vendor}`, { secret: change.secret });
}

export function useConnectReviewApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putReviewConnector,
    onSuccess: (envelope) => client.setQueryData(earnEventKeys.connectors(), envelope.data),
  });
}
