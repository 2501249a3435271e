import type { PutProgramNamesBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/lp/programs` (S-14): program names and their translations, only the rows changed. */
export function usePutProgramNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutProgramNamesBody) => api.put<null>("/lp/programs", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.all }),
  });
}
