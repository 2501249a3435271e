import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Deps } from "../../infra/deps";
import { ok } from "../../infra/http";

export function registerHealthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/health", { config: { guard: "public" } }, async () => {
    await sql`select 1`.execute(deps.db);
    return ok({ status: "ok", engine: deps.database.engine });
  });
}
