import type { FieldError } from "@laurel/contracts";

/** Codes the client itself produces when there is no server answer to read. */

/** A failed call: the server's envelope (`error`, `code`, `errors`) or a client-side failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's user-facing `error` text; absent when the failure happened before an answer. */
  readonly serverError: string | undefined;
  readonly errors: FieldError[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    serverError?: string;
    errors?: FieldError[];
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.serverError = init.serverError;
    this.errors = init.errors ?? [];
  }
}

/** There is no signed-in user (`GET /auth/token` answered 401, or the API refused every token). */
export class NotSignedInError extends Error {
  constructor(message = "Not signed in") {
    super(message);
    this.name = "NotSignedInError";
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** every /apiSa call of a blocked shop answers 403 `shop_blocked`. */
export function isShopBlocked(error: unknown): boolean {
  return isApiError(error, "shop_blocked");
}

export function isNotSignedIn(error: unknown): boolean {
  return error instanceof NotSignedInError;
}
