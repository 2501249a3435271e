import { z } from "zod";

/** Longest password accepted (it is hashed on every attempt, so it is bounded). */
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_TOO_LONG_MESSAGE = `Your password can be at most ${PASSWORD_MAX_LENGTH} characters long.`;

/** `POST /auth/login` (standalone sign-in, A-02). */
export const loginBody = z.strictObject({
  email: z
    .string()
    .max(254, "Enter a valid e-mail address.")
    .trim()
    .toLowerCase()
    .email({ message: "Enter a valid e-mail address." }),
  password: z
    .string()
    .min(1, { message: "Enter your password." })
    .max(PASSWORD_MAX_LENGTH, { message: PASSWORD_TOO_LONG_MESSAGE }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ redirectTo: z.string() });

/** `GET /auth/token`: a short-lived admin token (same shape as a Shopify session token). */
export const tokenResponse = z.object({ token: z.string(), expiresAt: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** The header that carries the admin token (spec 000 §7); `Authorization: Bearer` works too. */
export const AUTH_HEADER = "X-Auth-Token";
/** Standalone session cookie lifetime. */
export const SESSION_COOKIE_SECONDS = 7200;
