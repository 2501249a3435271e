import type { DevImportsListResponse } from "@laurel/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { customerImportKeys } from "../../../lib/query-keys";

/** `GET /apiSa/dev_zone/imports` (staff, J-12): every shop's imports, newest first. */
export async function getDevImports(cursor: string | undefined, signal?: AbortSignal) {
  const q = new URLSearchParams({ pageSize: "20" });
  if (cursor) q.set("cursor", cursor);
  return (await api.get<DevImportsListResponse>(`/dev_zone/imports?${q.toString()}`, signal)).data;
}

export function useDevImports(cursor: string | undefined) {
  return useQuery({
    queryKey: [...customerImportKeys.all, "dev", cursor ?? ""],
    queryFn: ({ signal }) => getDevImports(cursor, signal),
    placeholderData: keepPreviousData,
  });
}
