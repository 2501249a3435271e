import type { SignupBlockResponse } from "@laurel/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";
import { onsiteKeys } from "../../../lib/query-keys";

/** `GET /apiSa/storefront/signup-block`: the sign-up block (N-02, N-21). */
export async function getSignupBlock(signal?: AbortSignal): Promise<SignupBlockResponse> {
  return (await api.get<SignupBlockResponse>("/storefront/signup-block", signal)).data;
}

export function useSignupBlock() {
  return useQuery(
    queryOptions({ queryKey: onsiteKeys.signupBlock(), queryFn: ({ signal }) => getSignupBlock(signal) }),
  );
}
