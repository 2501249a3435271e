import type { ApiKeyView } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { apiKeyKeys } from "./keys";

/** `DELETE /apiSa/developers/api-key`: the key stops working at once. */
export async function deleteApiKey(): Promise<null> {
  return (await api.delete<null>("/developers/api-key")).data;
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () =>
      queryClient.setQueryData<ApiKeyView>(apiKeyKeys.all, (old) => (old ? { ...old, key: null } : old)),
  });
}
