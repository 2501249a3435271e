import type { Db, NewShopRow, ShopRow, ShopUpdate, Tx } from "@laurel/db";
import { sql } from "kysely";
import { markShopChanged } from "../../infra/shop-changes";

type Conn = Db | Tx;

export function findShopById(conn: Conn, shopId: string): Promise<ShopRow | undefined> {
  return conn.selectFrom("shops").selectAll().where("id", "=", shopId).executeTakeFirst();
}

export function findShopByDomain(conn: Conn, domain: string): Promise<ShopRow | undefined> {
  return conn.selectFrom("shops").selectAll().where("shopify_domain", "=", domain).executeTakeFirst();
}

/** Inserts the shop unless its domain exists; returns the stored row either way. */
export async function insertShopIfAbsent(
  trx: Tx,
  row: NewShopRow,
): Promise<{ shop: ShopRow; created: boolean }> {
  const inserted = await trx
    .insertInto("shops")
    .values(row)
    .onConflict((oc) => oc.column("shopify_domain").doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { shop: inserted, created: true };
  const existing = await findShopByDomain(trx, row.shopify_domain);
  if (!existing) throw new Error(`shop ${row.shopify_domain} vanished during insert`);
  return { shop: existing, created: false };
}

export async function updateShop(trx: Tx, shopId: string, patch: ShopUpdate): Promise<ShopRow | undefined> {
  const row = await trx
    .updateTable("shops")
    .set({ ...patch, updated_at: sql`now()` })
    .where("id", "=", shopId)
    .returningAll()
    .executeTakeFirst();
  markShopChanged(shopId);
  return row;
}

/** Appends banner ids to bannersDismiss without duplicates, atomically (B-31). */
export async function appendDismissedBanners(trx: Tx, shopId: string, ids: string[]): Promise<void> {
  await sql`
    update shops set
      banners_dismiss = (
        select coalesce(jsonb_agg(distinct value), '[]'::jsonb)
        from jsonb_array_elements_text(banners_dismiss || ${JSON.stringify(ids)}::jsonb)
      ),
      updated_at = now()
    where id = ${shopId}`.execute(trx);
  markShopChanged(shopId);
}

export async function mergeShopSettings(
  trx: Tx,
  shopId: string,
  settings: Record<string, unknown>,
): Promise<void> {
  await sql`update shops set settings = settings || ${JSON.stringify(settings)}::jsonb, updated_at = now()
    where id = ${shopId}`.execute(trx);
  markShopChanged(shopId);
}

export function listShops(conn: Conn, limit: number) {
  return conn
    .selectFrom("shops")
    .select(["id", "name", "shopify_domain", "plan", "is_blocked_store"])
    .orderBy("name")
    .limit(limit)
    .execute();
}

export async function deleteShop(trx: Tx, shopId: string): Promise<void> {
  await trx.deleteFrom("shops").where("id", "=", shopId).execute();
  markShopChanged(shopId);
}

export async function incrementTransactions(trx: Tx, shopId: string, by = 1): Promise<void> {
  await trx
    .updateTable("shops")
    .set((eb) => ({ count_transactions: eb("count_transactions", "+", by) }))
    .where("id", "=", shopId)
    .execute();
  markShopChanged(shopId);
}

export async function listInstalledShopIds(conn: Db | Tx, platform: "demo" | "shopify"): Promise<string[]> {
  const rows = await conn
    .selectFrom("shops")
    .select("id")
    .where("uninstalled_at", "is", null)
    .where("platform", "=", platform)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

/** The shop's settings, its row locked until the transaction ends (a change that reads the old values). */
export async function findShopSettingsForUpdate(trx: Tx, shopId: string) {
  const row = await trx
    .selectFrom("shops")
    .select("settings")
    .where("id", "=", shopId)
    .forUpdate()
    .executeTakeFirst();
  return row?.settings;
}

/** Installed shops whose points expire (H-08): the expiry sweep looks only at these. */
export function listInstalledShopsWithPointExpiry(conn: Db | Tx, platform: "demo" | "shopify") {
  return conn
    .selectFrom("shops")
    .selectAll()
    .where("uninstalled_at", "is", null)
    .where("platform", "=", platform)
    .where(sql<boolean>`coalesce(settings->'pointExpiry'->>'expiry', 'permanent') <> 'permanent'`)
    .orderBy("id")
    .execute();
}

/** Never moves back: a pass that ran with an older cutoff finishing late does not undo a newer one. */
export async function recordPointsExpiredUntil(conn: Db | Tx, shopId: string, cutoff: Date): Promise<void> {
  await conn
    .updateTable("shops")
    .set({ points_expired_until: sql`greatest(points_expired_until, ${cutoff}::timestamptz)` })
    .where("id", "=", shopId)
    .execute();
  markShopChanged(shopId);
}

export interface ShopCounters {
  customers: number;
  ordersThisCycle: number;
  ordersLast30Days: number;
}

/**
 * The dashboard's counters (B-01, B-29), counted when asked rather than kept on the shop row:
 * a counter on the row would make every order batch of a shop wait on that one row's lock.
 * `ordersThisCycle` counts as the plan limit does (X-08, `countOrdersSince`); each count reads
 * an index of its own (customers_list_created, orders_decided, orders_by_ordered_at).
 */
export async function countShopCounters(
  conn: Conn,
  shopId: string,
  since: { cycleStart: Date; last30Days: Date },
): Promise<ShopCounters> {
  const r = await sql<{ customers: string; orders_this_cycle: string; orders_last_30_days: string }>`
    select
      (select count(*) from customers where shop_id = ${shopId}) as customers,
      (select count(*) from orders where shop_id = ${shopId} and status in ('rewarded', 'logged')
         and rewarded_at >= ${since.cycleStart}) as orders_this_cycle,
      (select count(*) from orders where shop_id = ${shopId} and ordered_at >= ${since.last30Days})
        as orders_last_30_days`.execute(conn);
  const row = r.rows[0];
  return {
    customers: Number(row?.customers ?? 0),
    ordersThisCycle: Number(row?.orders_this_cycle ?? 0),
    ordersLast30Days: Number(row?.orders_last_30_days ?? 0),
  };
}
