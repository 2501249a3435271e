import "../../test/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeApi, type FakeApi } from "../../test/fake-api";
import { installFakeApi } from "../../test/render";
import { NotSignedInError } from "../api/errors";
import { createStandaloneTokenSource, TOKEN_REFRESH_MARGIN_MS, tokenSource } from "./token-source";

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi(createFakeApi({ tokenLifetimeMs: 60_000 }));
});
afterEach(() => {
  delete window.shopify;
});

describe("standalone token source (GET /auth/token)", () => {
  it("caches the token until 10 s before it expires", async () => {
    let now = Date.now();
    const source = createStandaloneTokenSource(() => now);
    expect(await source.getToken()).toBe("token-1");
    now += 60_000 - TOKEN_REFRESH_MARGIN_MS - 1_000;
    expect(await source.getToken()).toBe("token-1");
    now += 2_000;
    expect(await source.getToken()).toBe("token-2");
    expect(fake.callsTo("GET", "/auth/token")).toHaveLength(2);
  });

  it("shares one request between concurrent callers", async () => {
    const source = createStandaloneTokenSource();
    const tokens = await Promise.all([source.getToken(), source.getToken(), source.getToken()]);
    expect(tokens).toEqual(["token-1", "token-1", "token-1"]);
    expect(fake.callsTo("GET", "/auth/token")).toHaveLength(1);
  });

  it("fetches a new token after invalidate(), ignoring an answer that was already on its way", async () => {
    const source = createStandaloneTokenSource();
    const first = source.getToken();
    source.invalidate();
    const second = source.getToken();
    expect(await first).toBe("token-1");
    expect(await second).toBe("token-2");
    expect(await source.getToken()).toBe("token-2");
  });

  it("throws NotSignedInError when there is no session (401)", async () => {
    fake.state.signedIn = false;
    await expect(createStandaloneTokenSource().getToken()).rejects.toBeInstanceOf(NotSignedInError);
  });

  it("sends the session cookie (same-origin credentials)", async () => {
    await createStandaloneTokenSource().getToken();
    const init = fake.fetch.mock.calls[0]?.[1] as RequestInit;
    expect(init.credentials).toBe("same-origin");
  });
});

describe("tokenSource() picks the host", () => {
  it("uses App Bridge's idToken() inside the Shopify admin, on every call", async () => {
    const idToken = vi.fn(async () => `shopify-token-${idToken.mock.calls.length}`);
    window.shopify = { idToken };
    const source = tokenSource();
    expect(source.mode).toBe("embedded");
    expect(await source.getToken()).toBe("shopify-token-1");
    expect(await source.getToken()).toBe("shopify-token-2");
    expect(fake.callsTo("GET", "/auth/token")).toHaveLength(0);
  });

  it("is standalone without App Bridge", () => {
    expect(tokenSource().mode).toBe("standalone");
  });
});
