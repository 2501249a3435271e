import { createHash } from "node:crypto";
import type { Db, HoldRow, LedgerEntryRow, Tx } from "@laurel/db";
import { type ActivityType, checkEntryShape } from "@laurel/domain";
import { AppError } from "../../infra/errors";
import * as repo from "./ledger.repository";

/**
 * The ledger's write side (DESIGN §4). Every function runs inside the caller's transaction, so
 * the entry, the cached balances and any job it causes commit together or not at all.
 */
export interface EntryInput {
  shopId: string;
  customerId: string;
  /** One of the domain's activity types (H-01 … H-06); its sign and balance are checked. */
  activityType: ActivityType;
  /** Change of spendable points (negative to spend). */
  available?: number;
  pending?: number;
  tierPoints?: number;
  idempotencyKey: string;
  programId?: string | null;
  sourceRef?: string | null;
  note?: string | null;
  actor?: string | null;
  expiresAt?: Date | null;
  reversesEntryId?: number | null;
  holdId?: string | null;
  /** A merchant's manual adjustment may take the balance below zero (H-14); nothing else may. */
  allowNegative?: boolean;
}

export interface PostedEntry {
  entry: LedgerEntryRow;
  replayed: boolean;
  /** The customer's balances right after this entry; null when replayed (nothing moved). */
  balance: repo.Balance | null;
}

