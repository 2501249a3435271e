import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { earnEventKeys } from "../../../lib/query-keys";

export interface InboundKey {
  endpoint: string;
  shopDomain: string;
  secret: string;
  replayWindowSeconds: number;
}

/** `GET /apiSa/earn-events/inbound`: where review apps send reviews, and the signing secret. */
export async function getInboundKey(signal?: AbortSignal) {
  return (await api.get<InboundKey>("/earn-events/inbound", signal)).data;
}

export function useInboundKey() {
  return useQuery(
    queryOptions({ queryKey: earnEventKeys.inbound(), queryFn: ({ signal }) => getInboundKey(signal) }),
  );
}
