import { putProgramNamesBody } from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { listProgramsOfType, renamePrograms } from "./programs.service";

const admin = { config: { guard: "admin" as const } };

export function registerProgramRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/apiSa/lp/programs/earning", admin, async (request) =>
    ok(await listProgramsOfType(deps, requireAdmin(request).shopId, "earning")),
  );
  app.get("/apiSa/lp/programs/spending", admin, async (request) =>
    ok(await listProgramsOfType(deps, requireAdmin(request).shopId, "spending")),
  );
  app.put("/apiSa/lp/programs", admin, async (request) => {
    const auth = requireAdmin(request);
    await renamePrograms(deps, auth.shopId, auth, parseInput(putProgramNamesBody, request.body));
    return ok(null, "Updated successfully");
  });
}
