import { describe, expect, it } from "vitest";
import { APP_URL } from "./app-url";
import { fetchFromLaurel } from "./laurel-api";
import { fakeFetch } from "./test-support";

describe("fetchFromLaurel (decision 0180)", () => {
  it("calls Laurel's host with a fresh session token and the buyer's language, and answers data", async () => {
    const fetchImpl = fakeFetch({ status: 200, body: { success: true, data: { signedIn: true } } });
    let tokens = 0;
    const data = await fetchFromLaurel(
      "/extensions/account",
      async () => `token-${++tokens}`,
      "pt-BR",
      fetchImpl as never,
    );
    expect(data).toEqual({ signedIn: true });
    expect(fetchImpl).toHaveBeenCalledWith(`${APP_URL}/extensions/account?locale=pt-BR`, {
      headers: { Authorization: "Bearer token-1" },
    });
  });

  it("turns a refusal into an error carrying Laurel's message", async () => {
    const fetchImpl = fakeFetch({
      status: 401,
      body: {
        success: false,
        error: "Your session token is invalid. Please sign in again.",
        code: "token_invalid",
      },
    });
    await expect(
      fetchFromLaurel("/extensions/account", async () => "x", "en", fetchImpl as never),
    ).rejects.toThrow("Your session token is invalid");
  });
});
