import type { Db, HoldRow, LedgerEntryRow, Tx } from "@laurel/db";
import { MAX_POINTS_BALANCE } from "@laurel/domain";
import { type RawBuilder, sql } from "kysely";

type Conn = Db | Tx;

export interface NewEntry {
  shopId: string;
  customerId: string;
  activityType: string;
  availableDelta: number;
  pendingDelta: number;
  tierPointsDelta: number;
  idempotencyKey: string;
  inputHash: string;
  reversesEntryId?: number | null;
  holdId?: string | null;
  programId?: string | null;
  sourceRef?: string | null;
  note?: string | null;
  actor?: string | null;
  expiresAt?: Date | null;
}

/** A customer's cached balances. */
export interface Balance {
  available: number;
  pending: number;
  tier: number;
}

const entryValues = (e: NewEntry) => ({
  shop_id: e.shopId,
  customer_id: e.customerId,
  activity_type: e.activityType,
  available_delta: e.availableDelta,
  pending_delta: e.pendingDelta,
  tier_points_delta: e.tierPointsDelta,
  idempotency_key: e.idempotencyKey,
  input_hash: e.inputHash,
  reverses_entry_id: e.reversesEntryId ?? null,
  hold_id: e.holdId ?? null,
  program_id: e.programId ?? null,
  source_ref: e.sourceRef ?? null,
  note: e.note ?? null,
  actor: e.actor ?? null,
  expires_at: e.expiresAt ?? null,
  // When the source event happened: now, unless the transaction says otherwise (see entriesDatedAt).
  created_at: sql<Date>`coalesce(nullif(current_setting('laurel.entry_time', true), '')::timestamptz, now())`,
});

/**
 * A balance column may move away from zero only while it stays within ±MAX_POINTS_BALANCE (decision
 * 0031); computed in bigint so the check itself cannot overflow the 32-bit column.
 */
function withinBalanceLimit(column: string, delta: number): RawBuilder<boolean> {
  const after = sql`(${sql.ref(column)}::bigint + ${delta})`;
  return sql<boolean>`(abs(${after}) <= ${MAX_POINTS_BALANCE} or abs(${after}) < abs(${sql.ref(column)}::bigint))`;
}

/**
 * Entries written for the rest of this transaction are dated `at`: a backfill (the demo seed's
 * history) writes past events through the same services, dated when they happened (decision 0046).
 */
export async function entriesDatedAt(trx: Tx, at: Date): Promise<void> {
  await sql`select set_config('laurel.entry_time', ${at.toISOString()}, true)`.execute(trx);
}

/**
 * Appends the entry unless its key exists for the shop, and moves the customer's cached balances
 * by its deltas — one statement (a data-modifying CTE), as every earn and spend does it.
 * Undefined when the key exists (nothing moved); `moved: false` when the balance guard refused
 * (the caller throws, rolling the insert back). The guard is re-checked on the newest row version
 * after the row lock (READ COMMITTED), so concurrent spenders cannot overdraw.
 */
export async function insertEntryAndMoveBalance(
  trx: Tx,
  e: NewEntry,
  allowNegativeAvailable: boolean,
): Promise<{ entry: LedgerEntryRow; balance: Balance | null } | undefined> {
  const row = await trx
    .with("inserted", (db) =>
      db
        .insertInto("ledger_entries")
        .values(entryValues(e))
        .onConflict((oc) => oc.columns(["shop_id", "idempotency_key"]).doNothing())
        .returningAll(),
    )
    .with("moved", (db) => {
      let q = db
        .updateTable("customers")
        .set({
          available_points: sql`available_points + ${e.availableDelta}`,
          pending_points: sql`pending_points + ${e.pendingDelta}`,
          tier_points: sql`tier_points + ${e.tierPointsDelta}`,
          updated_at: sql`now()`,
        })
        .where("shop_id", "=", e.shopId)
        .where("id", "=", e.customerId)
        .where(sql<boolean>`exists (select 1 from inserted)`)
        .where(sql<boolean>`pending_points + ${e.pendingDelta} >= 0`);
      if (!allowNegativeAvailable && e.availableDelta < 0) {
        q = q.where(sql<boolean>`available_points + ${e.availableDelta} >= 0`);
      }
      if (e.availableDelta !== 0) q = q.where(withinBalanceLimit("available_points", e.availableDelta));
      if (e.pendingDelta !== 0) q = q.where(withinBalanceLimit("pending_points", e.pendingDelta));
      if (e.tierPointsDelta !== 0) q = q.where(withinBalanceLimit("tier_points", e.tierPointsDelta));
      return q.returning(["available_points", "pending_points", "tier_points"]);
    })
    .selectFrom("inserted")
    .leftJoin("moved", (join) => join.on(sql<boolean>`true`))
    .selectAll("inserted")
    .select(["moved.available_points", "moved.pending_points", "moved.tier_points"])
    .executeTakeFirst();
  if (!row) return undefined;
  const { available_points, pending_points, tier_points, ...entry } = row;
  const balance =
    available_points === null || pending_points === null || tier_points === null
      ? null
      : { available: available_points, pending: pending_points, tier: tier_points };
  return { entry: entry as LedgerEntryRow, balance };
}

