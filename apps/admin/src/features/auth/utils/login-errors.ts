import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from "@laurel/contracts";
import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api/errors";

export interface LoginFieldErrors {
  email?: string;
  password?: string;
}

export interface LoginErrorMessages {
  fields: LoginFieldErrors;
  form: string | null;
}

/** The server's field messages (contracts' `loginBody`) and their translation keys. */
const KNOWN_FIELD_MESSAGES: Record<string, string> = {
  "Enter a valid e-mail address.": "login.errors.emailInvalid",
  "Enter your password.": "login.errors.passwordRequired",
  [PASSWORD_TOO_LONG_MESSAGE]: "login.errors.passwordTooLong",
};

/** Empty fields and an overlong password are caught before calling the server. */
export function validateLogin(email: string, password: string, t: TFunction): LoginFieldErrors | null {
  const errors: LoginFieldErrors = {};
  if (email.trim() === "") errors.email = t("login.errors.emailRequired");
  if (password === "") errors.password = t("login.errors.passwordRequired");
  else if (password.length > PASSWORD_MAX_LENGTH)
    errors.password = t("login.errors.passwordTooLong", { max: PASSWORD_MAX_LENGTH });
  return errors.email || errors.password ? errors : null;
}

/**
 * What to show for a failed sign-in: inline field errors from `errors[]` (400), the translated
 * server message for 401 `invalid_credentials` and for 429, otherwise the server's own words.
 */
export function loginErrorMessages(error: unknown, t: TFunction): LoginErrorMessages {
  if (!(error instanceof ApiError)) return { fields: {}, form: t("errors.unexpected") };
  if (error.code === "invalid_credentials") return { fields: {}, form: t("login.errors.invalidCredentials") };
  if (error.status === 429) return { fields: {}, form: t("login.errors.tooManyAttempts") };

  const fields: LoginFieldErrors = {};
  const unplaced: string[] = [];
  for (const fieldError of error.errors) {
    const key = KNOWN_FIELD_MESSAGES[fieldError.message];
    const message = key ? t(key, { max: PASSWORD_MAX_LENGTH }) : fieldError.message;
    if ((fieldError.field === "email" || fieldError.field === "password") && !fields[fieldError.field]) {
      fields[fieldError.field] = message;
    } else {
      unplaced.push(message);
    }
  }
  if (error.errors.length > 0) return { fields, form: unplaced.length > 0 ? unplaced.join(" ") : null };
  return { fields, form: error.message };
}

/** Only same-origin app paths are followed after sign-in (no open redirect). */
export function safeRedirect(to: string | undefined): string {
  return to?.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") ? to : "/";
}
