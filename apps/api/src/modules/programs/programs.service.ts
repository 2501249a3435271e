import type { ProgramSummary, PutProgramNamesBody } from "@laurel/contracts";
import { programStatuses, programTypes } from "@laurel/contracts";
import type { Db, ProgramRow, Tx } from "@laurel/db";
import { defaultPrograms } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { type Actor, auditWrite } from "../audit/audit.service";
import * as repo from "./programs.repository";

function present(row: ProgramRow): ProgramSummary {
  return {
    id: row.id,
    type: programTypes.includes(row.type as (typeof programTypes)[number])
      ? (row.type as ProgramSummary["type"])
      : "earning",
    event: row.event,
    title: row.title,
    translateTitle: row.translate_title,
    description: row.description,
    status: programStatuses.includes(row.status as (typeof programStatuses)[number])
      ? (row.status as ProgramSummary["status"])
      : "inactive",
    priority: row.priority,
    startDate: row.starts_at?.toISOString() ?? null,
    endDate: row.ends_at?.toISOString() ?? null,
    config: row.config,
  };
}

/** `GET /lp/programs/earning` and `/spending` (S-12, S-13). */
export async function listProgramsOfType(deps: Deps, shopId: string, type: "earning" | "spending") {
  return (await repo.listPrograms(deps.db, shopId, type)).map(present);
}

/** `PUT /lp/programs` (S-14): every id must be one of the shop's programs, or nothing is written. */
export async function renamePrograms(deps: Deps, shopId: string, actor: Actor, body: PutProgramNamesBody) {
  const ids = [...new Set(body.map((p) => p.id))];
  const known = new Set((await repo.findProgramIds(deps.db, shopId, ids)).map((r) => r.id));
  const unknown = body.findIndex((p) => !known.has(p.id));
  if (unknown >= 0) {
    throw new AppError("validation_failed", 400, "Program not found.", [
      { field: `${unknown}.id`, message: "Program not found." },
    ]);
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const p of body) await repo.renameProgram(trx, shopId, p.id, p);
    await auditWrite(trx, shopId, actor, "programs.renamed", { programs: body });
  });
}

/**
 * A new shop starts with the spec's default programs (C-15, C-25 and a 500-point amount
 * discount), so the widget has something to show on day one. Idempotent: a shop that already has
 * programs keeps them.
 */
export async function createDefaultPrograms(
  deps: Pick<Deps, "newId">,
  trx: Tx,
  shopId: string,
): Promise<number> {
  if ((await repo.countPrograms(trx, shopId)) > 0) return 0;
  const programs = defaultPrograms();
  for (const p of programs) {
    await repo.insertProgram(trx, {
      shopId,
      id: deps.newId("prg"),
      type: p.type,
      event: p.event,
      title: p.title,
      status: p.status,
      priority: p.priority,
      config: p.config as Record<string, unknown>,
    });
  }
  return programs.length;
}

/** The shop's programs of one type and event, as the domain's rules read them. */
export async function listActivePrograms(conn: Db | Tx, shopId: string, type: string, event: string) {
  const rows = await repo.listPrograms(conn, shopId, type);
  return rows
    .filter((r) => r.event === event)
    .map((r) => ({
      id: r.id,
      status: r.status,
      priority: r.priority,
      startDate: r.starts_at ? r.starts_at.toISOString().slice(0, 10) : null,
      endDate: r.ends_at ? r.ends_at.toISOString().slice(0, 10) : null,
      config: r.config,
    }));
}

/** The shop's program rows of one type, for modules that turn them into domain programs. */
export function listProgramRows(conn: Db | Tx, shopId: string, type: string) {
  return repo.listPrograms(conn, shopId, type);
}
