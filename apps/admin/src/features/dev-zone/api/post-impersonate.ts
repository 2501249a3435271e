import type { Ok, TokenResponse } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api/client";

/**
 * `POST /apiSa/dev_zone/impersonate {shopId}` (staff only, X-62): the server opens a session on that
 * shop for the staff user (marked 'Logged in') and switches this browser's session cookie to it.
 */
export function postImpersonate(shopId: string): Promise<Ok<TokenResponse>> {
  return api.post<TokenResponse>("/dev_zone/impersonate", { shopId });
}

export function usePostImpersonate() {
  return useMutation({ mutationFn: postImpersonate });
}
