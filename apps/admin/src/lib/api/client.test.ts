import "../../test/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeApi, type FakeApi } from "../../test/fake-api";
import { installFakeApi, resetLanguage } from "../../test/render";
import { resetTokenSource } from "../auth/token-source";
import { api, apiRequest, authRequest } from "./client";
import { ApiError, NotSignedInError } from "./errors";
import { API_TIMEOUT_MS } from "./http";
import { sessionState } from "./session-state";

let fake: FakeApi;
beforeEach(async () => {
  await resetLanguage();
  fake = installFakeApi(createFakeApi());
});
afterEach(() => {
  vi.useRealTimers();
});

describe("apiRequest", () => {
  it("calls /apiSa with the session's token and resolves the success envelope", async () => {
    const answer = await api.get<{ isThemeOS2: boolean }>("/shopify/checkSupportAppBlock");
    expect(answer).toEqual({ success: true, data: { isThemeOS2: true } });
    expect(fake.calls.map((c) => `${c.method} ${c.path} ${c.token ?? "-"}`)).toEqual([
      "GET /auth/token -",
      "GET /apiSa/shopify/checkSupportAppBlock token-1",
    ]);
  });

  it("sends JSON bodies and returns the server's message", async () => {
    const answer = await api.put<null>("/shop", { isDismissQuickSetup: true });
    expect(answer.message).toBe("Saved");
    expect(fake.callsTo("PUT", "/apiSa/shop")[0]?.body).toEqual({ isDismissQuickSetup: true });
    const init = fake.fetch.mock.calls.at(-1)?.[1] as RequestInit;
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
  });

  it("reuses the cached token for later calls", async () => {
    await api.get("/shops");
    await api.get("/shops");
    expect(fake.callsTo("GET", "/auth/token")).toHaveLength(1);
  });

  it("rejects with an ApiError carrying the server's error, code and field errors", async () => {
    fake.answer("PUT /apiSa/shop", 400, {
      success: false,
      error: "Some fields are invalid.",
      code: "validation_failed",
      errors: [{ field: "customCSS", message: "Too long" }],
    });
    const error = await api.put("/shop", { customCSS: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Some fields are invalid.",
      serverError: "Some fields are invalid.",
      errors: [{ field: "customCSS", message: "Too long" }],
    });
  });

  it("fetches a new token once and retries when the token expired", async () => {
    fake.state.expireNextTokens = 1;
    const answer = await api.get<{ isThemeOS2: boolean }>("/shopify/checkSupportAppBlock");
    expect(answer.data.isThemeOS2).toBe(true);
    expect(fake.calls.map((c) => `${c.path} ${c.token ?? "-"}`)).toEqual([
      "/auth/token -",
      "/apiSa/shopify/checkSupportAppBlock token-1",
      "/auth/token -",
      "/apiSa/shopify/checkSupportAppBlock token-2",
    ]);
    expect(sessionState.get().signedOut).toBe(false);
  });

  it("retries only once, then reports the session as signed out", async () => {
    fake.state.expireNextTokens = 5;
    const error = await api.get("/shops").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: "token_expired" });
    expect(fake.callsTo("GET", "/apiSa/shops")).toHaveLength(2);
    expect(sessionState.get().signedOut).toBe(true);
  });

  it("reports a blocked shop from any call (403 shop_blocked)", async () => {
    fake.answer("POST /apiSa/shop", 403, { success: false, error: "Access denied.", code: "shop_blocked" });
    await expect(api.post("/shop", { isFirstLogin: false })).rejects.toMatchObject({ code: "shop_blocked" });
    expect(sessionState.get().blocked).toBe(true);
  });

  it("does not call the API without a session", async () => {
    fake.state.signedIn = false;
    await expect(api.get("/shops")).rejects.toBeInstanceOf(NotSignedInError);
    expect(fake.callsTo("GET", "/apiSa/shops")).toHaveLength(0);
    expect(sessionState.get().signedOut).toBe(true);
  });

  it("turns a network failure into a translated ApiError", async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(authRequest("POST", "/auth/logout")).rejects.toMatchObject({
      status: 0,
      code: "network_error",
      message: "Laurel could not reach the server. Check your connection and try again.",
    });
  });

  it("treats a non-envelope answer as an unexpected error", async () => {
    globalThis.fetch = vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(authRequest("POST", "/auth/logout")).rejects.toMatchObject({
      status: 502,
      code: "internal_error",
      message: "Something went wrong. Please try again.",
    });
  });

  it("gives up after 60 s", async () => {
    resetTokenSource({ mode: "embedded", getToken: async () => "t", invalidate: () => {} });
    vi.useFakeTimers();
    globalThis.fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    const pending = apiRequest("GET", "/shops").catch((e: unknown) => e);
    expect(API_TIMEOUT_MS).toBe(60_000);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(vi.mocked(globalThis.fetch).mock.calls).toHaveLength(1);
    expect(await Promise.race([pending, Promise.resolve("still waiting")])).toBe("still waiting");
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 0, code: "timeout" });
  });

  it("lets the caller cancel (e.g. React Query) without calling it a failure", async () => {
    resetTokenSource({ mode: "embedded", getToken: async () => "t", invalidate: () => {} });
    globalThis.fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    const controller = new AbortController();
    const pending = apiRequest("GET", "/shops", { signal: controller.signal }).catch((e: unknown) => e);
    await Promise.resolve();
    await Promise.resolve();
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
  });
});

describe("authRequest", () => {
  it("posts without an admin token; a 401 is an answer, not a lost session", async () => {
    fake.state.signedIn = false;
    const error = await authRequest("POST", "/auth/login", {
      email: "demo@laurel.test",
      password: "nope",
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      code: "invalid_credentials",
      message: "Incorrect e-mail or password.",
    });
    expect(fake.calls[0]?.token).toBeNull();
    expect(sessionState.get().signedOut).toBe(false);
  });
});
