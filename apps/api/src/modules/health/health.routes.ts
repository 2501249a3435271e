import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { ok } from "../../infra/http";
import { checkHealth } from "./health.service";

export function registerHealthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/health", { config: { guard: "public" } }, async () => ok(await checkHealth(deps)));
}
