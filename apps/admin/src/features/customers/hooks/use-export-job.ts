import type { customerExportStatuses } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";

/** The progress fields both export jobs report (customer export J-15, activity export K-05). */
export interface ExportJobProgress {
  status: (typeof customerExportStatuses)[number];
  totalRows: number;
  doneRows: number;
}

/**
 * An export job's progress, polled every second while it is queued or running: shared by both
 * export jobs' hooks so their banners refresh alike.
 */
export function useExportJob<T extends ExportJobProgress>(
  queryKey: readonly unknown[],
  id: string | undefined,
  get: (id: string, signal?: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => get(id as string, signal),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data?.status === "queued" || query.state.data?.status === "running" ? 1_000 : false,
  });
}
