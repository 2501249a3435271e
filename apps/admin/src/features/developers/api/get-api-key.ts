import type { ApiKeyView } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { apiKeyKeys } from "./keys";

/** `GET /apiSa/developers/api-key`: the live key's prefix and dates, never the key. */
export async function getApiKey(signal?: AbortSignal): Promise<ApiKeyView> {
  return (await api.get<ApiKeyView>("/developers/api-key", signal)).data;
}

export const apiKeyQuery = () =>
  queryOptions({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => getApiKey(signal) });

export function useApiKey() {
  return useQuery(apiKeyQuery());
}
