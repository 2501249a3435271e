import type { Ok, SignupBlock, SignupBlockResponse } from "@laurel/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `PUT /apiSa/storefront/signup-block` ('Saved successfully'). */
export function putSignupBlock(block: SignupBlock): Promise<Ok<SignupBlockResponse>> {
  return api.put<SignupBlockResponse>("/storefront/signup-block", block);
}

export function usePutSignupBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSignupBlock,
    onSuccess: (result) => queryClient.setQueryData(onsiteKeys.signupBlock(), result.data),
  });
}
