import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { ok, requireAdmin } from "../../infra/http";
import { getDataExport, listDataExports } from "./compliance.service";

const admin = { config: { guard: "admin" as const } };

/** The merchant's view of customer data requests (customers/data_request). */
export function registerComplianceRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/compliance/exports", admin, async (request) =>
    ok(await listDataExports(deps, requireAdmin(request).shopId)),
  );
  app.get("/apiSa/compliance/exports/:id", admin, async (request) =>
    ok(await getDataExport(deps, requireAdmin(request).shopId, (request.params as { id: string }).id)),
  );
}
