import type { Tx } from "@laurel/db";

export async function insertAuditEntry(
  trx: Tx,
  entry: {
    shopId: string;
    actor: string;
    impersonatedBy: string | null;
    action: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      shop_id: entry.shopId,
      actor: entry.actor,
      impersonated_by: entry.impersonatedBy,
      action: entry.action,
      details: JSON.stringify(entry.details),
    })
    .execute();
}