/**
 * Inserts entries whose keys are new for their shop; answers the inserted `shop\nkey` pairs. One
 * statement whatever the count: each column travels as one array (`unnest`), so a batch of
 * thousands costs fifteen parameters, not fifteen per entry (decision 0169).
 */
export async function insertEntries(trx: Tx, entries: readonly NewEntry[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const col = <T>(f: (e: NewEntry) => T) => entries.map(f);
  const r = await sql<{ shop_id: string; idempotency_key: string }>`
    insert into ledger_entries (shop_id, customer_id, activity_type, available_delta, pending_delta,
      tier_points_delta, idempotency_key, input_hash, reverses_entry_id, hold_id, program_id,
      source_ref, note, actor, expires_at, created_at)
    select e.*, coalesce(nullif(current_setting('laurel.entry_time', true), '')::timestamptz, now())
    from unnest(
      ${col((e) => e.shopId)}::text[], ${col((e) => e.customerId)}::text[],
      ${col((e) => e.activityType)}::text[], ${col((e) => e.availableDelta)}::int[],
      ${col((e) => e.pendingDelta)}::int[], ${col((e) => e.tierPointsDelta)}::int[],
      ${col((e) => e.idempotencyKey)}::text[], ${col((e) => e.inputHash)}::text[],
      ${col((e) => e.reversesEntryId ?? null)}::bigint[], ${col((e) => e.holdId ?? null)}::text[],
      ${col((e) => e.programId ?? null)}::text[], ${col((e) => e.sourceRef ?? null)}::text[],
      ${col((e) => e.note ?? null)}::text[], ${col((e) => e.actor ?? null)}::text[],
      ${col((e) => e.expiresAt?.toISOString() ?? null)}::timestamptz[]
    ) as e
    on conflict (shop_id, idempotency_key) do nothing
    returning shop_id, idempotency_key`.execute(trx);
  return r.rows.map((row) => `${row.shop_id}\n${row.idempotency_key}`);
}

export interface BalanceMove {
  shopId: string;
  customerId: string;
  available: number;
  pending: number;
  tier: number;
}

/**
 * Moves many customers' cached balances in one statement; a move that would leave a negative
 * available or pending balance is not made. Answers how many customers moved. The moves travel as
 * five arrays (`unnest`), as the entries do.
 */
export async function moveBalances(trx: Tx, moves: readonly BalanceMove[]): Promise<number> {
  if (moves.length === 0) return 0;
  // Bounds as in `insertEntryAndMoveBalance` (decision 0031), in bigint: no int4 overflow.
  const within = (column: string, delta: string) => {
    const after = sql`(c.${sql.raw(column)}::bigint + v.${sql.raw(delta)})`;
    return sql`(abs(${after}) <= ${MAX_POINTS_BALANCE} or abs(${after}) < abs(c.${sql.raw(column)}::bigint))`;
  };
  const r = await sql`
    update customers c set
      available_points = c.available_points + v.available,
      pending_points = c.pending_points + v.pending,
      tier_points = c.tier_points + v.tier,
      updated_at = now()
    from unnest(${moves.map((m) => m.shopId)}::text[], ${moves.map((m) => m.customerId)}::text[],
      ${moves.map((m) => m.available)}::bigint[], ${moves.map((m) => m.pending)}::bigint[],
      ${moves.map((m) => m.tier)}::bigint[]) as v (shop_id, id, available, pending, tier)
    where c.shop_id = v.shop_id and c.id = v.id
      and c.pending_points + v.pending >= 0
      and (v.available >= 0 or c.available_points + v.available >= 0)
      and ${within("available_points", "available")} and ${within("pending_points", "pending")}
      and ${within("tier_points", "tier")}`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** A customer's cached balances (to explain a refused move), or undefined when there is no such customer. */
export async function findBalance(
  conn: Conn,
  shopId: string,
  customerId: string,
): Promise<Balance | undefined> {
  const row = await conn
    .selectFrom("customers")
    .select(["available_points", "pending_points", "tier_points"])
    .where("shop_id", "=", shopId)
    .where("id", "=", customerId)
    .executeTakeFirst();
  return row && { available: row.available_points, pending: row.pending_points, tier: row.tier_points };
}

export function findEntryByKey(conn: Conn, shopId: string, key: string): Promise<LedgerEntryRow | undefined> {
  return conn
    .selectFrom("ledger_entries")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

export function insertHold(
  trx: Tx,
  h: { shopId: string; id: string; customerId: string; points: number; key: string },
) {
  return trx
    .insertInto("holds")
    .values({
      shop_id: h.shopId,
      id: h.id,
      customer_id: h.customerId,
      points: h.points,
      idempotency_key: h.key,
    })
    .onConflict((oc) => oc.columns(["shop_id", "idempotency_key"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findHold(conn: Conn, shopId: string, holdId: string): Promise<HoldRow | undefined> {
  return conn
    .selectFrom("holds")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", holdId)
    .executeTakeFirst();
}

export function findHoldByKey(conn: Conn, shopId: string, key: string): Promise<HoldRow | undefined> {
  return conn
    .selectFrom("holds")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/** Moves a reserved hold to its final state; undefined when it was already resolved. */
export function resolveHold(trx: Tx, shopId: string, holdId: string, state: "posted" | "voided", at: Date) {
  return trx
    .updateTable("holds")
    .set({ state, resolved_at: at })
    .where("shop_id", "=", shopId)
    .where("id", "=", holdId)
    .where("state", "=", "reserved")
    .returningAll()
    .executeTakeFirst();
}

/** Customers whose cached balances differ from the sums of their entries. */
export async function findBalanceMismatches(conn: Conn, shopId?: string) {
  let q = conn
    .selectFrom("customers as c")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("ledger_entries")
          .select((s) => [
            "shop_id",
            "customer_id",
            s.fn.sum<number>("available_delta").as("available"),
            s.fn.sum<number>("pending_delta").as("pending"),
            s.fn.sum<number>("tier_points_delta").as("tier"),
          ])
          .groupBy(["shop_id", "customer_id"])
          .as("s"),
      (join) => join.onRef("s.shop_id", "=", "c.shop_id").onRef("s.customer_id", "=", "c.id"),
    )
    .select([
      "c.shop_id",
      "c.id",
      "c.available_points",
      "c.pending_points",
      "c.tier_points",
      sql<number>`coalesce(s.available, 0)::int`.as("sum_available"),
      sql<number>`coalesce(s.pending, 0)::int`.as("sum_pending"),
      sql<number>`coalesce(s.tier, 0)::int`.as("sum_tier"),
    ])
    .where(
      sql<boolean>`(c.available_points, c.pending_points, c.tier_points) is distinct from
        (coalesce(s.available, 0)::int, coalesce(s.pending, 0)::int, coalesce(s.tier, 0)::int)`,
    );
  if (shopId) q = q.where("c.shop_id", "=", shopId);
  return q.execute();
}

/** Holds whose entries disagree with their state: a reserve entry missing, or a void without its refund. */
export async function findHoldMismatches(conn: Conn, shopId?: string) {
  const r = await sql<{ shop_id: string; id: string; state: string; problem: string }>`
    select h.shop_id, h.id, h.state,
      case
        when reserve.n <> 1 then 'expected exactly one reserve entry'
        when h.state = 'voided' and coalesce(void.n, 0) <> 1 then 'voided hold without exactly one refund entry'
        when h.state <> 'voided' and coalesce(void.n, 0) <> 0 then 'refund entry on a hold that is not voided'
      end as problem
    from holds h
    left join lateral (
      select count(*)::int as n from ledger_entries e
      where e.shop_id = h.shop_id and e.hold_id = h.id and e.available_delta = -h.points
    ) reserve on true
    left join lateral (
      select count(*)::int as n from ledger_entries e
      where e.shop_id = h.shop_id and e.hold_id = h.id and e.available_delta = h.points
    ) void on true
    where (${shopId ?? null}::text is null or h.shop_id = ${shopId ?? null})
      and (reserve.n <> 1
        or (h.state = 'voided' and coalesce(void.n, 0) <> 1)
        or (h.state <> 'voided' and coalesce(void.n, 0) <> 0))`.execute(conn);
  return r.rows;
}

/** A customer's entries of the given activities since an instant (limits, anti-cheat). */
export function listEntriesOfTypes(
  conn: Conn,
  shopId: string,
  customerId: string,
  activityTypes: string[],
  since: Date | null,
) {
  let q = conn
    .selectFrom("ledger_entries")
    .select(["program_id", "created_at", "source_ref"])
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("activity_type", "in", activityTypes);
  if (since) q = q.where("created_at", ">=", since);
  return q.orderBy("id").execute();
}

export function listEntriesOfTypesForCustomers(
  conn: Conn,
  shopId: string,
  customerIds: readonly string[],
  activityTypes: string[],
) {
  return conn
    .selectFrom("ledger_entries")
    .select(["customer_id", "program_id", "created_at"])
    .where("shop_id", "=", shopId)
    .where("customer_id", "in", [...customerIds])
    .where("activity_type", "in", activityTypes)
    .orderBy("id")
    .execute();
}

/** The entries an order produced (its `source_ref`), oldest first (issue 14's explanations). */
export function listEntriesOfSources(conn: Db | Tx, shopId: string, sourceRefs: readonly string[]) {
  if (sourceRefs.length === 0) return Promise.resolve([]);
  return conn
    .selectFrom("ledger_entries")
    .select([
      "id",
      "source_ref",
      "activity_type",
      "available_delta",
      "pending_delta",
      "program_id",
      "note",
      "created_at",
    ])
    .where("shop_id", "=", shopId)
    .where("source_ref", "in", sourceRefs)
    .orderBy("id")
    .execute();
}
