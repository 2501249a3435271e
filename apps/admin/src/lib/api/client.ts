import type { Envelope, Ok } from "@laurel/contracts";
import { AUTH_HEADER } from "@laurel/contracts";
import { tokenSource } from "../auth/token-source";
import { NotSignedInError } from "./errors";
import { type HttpRequest, type HttpResult, sendJson, toApiError } from "./http";
import { sessionState } from "./session-state";

/** Spec 000 §7: the authenticated admin API. */
export const API_BASE = "/apiSa";

type Method = HttpRequest["method"];

/** 401 codes that mean "this token is stale": fetch a new one once and retry (decision 0006). */
const RETRYABLE_TOKEN_CODES = new Set(["token_expired", "token_invalid"]);

function codeOf(result: HttpResult): string | undefined {
  return result.envelope && result.envelope.success === false ? result.envelope.code : undefined;
}

async function getToken(): Promise<string> {
  try {
    return await tokenSource().getToken();
  } catch (error) {
    if (error instanceof NotSignedInError) sessionState.markSignedOut();
    throw error;
  }
}

/**
 * One call to `/apiSa{path}` with the admin token. Resolves with the success envelope (so callers
 * see the server's `message`), rejects with an `ApiError` carrying the server's `error`, `code`
 * and `errors`. A blocked shop or a lost session is also reported to `sessionState`.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<Ok<T>> {
  const send = async () =>
    sendJson({
      method,
      url: `${API_BASE}${path}`,
      body: options.body,
      signal: options.signal,
      headers: { [AUTH_HEADER]: await getToken() },
    });

  let result = await send();
  if (result.status === 401 && RETRYABLE_TOKEN_CODES.has(codeOf(result) ?? "")) {
    tokenSource().invalidate();
    result = await send();
  }
  return unwrap<T>(result);
}

function unwrap<T>(result: HttpResult): Ok<T> {
  const env = result.envelope as Envelope<T> | null;
  if (result.status < 400 && env?.success === true) return env;
  const error = toApiError(result);
  if (error.code === "shop_blocked") sessionState.markBlocked();
  if (error.status === 401) sessionState.markSignedOut();
  throw error;
}

/**
 * Calls to `/auth/*` (sign-in, sign-out): cookie session, no admin token. Same envelope rules.
 * A 401 here is an answer to show (e.g. wrong password), not a lost session.
 */
export async function authRequest<T>(
  method: Method,
  path: `/auth/${string}`,
  body?: unknown,
): Promise<Ok<T>> {
  const result = await sendJson({ method, url: path, body });
  const env = result.envelope as Envelope<T> | null;
  if (result.status < 400 && env?.success === true) return env;
  throw toApiError(result);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>("GET", path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>("POST", path, { body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, { body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>("DELETE", path, { body }),
};
