import type { Readable } from "node:stream";
import {
  customerImportRowErrorsQuery,
  customerImportsListQuery,
  customerImportUploadQuery,
  MAX_IMPORT_FILE_BYTES,
} from "@laurel/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import {
  getImport,
  importErrorsCsv,
  listAllImports,
  listImportErrors,
  listImports,
  startImport,
  uploadImport,
} from "./customer-imports.service";

const admin = { config: { guard: "admin" as const } };
const staff = { config: { guard: "staff" as const } };
const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * Customer imports (J-07 … J-12). The upload's body is the CSV itself (any content type: browsers
 * label CSV files differently), handed to the service as a stream; its own 25 MB check refuses a
 * larger file with the spec's message.
 */
export async function registerCustomerImportRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { bodyLimit: MAX_IMPORT_FILE_BYTES + 1 }, (_request, payload, done) =>
      done(null, payload),
    );
    scope.post(
      "/apiSa/customers/imports",
      { ...admin, bodyLimit: MAX_IMPORT_FILE_BYTES + 1 },
      async (request) => {
        const auth = requireAdmin(request);
        const q = parseInput(customerImportUploadQuery, request.query);
        const length = Number(request.headers["content-length"]);
        const body = (request.body ?? request.raw) as Readable;
        return ok(
          await uploadImport(deps, auth.shopId, auth, q, body, Number.isFinite(length) ? length : undefined),
          "File checked",
        );
      },
    );
  });
  app.get("/apiSa/customers/imports", admin, async (request) =>
    ok(
      await listImports(
        deps,
        requireAdmin(request).shopId,
        parseInput(customerImportsListQuery, request.query),
      ),
    ),
  );
  app.get("/apiSa/customers/imports/:id", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getImport(deps, requireAdmin(request).shopId, id));
  });
  app.get("/apiSa/customers/imports/:id/errors", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const q = parseInput(customerImportRowErrorsQuery, request.query);
    return ok(await listImportErrors(deps, requireAdmin(request).shopId, id, q));
  });
  app.get("/apiSa/customers/imports/:id/errors.csv", admin, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const csv = await importErrorsCsv(deps, requireAdmin(request).shopId, id);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="import-errors-${id}.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
  app.post("/apiSa/customers/imports/:id/start", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    return ok(await startImport(deps, auth.shopId, auth, id), "Import started");
  });
  app.get("/apiSa/dev_zone/imports", staff, async (request) =>
    ok(await listAllImports(deps, parseInput(customerImportsListQuery, request.query))),
  );
}
