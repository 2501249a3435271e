import type { customerExportStatuses } from "@laurel/contracts";
import { useQuery } from "@tanstack/react-query";

/** The progress fields the export jobs report (customers J-15, activities K-05, reviews G-14/G-16). */
export interface ExportJobProgress {
  status: (typeof customerExportStatuses)[number];
  totalRows: number;
  doneRows: number;
}

/**
 * An export job's progress, polled every second while it is queued or running: shared by the
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
