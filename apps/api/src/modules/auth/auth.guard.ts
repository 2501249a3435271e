import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { authenticateApiKey } from "../api-keys/api-keys.service";
import { authenticateAdmin } from "./auth.service";

/** The admin token: `X-Auth-Token` (spec 000 §7) or `Authorization: Bearer` (App Bridge's fetch). */
export function adminTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers["x-auth-token"];
  if (typeof header === "string" && header.length > 0) return header;
  const authz = request.headers.authorization;
  if (authz?.startsWith("Bearer ")) return authz.slice(7).trim() || undefined;
  return undefined;
}

/** The merchant API key: `Authorization: Bearer <key>` only (never a query parameter, which logs keep). */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const authz = request.headers.authorization;
  if (!authz?.startsWith("Bearer ")) return undefined;
  return authz.slice(7).trim() || undefined;
}

/** Enforces each route's declared guard before its handler runs. */
export function installGuards(app: FastifyInstance, deps: Deps): void {
  app.addHook("preHandler", async (request) => {
    const guard = request.routeOptions.config.guard;
    if (guard === "apiKey") {
      request.apiKey = await authenticateApiKey(deps, apiKeyOf(request));
      return;
    }
    if (guard !== "admin" && guard !== "staff") return;
    const token = adminTokenOf(request);
    if (!token) throw new AppError("unauthenticated", 401);
    request.admin = await authenticateAdmin(deps, token);
    if (guard === "staff" && !request.admin.isStaff) throw new AppError("staff_only", 403);
  });
}
