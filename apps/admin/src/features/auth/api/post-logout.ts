import type { Ok } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { authRequest } from "../../../lib/api/client";

/** `POST /auth/logout`: ends the cookie session (its tokens stop working at once). */
export function postLogout(): Promise<Ok<{ redirectTo: string }>> {
  return authRequest<{ redirectTo: string }>("POST", "/auth/logout");
}

export function usePostLogout() {
  return useMutation({ mutationFn: postLogout });
}
