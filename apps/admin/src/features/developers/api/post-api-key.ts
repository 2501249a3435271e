import type { ApiKeyView, CreatedApiKey } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { apiKeyKeys } from "./keys";

/** `POST /apiSa/developers/api-key`: a new key; its answer is the only time the key is sent. */
export async function postApiKey(): Promise<CreatedApiKey> {
  return (await api.post<CreatedApiKey>("/developers/api-key")).data;
}

/** The list shows the new key's prefix; the key itself stays in the caller's state only. */
export function usePostApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postApiKey,
    onSuccess: (created) =>
      queryClient.setQueryData<ApiKeyView>(apiKeyKeys.all, (old) =>
        old ? { ...old, key: created.key } : old,
      ),
  });
}
