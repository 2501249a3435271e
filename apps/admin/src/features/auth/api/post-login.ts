import type { LoginBody, Ok } from "@laurel/contracts";
import { useMutation } from "@tanstack/react-query";
import { authRequest } from "../../../lib/api/client";

export interface LoginAnswer {
  redirectTo: string;
}

/**
 * `POST /auth/login` (standalone sign-in): sets the session cookie. Fails with 400 and
 * `errors[]` for bad fields, 401 `invalid_credentials`, 429 `too_many_attempts`.
 */
export function postLogin(body: LoginBody): Promise<Ok<LoginAnswer>> {
  return authRequest<LoginAnswer>("POST", "/auth/login", body);
}

export function usePostLogin() {
  return useMutation({ mutationFn: postLogin });
}
