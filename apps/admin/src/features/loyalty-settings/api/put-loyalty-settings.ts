import type { Ok, PutLoyaltySettingsBody, PutLoyaltySettingsResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { loyaltySettingsKeys } from "./keys";

/** `PUT /apiSa/lp/settings`: the changed sections, each whole ('Save successfully'). */
export function putLoyaltySettings(body: PutLoyaltySettingsBody): Promise<Ok<PutLoyaltySettingsResponse>> {
  return api.put<PutLoyaltySettingsResponse>("/lp/settings", body);
}

export function usePutLoyaltySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putLoyaltySettings,
    onSuccess: (result) => queryClient.setQueryData(loyaltySettingsKeys.all, result.data.settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loyaltySettingsKeys.all }),
  });
}
