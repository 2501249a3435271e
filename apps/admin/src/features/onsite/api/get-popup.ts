import type { PopupKind, PopupResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/popups/:kind`: one storefront popup (N-08, N-09, G-23, L-13). */
export async function getPopup(kind: PopupKind, signal?: AbortSignal): Promise<PopupResponse> {
  return (await api.get<PopupResponse>(`/storefront/popups/${kind}`, signal)).data;
}

export function usePopup(kind: PopupKind) {
  return useQuery(
    queryOptions({ queryKey: onsiteKeys.popup(kind), queryFn: ({ signal }) => getPopup(kind, signal) }),
  );
}
