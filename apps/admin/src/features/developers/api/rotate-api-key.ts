import type { ApiKeyView, CreatedApiKey } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { apiKeyKeys } from "./keys";

/** `POST /apiSa/developers/api-key/rotate`: the old key stops working; the new one is sent once. */
export async function rotateApiKey(): Promise<CreatedApiKey> {
  return (await api.post<CreatedApiKey>("/developers/api-key/rotate")).data;
}

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiKey,
    onSuccess: (created) =>
      queryClient.setQueryData<ApiKeyView>(apiKeyKeys.all, (old) =>
        old ? { ...old, key: created.key } : old,
      ),
  });
}
