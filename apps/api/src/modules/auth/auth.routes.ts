import { loginBody, SESSION_COOKIE_SECONDS } from "@laurel/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok } from "../../infra/http";
import * as auth from "./auth.service";

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
  app.post(
    "/auth/login",
    {
      config: { guard: "public", rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const result = await auth.login(deps, parseInput(loginBody, request.body));
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
