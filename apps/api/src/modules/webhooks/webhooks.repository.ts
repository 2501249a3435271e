import type { Tx } from "@laurel/db";

/** Records a delivery; false when this webhook id was already recorded for the shop. */
export async function insertDelivery(
  trx: Tx,
  shopId: string,
  webhookId: string,
  topic: string,
): Promise<boolean> {
  const row = await trx
    .insertInto("webhook_deliveries")
    .values({ shop_id: shopId, webhook_id: webhookId, topic })
    .onConflict((oc) => oc.columns(["shop_id", "webhook_id"]).doNothing())
    .returning("webhook_id")
    .executeTakeFirst();
  return row !== undefined;
}
