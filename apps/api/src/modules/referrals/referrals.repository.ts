import type { Db, ReferralRow, ReferralStatus, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

export function findSettings(conn: Conn, shopId: string) {
  return conn
    .selectFrom("referral_settings")
    .select(["settings", "unlock_unlimited"])
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
}

export async function lockSettings(trx: Tx, shopId: string): Promise<void> {
  await trx
    .selectFrom("referral_settings")
    .select("shop_id")
    .where("shop_id", "=", shopId)
    .forUpdate()
    .execute();
}

export async function upsertSettings(trx: Tx, shopId: string, settings: object, at: Date) {
  await trx
    .insertInto("referral_settings")
    .values({ shop_id: shopId, settings: JSON.stringify(settings), updated_at: at })
    .onConflict((oc) =>
      oc.column("shop_id").doUpdateSet({ settings: JSON.stringify(settings), updated_at: at }),
    )
    .execute();
}

export function findLinkOfCustomer(conn: Conn, shopId: string, customerId: string) {
  return conn
    .selectFrom("referral_links")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
}

export function findLinkByCode(conn: Conn, shopId: string, code: string) {
  return conn
    .selectFrom("referral_links")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("code", "=", code)
    .executeTakeFirst();
}

/** Inserts the link unless the customer has one (or the code is taken): the caller reads it back. */
export async function insertLink(trx: Tx, shopId: string, customerId: string, code: string, at: Date) {
  await trx
    .insertInto("referral_links")
    .values({ shop_id: shopId, customer_id: customerId, code, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setLinkFingerprints(
  trx: Tx,
  shopId: string,
  customerId: string,
  deviceIds: readonly string[],
  ipHashes: readonly string[],
) {
  await trx
    .updateTable("referral_links")
    .set({ device_ids: JSON.stringify(deviceIds), ip_hashes: JSON.stringify(ipHashes) })
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .execute();
}

export interface NewReferral {
  shopId: string;
  id: string;
  code: string;
  referrerId: string;
  friendId: string | null;
  friendEmail: string | null;
  status: ReferralStatus;
  reason: string | null;
  deviceId: string | null;
  ipHash: string | null;
  at: Date;
}

/** Inserts a referral; a live referral for the same friend already there makes it return null. */
export async function insertReferral(trx: Tx, r: NewReferral): Promise<ReferralRow | null> {
  const row = await trx
    .insertInto("referrals")
    .values({
      shop_id: r.shopId,
      id: r.id,
      code: r.code,
      referrer_id: r.referrerId,
      friend_id: r.friendId,
      friend_email: r.friendEmail,
      status: r.status,
      reason: r.reason,
      device_id: r.deviceId,
      ip_hash: r.ipHash,
      created_at: r.at,
      updated_at: r.at,
      canceled_at: r.status === "canceled" ? r.at : null,
    })
    .onConflict((oc) =>
      oc
        .columns(["shop_id", "friend_id"])
        .where("friend_id", "is not", null)
        .where("status", "<>", "canceled")
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export function findLiveReferralOfFriend(conn: Conn, shopId: string, friendId: string) {
  return conn
    .selectFrom("referrals")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("friend_id", "=", friendId)
    .where("status", "<>", "canceled")
    .executeTakeFirst();
}

export function findReferral(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("referrals")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function setReferrerReward(trx: Tx, shopId: string, id: string, reward: object) {
  await trx
    .updateTable("referrals")
    .set({ referrer_reward: JSON.stringify(reward) })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export async function setFriendReward(trx: Tx, shopId: string, id: string, reward: object) {
  await trx
    .updateTable("referrals")
    .set({ friend_reward: JSON.stringify(reward) })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .execute();
}

export async function countCompletedSince(conn: Conn, shopId: string, since: Date): Promise<number> {
  const row = await conn
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("shop_id", "=", shopId)
    .where("status", "=", "completed")
    .where("completed_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOfReferrer(conn: Conn, shopId: string, referrerId: string) {
  const rows = await conn
    .selectFrom("referrals")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("shop_id", "=", shopId)
    .where("referrer_id", "=", referrerId)
    .where("reason", "is", null)
    .groupBy("status")
    .execute();
  const of = (s: ReferralStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { pending: of("pending"), completed: of("completed") };
}

/** The live referrals of these friends, locked for the batch (one shop). */
export function lockLiveReferralsOfFriends(trx: Tx, shopId: string, friendIds: readonly string[]) {
  if (friendIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("referrals")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("friend_id", "in", friendIds)
    .where("status", "<>", "canceled")
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** Paid orders of these customers placed before the given order ids (first-order check). */
export async function customersWithEarlierPaidOrders(
  trx: Tx,
  shopId: string,
  pairs: readonly { customerId: string; orderId: string; orderedAt: Date }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await trx
    .selectFrom("orders")
    .select(["customer_id", "order_id", "ordered_at"])
    .where("shop_id", "=", shopId)
    .where(
      "customer_id",
      "in",
      pairs.map((p) => p.customerId),
    )
    .where("paid_at", "is not", null)
    .execute();
  const out = new Set<string>();
  for (const p of pairs) {
    const earlier = rows.some(
      (r) => r.customer_id === p.customerId && r.order_id !== p.orderId && r.ordered_at < p.orderedAt,
    );
    if (earlier) out.add(`${p.customerId}\n${p.orderId}`);
  }
  return out;
}

export async function hasPaidOrder(conn: Conn, shopId: string, customerId: string): Promise<boolean> {
  const row = await conn
    .selectFrom("orders")
    .select("order_id")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("paid_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function completeReferral(
  trx: Tx,
  r: { shopId: string; id: string; orderId: string; at: Date; referrerReward: object | null },
) {
  await trx
    .updateTable("referrals")
    .set({
      status: "completed",
      order_id: r.orderId,
      completed_at: r.at,
      updated_at: r.at,
      device_id: null,
      ip_hash: null,
      referrer_reward: r.referrerReward === null ? null : JSON.stringify(r.referrerReward),
    })
    .where("shop_id", "=", r.shopId)
    .where("id", "=", r.id)
    .where("status", "=", "pending")
    .execute();
}

export async function cancelReferral(
  trx: Tx,
  r: { shopId: string; id: string; reason: string; at: Date; orderId: string | null },
) {
  await trx
    .updateTable("referrals")
    .set({
      status: "canceled",
      reason: r.reason,
      canceled_at: r.at,
      updated_at: r.at,
      device_id: null,
      ip_hash: null,
      order_id: r.orderId,
    })
    .where("shop_id", "=", r.shopId)
    .where("id", "=", r.id)
    .where("status", "<>", "canceled")
    .execute();
}

export async function listReferrals(
  conn: Conn,
  shopId: string,
  filter: { status?: ReferralStatus; referrerId?: string },
  page: number,
  pageSize: number,
) {
  let q = conn
    .selectFrom("referrals as r")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "r.shop_id").onRef("c.id", "=", "r.referrer_id"),
    )
    .select([
      "r.id",
      "r.code",
      "r.referrer_id",
      "r.friend_id",
      "r.friend_email",
      "r.status",
      "r.reason",
      "r.order_id",
      "r.created_at",
      "r.completed_at",
      "r.canceled_at",
      "c.first_name",
      "c.last_name",
      "c.email",
    ])
    .where("r.shop_id", "=", shopId);
  if (filter.status) q = q.where("r.status", "=", filter.status);
  if (filter.referrerId) q = q.where("r.referrer_id", "=", filter.referrerId);
  return q
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function countByStatus(conn: Conn, shopId: string, referrerId?: string) {
  let q = conn
    .selectFrom("referrals")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("shop_id", "=", shopId);
  if (referrerId !== undefined) q = q.where("referrer_id", "=", referrerId);
  const rows = await q.groupBy("status").execute();
  const of = (s: ReferralStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { pending: of("pending"), completed: of("completed"), canceled: of("canceled") };
}

export function listWhitelisted(conn: Conn, shopId: string, search: string | undefined) {
  let q = conn
    .selectFrom("customers")
    .select(["id", "first_name", "last_name", "email"])
    .where("shop_id", "=", shopId)
    .where("referral_whitelisted", "=", true);
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb("email", "ilike", like),
        eb(sql<string>`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, "ilike", like),
      ]),
    );
  }
  return q.orderBy("id").limit(500).execute();
}

/** Sets the flag on the shop's customers matching these ids, platform ids or e-mails; returns matches. */
export async function setWhitelisted(
  trx: Tx,
  shopId: string,
  keys: readonly string[],
  on: boolean,
  at: Date,
) {
  const lower = keys.map((k) => k.toLowerCase());
  return trx
    .updateTable("customers")
    .set({ referral_whitelisted: on, updated_at: at })
    .where("shop_id", "=", shopId)
    .where((eb) =>
      eb.or([
        eb("id", "in", keys),
        eb("platform_customer_id", "in", keys),
        eb(sql`lower(email)`, "in", lower),
      ]),
    )
    .returning(["id", "platform_customer_id", "email"])
    .execute();
}

/** Refunded merchandise per order (minor units), whether or not the refunds moved points. */
export async function refundedByOrder(trx: Tx, shopId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await trx
    .selectFrom("order_refunds")
    .select(["order_id", (eb) => eb.fn.sum<string>("amount_minor").as("amount")])
    .where("shop_id", "=", shopId)
    .where("order_id", "in", orderIds)
    .groupBy("order_id")
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.amount)]));
}

/**
 * customers/redact: the shopper's traces in referrals — their e-mail, device id and IP hash as a
 * friend, and the devices and IP hashes seen on their own link. Statuses and rewards stay (the
 * merchant's accounting), as the ledger's amounts do.
 */
export async function eraseReferralTraces(trx: Tx, shopId: string, customerId: string): Promise<void> {
  await trx
    .updateTable("referrals")
    .set({ friend_email: null, device_id: null, ip_hash: null, updated_at: sql`now()` })
    .where("shop_id", "=", shopId)
    .where("friend_id", "=", customerId)
    .execute();
  await trx
    .updateTable("referral_links")
    .set({ device_ids: JSON.stringify([]), ip_hashes: JSON.stringify([]) })
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .execute();
}

// ------------------------------------------------------------------------------------------------
// E-13: the referral pages' design

export function findBranding(conn: Conn, shopId: string) {
  return conn
    .selectFrom("referral_branding")
    .select("branding")
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
}

export async function upsertBranding(trx: Tx, shopId: string, branding: object, at: Date) {
  const json = JSON.stringify(branding);
  await trx
    .insertInto("referral_branding")
    .values({ shop_id: shopId, branding: json, updated_at: at })
    .onConflict((oc) => oc.column("shop_id").doUpdateSet({ branding: json, updated_at: at }))
    .execute();
}

export function findReferrerOfCode(conn: Conn, shopId: string, code: string) {
  return conn
    .selectFrom("referral_links as l")
    .innerJoin("customers as c", (j) =>
      j.onRef("c.shop_id", "=", "l.shop_id").onRef("c.id", "=", "l.customer_id"),
    )
    .select(["c.id", "c.first_name"])
    .where("l.shop_id", "=", shopId)
    .where("l.code", "=", code)
    .executeTakeFirst();
}

// ------------------------------------------------------------------------------------------------
// E-12: exports e-mailed as a signed link

export async function insertExport(
  trx: Tx,
  e: { shopId: string; id: string; filter: object; recipient: string; requestedBy: string | null; at: Date },
) {
  await trx
    .insertInto("referral_exports")
    .values({
      shop_id: e.shopId,
      id: e.id,
      status: "queued",
      filter: JSON.stringify(e.filter),
      recipient: e.recipient,
      requested_by: e.requestedBy,
      created_at: e.at,
    })
    .execute();
}

export function findExport(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("referral_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Marks a queued export ready with its file; false when it was not queued any more (a retried job). */
export async function finishExport(
  trx: Tx,
  shopId: string,
  id: string,
  done: { csv: string; rowCount: number; at: Date; expiresAt: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable("referral_exports")
    .set({
      status: "ready",
      csv: done.csv,
      row_count: done.rowCount,
      ready_at: done.at,
      expires_at: done.expiresAt,
    })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Expired files are dropped; the row stays as the record of the export. One shop's (a new export),
 * or every shop's (`shopId` null: the daily export sweep); answers how many files went.
 */
export async function dropExpiredExports(conn: Conn, shopId: string | null, now: Date): Promise<number> {
  let q = conn.updateTable("referral_exports").set({ csv: null });
  if (shopId !== null) q = q.where("shop_id", "=", shopId);
  const result = await q.where("csv", "is not", null).where("expires_at", "<", now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** E-11: the referrals whose friend or referrer discount code is one of `codes` (upper case). */
export function findByRewardCodes(trx: Tx, shopId: string, codes: readonly string[]) {
  const friendCode = sql<string | null>`friend_reward ->> 'code'`;
  const referrerCode = sql<string | null>`referrer_reward ->> 'code'`;
  return trx
    .selectFrom("referrals")
    .select([
      "id",
      "friend_id",
      "referrer_id",
      friendCode.as("friend_code"),
      referrerCode.as("referrer_code"),
    ])
    .where("shop_id", "=", shopId)
    .where((eb) => eb.or([eb(friendCode, "in", [...codes]), eb(referrerCode, "in", [...codes])]))
    .execute();
}
