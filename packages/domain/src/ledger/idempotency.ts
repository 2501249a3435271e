import { type Instant, toEpochMs, toIso } from "../redemption/time";

/**
 * Idempotency (DESIGN §4): every entry has a key unique per shop and a canonical form of its
 * inputs. The same key with the same inputs replays the first result; with different inputs it is
 * refused. The caller hashes the canonical string (the domain imports no crypto).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * JSON with object keys sorted at every level and `undefined` properties dropped, so equal
 * values give equal strings whatever order they were built in. Non-finite numbers are refused.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(toCanonical(value));
}

function toCanonical(value: unknown): Json {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`Cannot canonicalise ${value}`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : toCanonical(v)));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    // No prototype: a key named "__proto__" is then an ordinary key, not a prototype setter.
    const out: { [key: string]: Json } = Object.create(null);
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = toCanonical(v);
    }
    return out;
  }
  throw new TypeError(`Cannot canonicalise a ${typeof value}`);
}

/** What defines an entry's effect; notes and actors do not, so they may differ on a replay. */
export interface EntryInput {
  customerId: string;
  activityType: string;
  available?: number;
  pending?: number;
  tierPoints?: number;
  programId?: string | null;
  sourceRef?: string | null;
  reversesEntryId?: number | string | null;
  holdId?: string | null;
  expiresAt?: Instant | Date | null;
}

/** The canonical string of an entry's inputs, defaults filled so omitted and zero agree. */
export function entryInputHash(input: EntryInput): string {
  const expiresAt = input.expiresAt ?? null;
  return canonicalJson({
    activityType: input.activityType,
    available: input.available ?? 0,
    customerId: input.customerId,
    expiresAt:
      expiresAt === null
        ? null
        : toIso(expiresAt instanceof Date ? expiresAt.getTime() : toEpochMs(expiresAt)),
    holdId: input.holdId ?? null,
    pending: input.pending ?? 0,
    programId: input.programId ?? null,
    reversesEntryId: input.reversesEntryId ?? null,
    sourceRef: input.sourceRef ?? null,
    tierPoints: input.tierPoints ?? 0,
  });
}

export type IdempotencyCheck = "new" | "replay" | "conflict";

/** `existing`: the stored hash for the key, if any. */
export function checkIdempotency(
  existing: string | { inputHash: string } | null | undefined,
  incoming: string | { inputHash: string },
): IdempotencyCheck {
  if (existing === null || existing === undefined) return "new";
  const a = typeof existing === "string" ? existing : existing.inputHash;
  const b = typeof incoming === "string" ? incoming : incoming.inputHash;
  return a === b ? "replay" : "conflict";
}
