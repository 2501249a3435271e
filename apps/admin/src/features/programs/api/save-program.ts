import type { CreateProgramBody, ProgramSummary, UpdateProgramBody } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { programKeys } from "../../../lib/query-keys";
import type { ProgramListType } from "./get-programs";

/** `POST /apiSa/lp/programs/earning|spending`. */
function postProgram(type: ProgramListType, body: CreateProgramBody) {
  return api.post<ProgramSummary>(`/lp/programs/${type}`, body);
}

/** `PUT /apiSa/lp/programs/:id`. */
function putProgram(id: string, body: UpdateProgramBody) {
  return api.put<ProgramSummary>(`/lp/programs/${encodeURIComponent(id)}`, body);
}

export type SaveProgram =
  | { mode: "create"; type: ProgramListType; body: CreateProgramBody }
  | { mode: "update"; id: string; body: UpdateProgramBody };

/** Creates or updates a program; the lists and the catalogue are read again afterwards. */
export function useSaveProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveProgram) =>
      save.mode === "create" ? postProgram(save.type, save.body) : putProgram(save.id, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.all }),
  });
}
