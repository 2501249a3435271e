import type { Db, Tx } from "@laurel/db";

export async function insertExport(
  trx: Tx,
  e: {
    shopId: string;
    id: string;
    dataRequestId: string;
    platformCustomerId: string;
    data: Record<string, unknown>;
  },
) {
  await trx
    .insertInto("compliance_exports")
    .values({
      shop_id: e.shopId,
      id: e.id,
      data_request_id: e.dataRequestId,
      platform_customer_id: e.platformCustomerId,
      data: JSON.stringify(e.data),
    })
    .onConflict((oc) => oc.columns(["shop_id", "data_request_id"]).doNothing())
    .execute();
}

export function listExports(conn: Db, shopId: string) {
  return conn
    .selectFrom("compliance_exports")
    .select(["id", "data_request_id", "platform_customer_id", "requested_at"])
    .where("shop_id", "=", shopId)
    .orderBy("requested_at", "desc")
    .limit(200)
    .execute();
}

export function findExport(conn: Db, shopId: string, id: string) {
  return conn
    .selectFrom("compliance_exports")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .executeTakeFirst();
}
