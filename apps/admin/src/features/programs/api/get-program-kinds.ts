import type { ProgramKind } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

/** `GET /apiSa/lp/programs/kinds` (C-07, C-08): what "Add program" offers, with plan gates. */
async function getProgramKinds(signal?: AbortSignal): Promise<ProgramKind[]> {
  return (await api.get<ProgramKind[]>("/lp/programs/kinds", signal)).data;
}

export function useProgramKinds(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: programKeys.kinds(),
      queryFn: ({ signal }) => getProgramKinds(signal),
      enabled,
    }),
  );
}
