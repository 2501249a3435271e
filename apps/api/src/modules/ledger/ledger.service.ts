import { createHash } from "node:crypto";
import { errorMessages } from "@laurel/contracts";
import type { Db, HoldRow, LedgerEntryRow, Tx } from "@laurel/db";
import {
  type ActivityType,
  checkEntryShape,
  checkIdempotency,
  entryInputHash,
  exceedsBalanceLimit,
  MAX_POINTS_BALANCE,
} from "@laurel/domain";
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

/**
 * The hash of everything that defines an entry's effect: a replay must match it exactly. The
 * domain decides what that is (`entryInputHash`, its canonical form; `checkIdempotency`); the
 * server only digests it, since the domain imports no crypto.
 */
export function hashEntryInput(e: EntryInput): string {
  return createHash("sha256").update(entryInputHash(e)).digest("base64url");
}

/** The digest entries were stored with before the domain's canonical form (migration-free reads). */
function legacyEntryHash(e: EntryInput): string {
  const fields = [e.customerId, e.activityType, e.available ?? 0, e.pending ?? 0, e.tierPoints ?? 0];
  const refs = [e.programId ?? null, e.sourceRef ?? null, e.reversesEntryId ?? null, e.holdId ?? null];
  const canonical = JSON.stringify([...fields, ...refs, e.expiresAt ? e.expiresAt.toISOString() : null]);
  return createHash("sha256").update(canonical).digest("base64url");
}

/** Is a second posting with this key a replay of the stored entry, or a conflicting one? */
function replayOrConflict(storedHash: string, input: EntryInput, inputHash: string) {
  const check = checkIdempotency(storedHash, inputHash);
  return check === "conflict" && storedHash === legacyEntryHash(input) ? "replay" : check;
}

/**
 * Appends one entry and moves the balances, exactly once per idempotency key: the same key with the
 * same input answers the first entry (replayed), with different input it is refused.
 */
export async function postEntry(trx: Tx, input: EntryInput): Promise<PostedEntry> {
  // A service booking a refund as a credit is a bug, caught here before it reaches a balance.
  const shapeError = checkEntryShape(input);
  if (shapeError) throw new Error(`ledger entry ${input.idempotencyKey}: ${shapeError}`);
  const deltas = [input.available ?? 0, input.pending ?? 0, input.tierPoints ?? 0];
  if (deltas.some((d) => !Number.isSafeInteger(d) || Math.abs(d) > MAX_POINTS_BALANCE)) {
    throw balanceLimitError();
  }
  const inputHash = hashEntryInput(input);
  const posted = await repo.insertEntryAndMoveBalance(
    trx,
    toNewEntry(input, inputHash),
    input.allowNegative ?? false,
  );
  if (!posted) {
    const existing = await repo.findEntryByKey(trx, input.shopId, input.idempotencyKey);
    if (!existing) throw new Error(`ledger entry ${input.idempotencyKey} vanished`);
    if (replayOrConflict(existing.input_hash, input, inputHash) === "conflict") {
      throw new AppError("idempotency_conflict", 409);
    }
    return { entry: existing, replayed: true, balance: null };
  }
  // Throwing rolls the whole transaction back, the inserted entry included.
  if (!posted.balance) throw await whyRefused(trx, input);
  return { entry: posted.entry, replayed: false, balance: posted.balance };
}

/**
 * Appends many entries and moves every customer's balances once (set-based: the order pipeline's
 * batches). Each key is posted at most once, as `postEntry` does: a key already held with the same
 * input is a replay and moves nothing; with a different input the whole call is refused. Balances
 * are never overdrawn: the caller has decided under the customers' row locks, and the update
 * refuses a negative result all the same (the transaction then rolls back).
 */
