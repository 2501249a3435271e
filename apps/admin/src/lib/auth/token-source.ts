import type { Envelope, TokenResponse } from "@laurel/contracts";
import { ApiError, NotSignedInError } from "../api/errors";
import { sendJson, toApiError } from "../api/http";
import { type AppBridgeGlobal, appBridge } from "../host/app-bridge";

/**
 * Where the admin token for `X-Auth-Token` comes from (A-02, decision 0006).
 * - embedded (inside the Shopify admin): App Bridge's `shopify.idToken()`, fresh on every call;
 * - standalone: `GET /auth/token` trades the session cookie for a short-lived token, cached
 *   until shortly before it expires.
 */
export interface TokenSource {
  readonly mode: "embedded" | "standalone";
  getToken(): Promise<string>;
  /** Forget any cached token (after a 401, sign-in, sign-out or impersonation). */
  invalidate(): void;
}

/** Refresh this long before `expiresAt`, so a token never expires on the way to the server. */
export const TOKEN_REFRESH_MARGIN_MS = 10_000;

export function createStandaloneTokenSource(now: () => number = Date.now): TokenSource {
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let generation = 0;

  async function fetchToken(forGeneration: number): Promise<string> {
    const result = await sendJson({ method: "GET", url: "/auth/token" });
    if (result.status === 401) throw new NotSignedInError();
    const env = result.envelope as Envelope<TokenResponse> | null;
    if (env?.success !== true || result.status >= 400) throw toApiError(result);
    const expiresAt = Date.parse(env.data.expiresAt);
    if (typeof env.data.token !== "string" || Number.isNaN(expiresAt)) {
      throw new ApiError({
        status: result.status,
        code: "invalid_response",
        message: "Invalid token answer",
      });
    }
    if (forGeneration === generation) cached = { token: env.data.token, expiresAt };
    return env.data.token;
  }

  return {
    mode: "standalone",
    getToken() {
      if (cached && now() < cached.expiresAt - TOKEN_REFRESH_MARGIN_MS) return Promise.resolve(cached.token);
      if (pending) return pending;
      const request: Promise<string> = fetchToken(generation).finally(() => {
        if (pending === request) pending = null;
      });
      pending = request;
      return request;
    },
    invalidate() {
      cached = null;
      pending = null;
      generation += 1;
    },
  };
}

export function createEmbeddedTokenSource(bridge: AppBridgeGlobal): TokenSource {
  return {
    mode: "embedded",
    // App Bridge caches and refreshes its own session tokens (1-minute life).
    getToken: () => bridge.idToken(),
    invalidate: () => {},
  };
}

let current: TokenSource | null = null;

/** The token source for this page: embedded when App Bridge is present, otherwise standalone. */
export function tokenSource(): TokenSource {
  if (!current) {
    const bridge = appBridge();
    current = bridge ? createEmbeddedTokenSource(bridge) : createStandaloneTokenSource();
  }
  return current;
}

/** Tests, and the rare case where the host changes (none in production). */
export function resetTokenSource(next: TokenSource | null = null): void {
  current = next;
}
