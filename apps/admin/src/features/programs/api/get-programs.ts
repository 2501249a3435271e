import type { ProgramSummary } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

export type ProgramListType = "earning" | "spending";

/** `GET /apiSa/lp/programs/earning|spending` (C-05): the shop's programs of one type, by priority. */
async function getPrograms(type: ProgramListType, signal?: AbortSignal): Promise<ProgramSummary[]> {
  return (await api.get<ProgramSummary[]>(`/lp/programs/${type}`, signal)).data;
}

function getProgramsQueryOptions(type: ProgramListType) {
  return queryOptions({
    queryKey: programKeys.list(type),
    queryFn: ({ signal }) => getPrograms(type, signal),
  });
}

export function usePrograms(type: ProgramListType) {
  return useQuery(getProgramsQueryOptions(type));
}