/** The hash of everything that defines an entry's effect: a replay must match it exactly. */
export function hashEntryInput(e: EntryInput): string {
  const canonical = JSON.stringify([
    e.customerId,
    e.activityType,
    e.available ?? 0,
    e.pending ?? 0,
    e.tierPoints ?? 0,
    e.programId ?? null,
    e.sourceRef ?? null,
    e.reversesEntryId ?? null,
    e.holdId ?? null,
    e.expiresAt ? e.expiresAt.toISOString() : null,
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}

/**
 * Appends one entry and moves the balances, exactly once per idempotency key: the same key with the
 * same input answers the first entry (replayed), with different input it is refused.
 */
export async function postEntry(trx: Tx, input: EntryInput): Promise<PostedEntry> {
  // A service booking a refund as a credit is a bug, caught here before it reaches a balance.
  const shapeError = checkEntryShape(input);
  if (shapeError) throw new Error(`ledger entry ${input.idempotencyKey}: ${shapeError}`);
  const inputHash = hashEntryInput(input);
  const posted = await repo.insertEntryAndMoveBalance(
    trx,
    {
      shopId: input.shopId,
      customerId: input.customerId,
      activityType: input.activityType,
      availableDelta: input.available ?? 0,
      pendingDelta: input.pending ?? 0,
      tierPointsDelta: input.tierPoints ?? 0,
      idempotencyKey: input.idempotencyKey,
      inputHash,
      reversesEntryId: input.reversesEntryId ?? null,
      holdId: input.holdId ?? null,
      programId: input.programId ?? null,
      sourceRef: input.sourceRef ?? null,
      note: input.note ?? null,
      actor: input.actor ?? null,
      expiresAt: input.expiresAt ?? null,
    },
    input.allowNegative ?? false,
  );
  if (!posted) {
    const existing = await repo.findEntryByKey(trx, input.shopId, input.idempotencyKey);
    if (!existing) throw new Error(`ledger entry ${input.idempotencyKey} vanished`);
    if (existing.input_hash !== inputHash) throw new AppError("idempotency_conflict", 409);
    return { entry: existing, replayed: true, balance: null };
  }
  // Throwing rolls the whole transaction back, the inserted entry included.
  if (!posted.balance) throw new AppError("insufficient_points", 409);
  return { entry: posted.entry, replayed: false, balance: posted.balance };
}

export interface HoldResult {
  hold: HoldRow;
  replayed: boolean;
  /** Balances right after the reservation; null when replayed. */
  balance: repo.Balance | null;
}

/**
 * Reserves points for a redemption (two-phase, TigerBeetle-style): the points leave `available`
 * now; `postHold` keeps them spent, `voidHold` returns them. Each happens once.
 */
export async function reserveHold(
  trx: Tx,
  input: {
    shopId: string;
    customerId: string;
    holdId: string;
    points: number;
    idempotencyKey: string;
    activityType: ActivityType;
    programId?: string | null;
    actor?: string | null;
  },
): Promise<HoldResult> {
  if (!Number.isInteger(input.points) || input.points <= 0) {
    throw new AppError("validation_failed", 400, "Redeem amount must be greater than 0", [
      { field: "points", message: "Redeem amount must be greater than 0" },
    ]);
  }
  const hold = await repo.insertHold(trx, {
    shopId: input.shopId,
    id: input.holdId,
    customerId: input.customerId,
    points: input.points,
    key: input.idempotencyKey,
  });
  if (!hold) {
    const existing = await repo.findHoldByKey(trx, input.shopId, input.idempotencyKey);
    if (!existing) throw new Error(`hold ${input.idempotencyKey} vanished`);
    if (existing.customer_id !== input.customerId || existing.points !== input.points) {
      throw new AppError("idempotency_conflict", 409);
    }
    return { hold: existing, replayed: true, balance: null };
  }
  const { balance } = await postEntry(trx, {
    shopId: input.shopId,
    customerId: input.customerId,
    activityType: input.activityType,
    available: -input.points,
    idempotencyKey: `hold:${hold.id}:reserve`,
    holdId: hold.id,
    programId: input.programId ?? null,
    actor: input.actor ?? null,
  });
  return { hold, replayed: false, balance };
}

/** Finalises a reservation: the points stay spent. A second call changes nothing. */
export async function postHold(trx: Tx, shopId: string, holdId: string, at: Date): Promise<HoldRow> {
  const resolved = await repo.resolveHold(trx, shopId, holdId, "posted", at);
  if (resolved) return resolved;
  const hold = await repo.findHold(trx, shopId, holdId);
  if (!hold) throw new AppError("hold_not_found", 404);
  return hold;
}

/** Cancels a reservation and returns its points, once; a voided or posted hold is left as it is. */
export async function voidHold(
  trx: Tx,
  shopId: string,
  holdId: string,
  at: Date,
  activityType: ActivityType,
): Promise<HoldRow> {
  const resolved = await repo.resolveHold(trx, shopId, holdId, "voided", at);
  if (!resolved) {
    const hold = await repo.findHold(trx, shopId, holdId);
    if (!hold) throw new AppError("hold_not_found", 404);
    return hold;
  }
  await postEntry(trx, {
    shopId,
    customerId: resolved.customer_id,
    activityType,
    available: resolved.points,
    idempotencyKey: `hold:${holdId}:void`,
    holdId,
  });
  return resolved;
}

export interface LedgerAuditReport {
  balanceMismatches: Awaited<ReturnType<typeof repo.findBalanceMismatches>>;
  holdMismatches: Awaited<ReturnType<typeof repo.findHoldMismatches>>;
}

/** Proves cached balance = sum of entries, and every hold's entries match its state. */
export async function auditLedger(
  conn: Parameters<typeof repo.findBalanceMismatches>[0],
  shopId?: string,
): Promise<LedgerAuditReport> {
  const [balanceMismatches, holdMismatches] = await Promise.all([
    repo.findBalanceMismatches(conn, shopId),
    repo.findHoldMismatches(conn, shopId),
  ]);
  return { balanceMismatches, holdMismatches };
}

/**
 * Earlier awards of a customer, as the domain's limit rules want them ({ programId, at }). The
 * entry about `excludingSource` (the order being decided) is left out.
 */
export async function listPriorAwards(
  conn: Db | Tx,
  shopId: string,
  customerId: string,
  activityTypes: ActivityType[],
  excludingSource: string | null = null,
): Promise<{ programId: string; at: string }[]> {
  const rows = await repo.listEntriesOfTypes(conn, shopId, customerId, activityTypes, null);
  return rows
    .filter((r) => r.program_id !== null && (excludingSource === null || r.source_ref !== excludingSource))
    .map((r) => ({ programId: r.program_id as string, at: r.created_at.toISOString() }));
}

/** Programs that have credited this customer at least once (one-time ways to earn show as done). */
export async function listEarnedProgramIds(
  conn: Db | Tx,
  shopId: string,
  customerId: string,
): Promise<Set<string>> {
  return new Set(await repo.listProgramIdsWithEntries(conn, shopId, customerId));
}

export { entriesDatedAt } from "./ledger.repository";
