import type { ReviewConnectors, ReviewConnectorVendor } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";

/** `DELETE /apiSa/earn-events/connectors/:vendor`: the app's webhooks are refused from now on. */
export function deleteReviewConnector(vendor: ReviewConnectorVendor) {
  return api.delete<ReviewConnectors>(`/earn-events/connectors/${vendor}`);
}

export function useDisconnectReviewApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReviewConnector,
    onSuccess: (envelope) => client.setQueryData(earnEventKeys.connectors(), envelope.data),
  });
}
