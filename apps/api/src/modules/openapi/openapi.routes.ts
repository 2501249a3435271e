import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument } from "./openapi";

export function registerOpenApiRoutes(app: FastifyInstance): void {
  const doc = buildOpenApiDocument("0.0.0");
  app.get("/openapi.json", { config: { guard: "public" } }, async () => doc);
}
