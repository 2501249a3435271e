import type { GetShopsResponse, StaffShop } from "@laurel/contracts";
import { errorMessages } from "@laurel/contracts";
import { vi } from "vitest";
import { shopsResponse, staffShops } from "./fixtures";

/**
 * A small in-memory fake of the Laurel endpoints the shell calls, answering with the real
 * envelope and error codes (contracts' `errorMessages`). Component tests install it as `fetch`;
 * end-to-end tests use the real server.
 */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  token: string | null;
}

export interface FakeApiState {
  signedIn: boolean;
  data: GetShopsResponse;
  isThemeOS2: boolean;
  staffShops: StaffShop[];
  /** Accounts that can sign in. */
  accounts: Record<string, string>;
  /** Canned answers by "METHOD /path" (checked first). */
  overrides: Map<string, { status: number; body: unknown }>;
  /** Tokens the fake issued and still accepts. */
  validTokens: Set<string>;
  /** Answer 401 token_expired to the next N admin calls (the token is then forgotten). */
  expireNextTokens: number;
  /** Token lifetime in ms for GET /auth/token. */
  tokenLifetimeMs: number;
}

const ok = (data: unknown, message?: string) => ({
  status: 200,
  body: { success: true, data, ...(message ? { message } : {}) },
});
const fail = (
  status: number,
  code: keyof typeof errorMessages,
  errors?: { field: string; message: string }[],
) => ({
  status,
  body: { success: false, error: errorMessages[code], code, ...(errors ? { errors } : {}) },
});

export function createFakeApi(init: Partial<Omit<FakeApiState, "overrides" | "validTokens">> = {}) {
  const state: FakeApiState = {
    signedIn: true,
    data: shopsResponse(),
    isThemeOS2: true,
    staffShops,
    accounts: { "demo@laurel.test": "laurel-demo" },
    expireNextTokens: 0,
    tokenLifetimeMs: 60_000,
    ...init,
    overrides: new Map(),
    validTokens: new Set(),
  };
  const calls: RecordedCall[] = [];
  let tokenCounter = 0;

  function route(
    method: string,
    path: string,
    body: unknown,
    token: string | null,
  ): { status: number; body: unknown } {
    const override = state.overrides.get(`${method} ${path}`);
    if (override) return override;

    if (path === "/auth/token" && method === "GET") {
      if (!state.signedIn) return fail(401, "unauthenticated");
      tokenCounter += 1;
      const issued = `token-${tokenCounter}`;
      state.validTokens.add(issued);
      return ok({ token: issued, expiresAt: new Date(Date.now() + state.tokenLifetimeMs).toISOString() });
    }
    if (path === "/auth/login" && method === "POST") {
      const { email, password } = (body ?? {}) as { email?: string; password?: string };
      const errors = [];
      if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        errors.push({ field: "email", message: "Enter a valid e-mail address." });
      if (!password) errors.push({ field: "password", message: "Enter your password." });
      if (errors.length > 0) return fail(400, "validation_failed", errors);
      if (state.accounts[email as string] !== password) return fail(401, "invalid_credentials");
      state.signedIn = true;
      return ok({ redirectTo: "/" });
    }
    if (path === "/auth/logout" && method === "POST") {
      if (!state.signedIn) return fail(401, "unauthenticated");
      state.signedIn = false;
      state.validTokens.clear();
      return ok({ redirectTo: "/auth/login" });
    }
    if (!path.startsWith("/apiSa/")) return fail(404, "route_not_found");

    // The admin guard.
    if (!token || !state.validTokens.has(token)) return fail(401, "token_invalid");
    if (state.expireNextTokens > 0) {
      state.expireNextTokens -= 1;
      state.validTokens.delete(token);
      return fail(401, "token_expired");
    }
    if (state.data.blocked) return fail(403, "shop_blocked");

    const shop = state.data.shop;
    switch (`${method} ${path.slice("/apiSa".length)}`) {
      case "GET /shops":
        return ok(structuredClone(state.data));
      case "GET /shopify/checkSupportAppBlock":
        return ok({ isThemeOS2: state.isThemeOS2 });
      case "POST /shop":
        Object.assign(shop, body);
        return ok(null, "Saved");
      case "PUT /shop":
        Object.assign(shop, body);
        return ok(null, "Saved");
      case "POST /lp/settings":
        shop.settings.primaryLanguageInApp = (
          body as { primaryLanguageInApp: typeof shop.settings.primaryLanguageInApp }
        ).primaryLanguageInApp;
        return ok(null, "Saved");
      case "GET /dev_zone/shops":
        return state.data.session.isStaff ? ok(state.staffShops) : fail(403, "staff_only");
      case "POST /dev_zone/impersonate":
        if (!state.data.session.isStaff) return fail(403, "staff_only");
        return ok(
          { token: "impersonation-token", expiresAt: new Date(Date.now() + 60_000).toISOString() },
          "Logged in",
        );
      default:
        return fail(404, "route_not_found");
    }
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const token = headers.get("X-Auth-Token");
    calls.push({ method, path: url.pathname, body, token });
    const answer = route(method, url.pathname, body, token);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });

  return {
    state,
    calls,
    fetch,
    /** Calls to `METHOD /path`, in order. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Make `METHOD /path` answer `status` with `body` from now on. */
    answer(methodAndPath: string, status: number, body: unknown) {
      state.overrides.set(methodAndPath, { status, body });
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;