export async function postEntries(trx: Tx, inputs: readonly EntryInput[]): Promise<{ replayed: number }> {
  if (inputs.length === 0) return { replayed: 0 };
  const entries = inputs.map((input) => {
    const shapeError = checkEntryShape(input);
    if (shapeError) throw new Error(`ledger entry ${input.idempotencyKey}: ${shapeError}`);
    return toNewEntry(input, hashEntryInput(input));
  });
  const inserted = await repo.insertEntries(trx, entries);
  const fresh = new Set(inserted);
  const replays = entries.flatMap((e, i) =>
    fresh.has(`${e.shopId}\n${e.idempotencyKey}`) ? [] : [{ entry: e, input: inputs[i] as EntryInput }],
  );
  for (const { entry, input } of replays) {
    const existing = await repo.findEntryByKey(trx, entry.shopId, entry.idempotencyKey);
    if (!existing || replayOrConflict(existing.input_hash, input, entry.inputHash) === "conflict") {
      throw new AppError("idempotency_conflict", 409);
    }
  }
  const moves = new Map<string, repo.BalanceMove>();
  for (const e of entries) {
    if (!fresh.has(`${e.shopId}\n${e.idempotencyKey}`)) continue;
    const key = `${e.shopId}\n${e.customerId}`;
    const m = moves.get(key) ?? {
      shopId: e.shopId,
      customerId: e.customerId,
      available: 0,
      pending: 0,
      tier: 0,
    };
    m.available += e.availableDelta;
    m.pending += e.pendingDelta;
    m.tier += e.tierPointsDelta;
    moves.set(key, m);
  }
  const moved = await repo.moveBalances(trx, [...moves.values()]);
  if (moved !== moves.size) {
    // Say why, as `postEntry` does: past the balance bound (a 400 the pipeline parks), or not enough.
    for (const m of moves.values()) {
      const b = await repo.findBalance(trx, m.shopId, m.customerId);
      if (
        b &&
        (exceedsBalanceLimit(b.available, m.available) ||
          exceedsBalanceLimit(b.pending, m.pending) ||
          exceedsBalanceLimit(b.tier, m.tier))
      ) {
        throw balanceLimitError();
      }
    }
    throw new AppError("insufficient_points", 409);
  }
  return { replayed: replays.length };
}

function toNewEntry(input: EntryInput, inputHash: string): repo.NewEntry {
  return {
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
  };
}

/** A 400 naming `points`: what every caller (adjustment, earning, refund) is asked to change. */
export function balanceLimitError(): AppError {
  const message = `${errorMessages.points_balance_limit} A balance must stay between -${MAX_POINTS_BALANCE.toLocaleString("en-US")} and ${MAX_POINTS_BALANCE.toLocaleString("en-US")} points.`;
  return new AppError("points_balance_limit", 400, message, [{ field: "points", message }]);
}

/** The guarded UPDATE refused the move: over the balance bound, or not enough points. */
async function whyRefused(trx: Tx, input: EntryInput): Promise<AppError> {
  const balance = await repo.findBalance(trx, input.shopId, input.customerId);
  if (
    balance &&
    (exceedsBalanceLimit(balance.available, input.available ?? 0) ||
      exceedsBalanceLimit(balance.pending, input.pending ?? 0) ||
      exceedsBalanceLimit(balance.tier, input.tierPoints ?? 0))
  ) {
    return balanceLimitError();
  }
  return new AppError("insufficient_points", 409);
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

/** `listPriorAwards` for many customers at once (one query): customer id → awards, oldest first. */
export async function listPriorAwardsOfCustomers(
  conn: Db | Tx,
  shopId: string,
  customerIds: readonly string[],
  activityTypes: ActivityType[],
): Promise<Map<string, { programId: string; at: string }[]>> {
  const out = new Map<string, { programId: string; at: string }[]>();
  if (customerIds.length === 0) return out;
  for (const r of await repo.listEntriesOfTypesForCustomers(conn, shopId, customerIds, activityTypes)) {
    if (r.program_id === null) continue;
    const list = out.get(r.customer_id) ?? [];
    list.push({ programId: r.program_id, at: r.created_at.toISOString() });
    out.set(r.customer_id, list);
  }
  return out;
}

export { entriesDatedAt, listEntriesOfSources } from "./ledger.repository";
