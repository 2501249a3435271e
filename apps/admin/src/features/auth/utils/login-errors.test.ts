import { PASSWORD_TOO_LONG_MESSAGE } from "@laurel/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api/errors";
import { applyLanguage, i18n, initI18n } from "../../../lib/i18n/i18n";
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

  it("names the field and its limit for an overlong password, in the admin language", async () => {
    const error = new ApiError({
      status: 400,
      code: "validation_failed",
      message: PASSWORD_TOO_LONG_MESSAGE,
      errors: [{ field: "password", message: PASSWORD_TOO_LONG_MESSAGE }],
    });
    expect(loginErrorMessages(error, t).fields.password).toBe(
      "Your password can be at most 200 characters long.",
    );
    await applyLanguage("fr", { remember: false });
    expect(loginErrorMessages(error, i18n.getFixedT("fr")).fields.password).toBe(
      "Votre mot de passe ne peut pas dépasser 200 caractères.",
    );
    await applyLanguage("en-US", { remember: false });
    expect(validateLogin("a@b.test", "x".repeat(201), t)).toEqual({
      password: "Your password can be at most 200 characters long.",
    });
    expect(validateLogin("a@b.test", "x".repeat(200), t)).toBeNull();
  });

  it("keeps unknown messages as the server wrote them, and shows unplaced ones on the form", () => {
    const error = new ApiError({
      status: 400,
      code: "validation_failed",
      message: "Some fields are invalid.",
      errors: [
        { field: "password", message: "Something only the server knows." },
        { field: "remember", message: "Unrecognized key" },
      ],
    });
    expect(loginErrorMessages(error, t)).toEqual({
      fields: { password: "Something only the server knows." },
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
