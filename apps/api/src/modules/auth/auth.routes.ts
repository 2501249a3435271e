import { loginBody, SESSION_COOKIE_SECONDS } from "@laurel/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok } from "../../infra/http";
import * as auth from "./auth.service";
import { LoginThrottle } from "./login-throttle";

export const SESSION_COOKIE = "laurel_session";

export function setSessionCookie(reply: FastifyReply, deps: Deps, cookie: string): void {
  void reply.setCookie(SESSION_COOKIE, cookie, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: deps.config.secureCookies,
    maxAge: SESSION_COOKIE_SECONDS,
  });
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps): void {
  // Per process, like the per-IP rate limit beside it (decision 0036).
  const throttle = new LoginThrottle();
  app.post(
    "/auth/login",
    {
      config: { guard: "public", rateLimit: { max: deps.config.loginRateLimit, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const body = parseInput(loginBody, request.body);
      // request.ip honours X-Forwarded-For only from TRUST_PROXY's proxies.
      const result = await auth.login(deps, body, { ip: request.ip, throttle }).catch((error: unknown) => {
        if (error instanceof auth.SignInThrottled)
          void reply.header("retry-after", String(error.retryAfterSeconds));
        throw error;
      });
      setSessionCookie(reply, deps, result.cookie);
      return ok({ redirectTo: result.redirectTo });
    },
  );

  app.post("/auth/logout", { config: { guard: "session" } }, async (request, reply) => {
    await auth.logout(deps, request.cookies[SESSION_COOKIE]);
    void reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return ok({ redirectTo: "/auth/login" });
  });

  app.get("/auth/token", { config: { guard: "session" } }, async (request) =>
    ok(await auth.issueToken(deps, request.cookies[SESSION_COOKIE])),
  );
}
