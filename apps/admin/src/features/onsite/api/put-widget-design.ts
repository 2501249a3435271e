import type { Ok, WidgetDesign, WidgetDesignResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/widget-design`: the whole design ('Saved successfully'). */
export function putWidgetDesign(body: WidgetDesign): Promise<Ok<WidgetDesignResponse>> {
  return api.put<WidgetDesignResponse>("/storefront/widget-design", body);
}

export function usePutWidgetDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putWidgetDesign,
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.design(), result.data),
  });
}
