import type { WidgetDesignResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/widget-design`: the design, what the plans allow, the storefront's texts. */
export async function getWidgetDesign(signal?: AbortSignal): Promise<WidgetDesignResponse> {
  return (await api.get<WidgetDesignResponse>("/storefront/widget-design", signal)).data;
}

export function useWidgetDesign() {
  return useQuery(
    queryOptions({ queryKey: onsiteKeys.design(), queryFn: ({ signal }) => getWidgetDesign(signal) }),
  );
}
