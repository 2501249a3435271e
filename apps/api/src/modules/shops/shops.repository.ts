import type { Db, NewShopRow, ShopRow, ShopUpdate, Tx } from "@laurel/db";
import { sql } from "kysely";

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
  return trx
    .updateTable("shops")
    .set({ ...patch, updated_at: sql`now()` })
    .where("id", "=", shopId)
    .returningAll()
    .executeTakeFirst();
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
}

export async function mergeShopSettings(
  trx: Tx,
  shopId: string,
  settings: Record<string, unknown>,
): Promise<void> {
  await sql`update shops set settings = settings || ${JSON.stringify(settings)}::jsonb, updated_at = now()
    where id = ${shopId}`.execute(trx);
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
}

export async function incrementTransactions(trx: Tx, shopId: string): Promise<void> {
  await trx
    .updateTable("shops")
    .set((eb) => ({ count_transactions: eb("count_transactions", "+", 1) }))
    .where("id", "=", shopId)
    .execute();
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
