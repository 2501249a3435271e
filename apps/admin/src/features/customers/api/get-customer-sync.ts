import type { CustomerSync } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerKeys } from "../../../lib/query-keys";

/** `GET /apiSa/customers/sync/:id` (J-21): a re-sync's progress; polled until it ends. */
export async function getCustomerSync(id: string, signal?: AbortSignal) {
  return (await api.get<CustomerSync>(`/customers/sync/${encodeURIComponent(id)}`, signal)).data;
}

const UNDER_WAY: ReadonlySet<CustomerSync["status"]> = new Set(["queued", "waiting", "running"]);

export function useCustomerSync(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.sync(id ?? ""),
    queryFn: ({ signal }) => getCustomerSync(id as string, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // While it waits on a tier calculation (I-10) there is nothing to show sooner.
      if (status === "waiting") return 5_000;
      return status && UNDER_WAY.has(status) ? 1_000 : false;
    },
  });
}
