import type { Db, ExclusiveDealRow, Tx } from "@laurel/db";
import { sql } from "kysely";

type Conn = Db | Tx;

export function findDeal(conn: Conn, shopId: string): Promise<ExclusiveDealRow | undefined> {
  return conn.selectFrom("exclusive_deals").selectAll().where("shop_id", "=", shopId).executeTakeFirst();
}

/** The deal row locked for the save (created empty on first use, so two saves queue). */
export async function lockDeal(trx: Tx, shopId: string): Promise<ExclusiveDealRow | undefined> {
  return trx
    .selectFrom("exclusive_deals")
    .selectAll()
    .where("shop_id", "=", shopId)
    .forUpdate()
    .executeTakeFirst();
}

export async function upsertDeal(
  trx: Tx,
  shopId: string,
  d: { enabled: boolean; settings: object; design: object; image: string | null },
): Promise<void> {
  const values = {
    shop_id: shopId,
    enabled: d.enabled,
    settings: JSON.stringify(d.settings),
    design: JSON.stringify(d.design),
    image: d.image,
  };
  await trx
    .insertInto("exclusive_deals")
    .values(values)
    .onConflict((oc) =>
      oc.column("shop_id").doUpdateSet({
        enabled: values.enabled,
        settings: values.settings,
        design: values.design,
        image: values.image,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function findTierDesign(conn: Conn, shopId: string): Promise<Record<string, unknown> | null> {
  const row = await conn
    .selectFrom("tier_designs")
    .select("design")
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
  return row?.design ?? null;
}

export async function upsertTierDesign(conn: Conn, shopId: string, design: object): Promise<void> {
  const json = JSON.stringify(design);
  await conn
    .insertInto("tier_designs")
    .values({ shop_id: shopId, design: json })
    .onConflict((oc) => oc.column("shop_id").doUpdateSet({ design: json, updated_at: sql`now()` }))
    .execute();
}

export function findDealCode(conn: Conn, shopId: string, customerId: string, version: string) {
  return conn
    .selectFrom("exclusive_deal_codes")
    .select(["code", "platform_discount_id"])
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("deal_version", "=", version)
    .executeTakeFirst();
}

/** Reserves the member's code for this deal version; false when they already have one. */
export async function insertDealCode(
  trx: Tx,
  shopId: string,
  customerId: string,
  version: string,
  code: string,
): Promise<boolean> {
  const row = await trx
    .insertInto("exclusive_deal_codes")
    .values({ shop_id: shopId, customer_id: customerId, deal_version: version, code })
    .onConflict((oc) => oc.doNothing())
    .returning("code")
    .executeTakeFirst();
  return row !== undefined;
}

export async function setDealCodeDiscount(
  trx: Tx,
  shopId: string,
  customerId: string,
  version: string,
  platformDiscountId: string,
): Promise<void> {
  await trx
    .updateTable("exclusive_deal_codes")
    .set({ platform_discount_id: platformDiscountId })
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("deal_version", "=", version)
    .execute();
}

export async function deleteDealCode(
  trx: Tx,
  shopId: string,
  customerId: string,
  version: string,
): Promise<void> {
  await trx
    .deleteFrom("exclusive_deal_codes")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("deal_version", "=", version)
    .execute();
}
