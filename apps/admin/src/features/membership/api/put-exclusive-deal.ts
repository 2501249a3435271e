import type { ExclusiveDealBody, ExclusiveDealView, Ok } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { membershipKeys } from "./membership-keys";

/** `PUT /apiSa/membership/exclusive-deal`: 400 names the field; 403 below Advanced when switching on. */
export function putExclusiveDeal(body: ExclusiveDealBody): Promise<Ok<ExclusiveDealView>> {
  return api.put<ExclusiveDealView>("/membership/exclusive-deal", body);
}

export function usePutExclusiveDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putExclusiveDeal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
  });
}
