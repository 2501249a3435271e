import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api/errors";
import { i18n, initI18n } from "../../../lib/i18n/i18n";
import { loginErrorMessages, safeRedirect, validateLogin } from "./login-errors";

await initI18n();
const t = i18n.getFixedT("en-US");

describe("login error messages", () => {
  it("places known field errors on their fields, translated", () => {
    const error = new ApiError({
      status: 400,
      code: "validation_failed",
      message: "Some fields are invalid.",
      errors: [
        { field: "email", message: "Enter a valid e-mail address." },
        { field: "password", message: "Enter your password." },
      ],
    });
    expect(loginErrorMessages(error, t)).toEqual({
      fields: { email: "Enter a valid e-mail address.", password: "Enter your password." },
      form: null,
    });
  });

  it("keeps unknown messages as the server wrote them, and shows unplaced ones on the form", () => {
    const error = new ApiError({
      status: 400,
      code: "validation_failed",
      message: "Some fields are invalid.",
      errors: [
        { field: "password", message: "Too big: expected string to have <=200 characters" },
        { field: "remember", message: "Unrecognized key" },
      ],
    });
    expect(loginErrorMessages(error, t)).toEqual({
      fields: { password: "Too big: expected string to have <=200 characters" },
      form: "Unrecognized key",
    });
  });

  it("shows the server's message for other failures, a generic one for non-API errors", () => {
    const error = new ApiError({
      status: 502,
      code: "platform_unavailable",
      message: "Try later.",
      serverError: "Try later.",
    });
    expect(loginErrorMessages(error, t)).toEqual({ fields: {}, form: "Try later." });
    expect(loginErrorMessages(new Error("boom"), t).form).toBe("Something went wrong. Please try again.");
  });

  it("treats any 429 as too many attempts", () => {
    const error = new ApiError({
      status: 429,
      code: "rate_limited",
      message: "Too many requests. Please slow down.",
    });
    expect(loginErrorMessages(error, t).form).toBe(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
  });

  it("requires both fields", () => {
    expect(validateLogin("", "", t)).toEqual({
      email: "Enter your e-mail address.",
      password: "Enter your password.",
    });
    expect(validateLogin("a@b.c", "x", t)).toBeNull();
  });

  it.each([
    ["/", "/"],
    ["/customers?x=1", "/customers?x=1"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    [undefined, "/"],
  ])("follows only app paths after sign-in: %s → %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});
