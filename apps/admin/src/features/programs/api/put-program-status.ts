import type { ProgramStatusBody, ProgramSummary } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";
import type { ProgramListType } from "./get-programs";

/** `PUT /apiSa/lp/programs/:id/status` (C-06): the on/off toggle. */
function putProgramStatus(id: string, body: ProgramStatusBody) {
  return api.put<ProgramSummary>(`/lp/programs/${encodeURIComponent(id)}/status`, body);
}

interface Toggle {
  id: string;
  status: ProgramStatusBody["status"];
}

/**
 * C-06: the toggle shows its new state at once (optimistic), and the list goes back to what it
 * was when the server refuses; either way the list is then read again.
 */
export function useSetProgramStatus(type: ProgramListType) {
  const queryClient = useQueryClient();
  const key = programKeys.list(type);
  return useMutation({
    mutationFn: ({ id, status }: Toggle) => putProgramStatus(id, { status }),
    onMutate: async ({ id, status }: Toggle) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProgramSummary[]>(key);
      queryClient.setQueryData<ProgramSummary[]>(key, (list) =>
        list?.map((p) => (p.id === id ? { ...p, status } : p)),
      );
      return { previous };
    },
    onError: (_error, _toggle, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (envelope) => {
      queryClient.setQueryData<ProgramSummary[]>(key, (list) =>
        list?.map((p) => (p.id === envelope.data.id ? envelope.data : p)),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: programKeys.all });
    },
  });
}
