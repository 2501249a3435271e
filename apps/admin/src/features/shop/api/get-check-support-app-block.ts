import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { shopKeys } from "../../../lib/query-keys";

/** The `data` of the answer (contracts' `checkSupportAppBlockResponse`, which exports no type). */
export interface CheckSupportAppBlock {
  isThemeOS2: boolean;
}

/** `GET /apiSa/shopify/checkSupportAppBlock`: does the live theme support app blocks? */
export async function getCheckSupportAppBlock(signal?: AbortSignal): Promise<CheckSupportAppBlock> {
  const envelope = await api.get<CheckSupportAppBlock>("/shopify/checkSupportAppBlock", signal);
  return envelope.data;
}

export function getCheckSupportAppBlockQueryOptions() {
  return queryOptions({
    queryKey: shopKeys.appBlockSupport(),
    queryFn: ({ signal }) => getCheckSupportAppBlock(signal),
    // Informational: the app starts without it rather than waiting on retries.
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useCheckSupportAppBlock(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCheckSupportAppBlockQueryOptions(), enabled: options.enabled ?? true });
}
