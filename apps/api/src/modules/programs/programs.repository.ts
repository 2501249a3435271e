import type { Db, ProgramBacktestStatus, ProgramRow, ProgramSyncKind, Tx } from "@laurel/db";
import { sql } from "kysely";
import { markShopChanged } from "../../infra/shop-changes";

type Conn = Db | Tx;

/** A shop's programs of one type (or of both, `type` null), priority order. */
export function listPrograms(conn: Conn, shopId: string, type: string | null): Promise<ProgramRow[]> {
  return conn
    .selectFrom("programs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .$if(type !== null, (q) => q.where("type", "=", type as string))
    .orderBy("priority")
    .orderBy("created_at")
    .execute();
}

export function findProgramIds(conn: Conn, shopId: string, ids: string[]) {
  return conn
    .selectFrom("programs")
    .select("id")
    .where("shop_id", "=", shopId)
    .where("id", "in", ids)
    .execute();
}

export async function renameProgram(
  trx: Tx,
  shopId: string,
  id: string,
  names: { title?: string | undefined; translateTitle?: Record<string, string> | undefined },
): Promise<void> {
  await trx
    .updateTable("programs")
    .set({
      ...(names.title !== undefined ? { title: names.title } : {}),
      ...(names.translateTitle !== undefined
        ? { translate_title: JSON.stringify(names.translateTitle) }
        : {}),
      updated_at: sql`now()`,
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
  markShopChanged(shopId);
}

/** The stored columns of a program, as the service writes them (dates at 00:00 UTC of the day). */
export interface ProgramFields {
  title: string;
  translateTitle: Record<string, string>;
  description: string | null;
  status: string;
  priority: number;
  startsAt: Date | null;
  endsAt: Date | null;
  config: Record<string, unknown>;
}

export async function insertProgram(
  trx: Tx,
  p: { shopId: string; id: string; type: string; event: string } & Pick<
    ProgramFields,
    "title" | "status" | "priority" | "config"
  > &
    Partial<ProgramFields>,
): Promise<void> {
  await trx
    .insertInto("programs")
    .values({
      shop_id: p.shopId,
      id: p.id,
      type: p.type,
      event: p.event,
      title: p.title,
      translate_title: JSON.stringify(p.translateTitle ?? {}),
      description: p.description ?? null,
      status: p.status,
      priority: p.priority,
      starts_at: p.startsAt ?? null,
      ends_at: p.endsAt ?? null,
      config: JSON.stringify(p.config),
    })
    .onConflict((oc) => oc.columns(["shop_id", "id"]).doNothing())
    .execute();
  markShopChanged(p.shopId);
}

/**
 * Serialises writes to one shop's programs for the rest of the transaction, so checks over the
 * whole set (C-16's ten place order programs, unique priorities) hold under concurrent requests.
 */
export async function lockShopPrograms(trx: Tx, shopId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`laurel.programs:${shopId}`}, 0))`.execute(trx);
}

export function findProgram(conn: Conn, shopId: string, id: string): Promise<ProgramRow | undefined> {
  return conn
    .selectFrom("programs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function updateProgram(trx: Tx, shopId: string, id: string, p: ProgramFields): Promise<void> {
  await trx
    .updateTable("programs")
    .set({
      title: p.title,
      translate_title: JSON.stringify(p.translateTitle),
      description: p.description,
      status: p.status,
      priority: p.priority,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
      config: JSON.stringify(p.config),
      updated_at: sql`now()`,
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
  markShopChanged(shopId);
}

export async function setProgramStatus(trx: Tx, shopId: string, id: string, status: string): Promise<void> {
  await trx
    .updateTable("programs")
    .set({ status, updated_at: sql`now()` })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
  markShopChanged(shopId);
}

export async function deleteProgram(trx: Tx, shopId: string, id: string): Promise<void> {
  await trx.deleteFrom("programs").where("shop_id", "=", shopId).where("id", "=", id).execute();
  markShopChanged(shopId);
}

/**
 * Coupons issued by a program: all of them, and those still counting as redemptions (D-13:
 * revoked ones gave theirs back). Read here rather than through the rewards module, which
 * depends on this one.
 */
export async function countProgramCoupons(conn: Conn, shopId: string, programId: string) {
  const r = await conn
    .selectFrom("coupons")
    .select((eb) => [
      eb.fn.countAll<number>().as("issued"),
      eb.fn.countAll<number>().filterWhere("status", "!=", "revoked").as("redemptions"),
    ])
    .where("shop_id", "=", shopId)
    .where("program_id", "=", programId)
    .executeTakeFirstOrThrow();
  return { issued: Number(r.issued), redemptions: Number(r.redemptions) };
}

export async function countPrograms(conn: Conn, shopId: string): Promise<number> {
  const r = await conn
    .selectFrom("programs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("shop_id", "=", shopId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---------------------------------------------------------------------------------------------
// Backtest runs (migration 0136, decision 0123)

export function insertBacktestRun(
  trx: Tx,
  r: {
    shopId: string;
    id: string;
    days: number;
    programId: string | null;
    request: Record<string, unknown>;
    createdAt: Date;
  },
) {
  return trx
    .insertInto("program_backtests")
    .values({
      shop_id: r.shopId,
      id: r.id,
      days: r.days,
      program_id: r.programId,
      request: JSON.stringify(r.request),
      created_at: r.createdAt,
      updated_at: r.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findBacktestRun(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("program_backtests")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function updateBacktestRun(
  conn: Conn,
  shopId: string,
  id: string,
  patch: {
    status?: ProgramBacktestStatus;
    processed?: number;
    total?: number;
    result?: Record<string, unknown>;
    error?: string;
    finishedAt?: Date;
  },
) {
  await conn
    .updateTable("program_backtests")
    .set({
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.processed !== undefined ? { processed: patch.processed } : {}),
      ...(patch.total !== undefined ? { total: patch.total } : {}),
      ...(patch.result ? { result: JSON.stringify(patch.result) } : {}),
      ...(patch.error !== undefined ? { error: patch.error } : {}),
      ...(patch.finishedAt ? { finished_at: patch.finishedAt } : {}),
      updated_at: new Date(),
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Retroactive sync runs (migration 0180, decision 0165)

/**
 * Records a run. A past-order run violates the shop's once-only index (`program_syncs_prior_order_once`)
 * when one is queued, running or done: the insert throws and the caller's transaction rolls back.
 */
export function insertSyncRun(
  trx: Tx,
  r: { shopId: string; id: string; kind: ProgramSyncKind; since: Date | null; createdAt: Date },
) {
  return trx
    .insertInto("program_syncs")
    .values({
      shop_id: r.shopId,
      id: r.id,
      kind: r.kind,
      since: r.since,
      created_at: r.createdAt,
      updated_at: r.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSyncRun(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("program_syncs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The newest run of a kind (the past-order sync's lock holder, when not failed). */
export function findLatestSyncRun(
  conn: Conn,
  shopId: string,
  kind: ProgramSyncKind,
  opts: { forUpdate?: boolean } = {},
) {
  const q = conn
    .selectFrom("program_syncs")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1);
  return (opts.forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

/** Decision 0172: support lifted the once-only lock this run held. */
export async function unlockSyncRun(
  trx: Tx,
  shopId: string,
  id: string,
  by: { at: Date; by: string; reason: string },
): Promise<void> {
  await trx
    .updateTable("program_syncs")
    .set({ unlocked_at: by.at, unlocked_by: by.by, unlock_reason: by.reason, updated_at: by.at })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export async function updateSyncRun(
  conn: Conn,
  shopId: string,
  id: string,
  patch: {
    status?: ProgramBacktestStatus;
    processed?: number;
    total?: number;
    credited?: number;
    points?: number;
    error?: string;
    finishedAt?: Date;
  },
) {
  await conn
    .updateTable("program_syncs")
    .set({
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.processed !== undefined ? { processed: patch.processed } : {}),
      ...(patch.total !== undefined ? { total: patch.total } : {}),
      ...(patch.credited !== undefined ? { credited: patch.credited } : {}),
      ...(patch.points !== undefined ? { points: patch.points } : {}),
      ...(patch.error !== undefined ? { error: patch.error } : {}),
      ...(patch.finishedAt ? { finished_at: patch.finishedAt } : {}),
      updated_at: new Date(),
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}
