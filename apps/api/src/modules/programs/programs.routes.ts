import {
  backtestBody,
  createProgramBody,
  explainOrdersQuery,
  programStatusBody,
  putProgramNamesBody,
  startProgramSyncBody,
  updateProgramBody,
} from "@laurel/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../../infra/deps";
import { parseInput } from "../../infra/errors";
import { ok, requireAdmin } from "../../infra/http";
import { getShopOrThrow } from "../shops/shops.service";
import { explainOrders } from "./order-explanations";
import { backtestProgram, getBacktestRun, startBacktestRun } from "./program-backtest";
import { getPriorOrderSyncState, getSyncRun, startSync } from "./program-syncs";
import {
  createProgram,
  deleteProgram,
  listProgramKinds,
  listProgramsOfType,
  renamePrograms,
  setProgramStatus,
  updateProgram,
} from "./programs.service";

const admin = { config: { guard: "admin" as const } };
const idParams = z.object({ id: z.string().min(1).max(100) });

export function registerProgramRoutes(app: FastifyInstance, deps: Deps): void {
  /** The caller and their shop (plan and time zone decide what a program may be and its status). */
  const callerOf = async (request: FastifyRequest) => {
    const auth = requireAdmin(request);
    return { auth, shop: await getShopOrThrow(deps, auth.shopId) };
  };

  for (const type of ["earning", "spending"] as const) {
    app.get(`/apiSa/lp/programs/${type}`, admin, async (request) => {
      const { shop } = await callerOf(request);
      return ok(await listProgramsOfType(deps, shop, type));
    });
    app.post(`/apiSa/lp/programs/${type}`, admin, async (request) => {
      const { auth, shop } = await callerOf(request);
      const body = parseInput(createProgramBody, request.body);
      return ok(await createProgram(deps, shop, auth, type, body), "Created successfully");
    });
  }
  app.get("/apiSa/lp/programs/kinds", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await listProgramKinds(deps, shop));
  });
  app.get("/apiSa/lp/programs/explain", admin, async (request) => {
    const { shop } = await callerOf(request);
    const { q } = parseInput(explainOrdersQuery, request.query);
    return ok(await explainOrders(deps, shop, q));
  });
  app.post("/apiSa/lp/programs/backtest", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await backtestProgram(deps, shop, parseInput(backtestBody, request.body)));
  });
  // Decision 0123: the backtest as a job, with its progress.
  app.post("/apiSa/lp/programs/backtests", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await startBacktestRun(deps, shop, parseInput(backtestBody, request.body)));
  });
  app.get("/apiSa/lp/programs/backtests/:id", admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await getBacktestRun(deps, requireAdmin(request).shopId, id));
  });
  // C-27, X-47 (decision 0165): retroactive syncs as jobs, the past-order sync once per shop.
  app.post("/apiSa/lp/programs/syncs", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await startSync(deps, shop, parseInput(startProgramSyncBody, request.body)));
  });
  app.get("/apiSa/lp/programs/syncs/prior-order", admin, async (request) => {
    const { shop } = await callerOf(request);
    return ok(await getPriorOrderSyncState(deps, shop));
  });
  app.get("/apiSa/lp/programs/syncs/:id", admin, async (request) => {
    const { shop } = await callerOf(request);
    const { id } = parseInput(idParams, request.params);
    return ok(await getSyncRun(deps, shop, id));
  });
  app.put("/apiSa/lp/programs", admin, async (request) => {
    const auth = requireAdmin(request);
    await renamePrograms(deps, auth.shopId, auth, parseInput(putProgramNamesBody, request.body));
    return ok(null, "Updated successfully");
  });
  app.put("/apiSa/lp/programs/:id", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateProgramBody, request.body);
    return ok(await updateProgram(deps, shop, auth, id, body), "Updated successfully");
  });
  app.put("/apiSa/lp/programs/:id/status", admin, async (request) => {
    const { auth, shop } = await callerOf(request);
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(programStatusBody, request.body);
    return ok(await setProgramStatus(deps, shop, auth, id, body), "Updated status successfully");
  });
  app.delete("/apiSa/lp/programs/:id", admin, async (request) => {
    const auth = requireAdmin(request);
    const { id } = parseInput(idParams, request.params);
    await deleteProgram(deps, auth.shopId, auth, id);
    return ok(null, "Deleted successfully");
  });
}
