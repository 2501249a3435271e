import type { Ok, Popup, PopupKind, PopupResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/popups/:kind` ('Saved successfully'). */
export function putPopup(kind: PopupKind, popup: Popup): Promise<Ok<PopupResponse>> {
  return api.put<PopupResponse>(`/storefront/popups/${kind}`, popup);
}

export function usePutPopup(kind: PopupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (popup: Popup) => putPopup(kind, popup),
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.popup(kind), result.data),
  });
}
