import type { Db, Tx } from "@laurel/db";

export interface ApiKeyRow {
  shop_id: string;
  id: string;
  prefix: string;
  secret_hash: string;
  created_at: Date;
  last_used_at: Date | null;
}

const columns = ["shop_id", "id", "prefix", "secret_hash", "created_at", "last_used_at"] as const;

export function findLiveKey(db: Db | Tx, shopId: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom("api_keys")
    .select(columns)
    .where("shop_id", "=", shopId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** The live key whose lookup matches (the caller compares the hash). */
export function findLiveKeyByLookup(db: Db, lookup: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom("api_keys")
    .select(columns)
    .where("lookup", "=", lookup)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** Locks the shop's live key (generate and rotate decide on it). */
export function lockLiveKey(trx: Tx, shopId: string): Promise<ApiKeyRow | undefined> {
  return trx
    .selectFrom("api_keys")
    .select(columns)
    .where("shop_id", "=", shopId)
    .where("revoked_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertKey(
  trx: Tx,
  key: {
    shopId: string;
    id: string;
    lookup: string;
    prefix: string;
    secretHash: string;
    createdBy: string | null;
    now: Date;
  },
): Promise<ApiKeyRow> {
  return trx
    .insertInto("api_keys")
    .values({
      shop_id: key.shopId,
      id: key.id,
      lookup: key.lookup,
      prefix: key.prefix,
      secret_hash: key.secretHash,
      created_by: key.createdBy,
      created_at: key.now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function revokeKey(trx: Tx, shopId: string, id: string, now: Date): Promise<void> {
  await trx
    .updateTable("api_keys")
    .set({ revoked_at: now })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

/** Records a use at most once a minute per key, so a busy integration does not write on every call. */
export async function touchKey(db: Db, shopId: string, id: string, now: Date): Promise<void> {
  await db
    .updateTable("api_keys")
    .set({ last_used_at: now })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where((eb) =>
      eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", new Date(now.getTime() - 60_000))]),
    )
    .execute();
}
