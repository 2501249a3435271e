import type { Db } from "@laurel/db";

/** The platform's ids of these customers (a guest's order has none to tag). */
export async function platformCustomerIdsOf(
  db: Db,
  shopId: string,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectFrom("customers")
    .select("platform_customer_id")
    .where("shop_id", "=", shopId)
    .where("id", "in", [...customerIds])
    .orderBy("id")
    .execute();
  return rows.map((r) => r.platform_customer_id).filter((id): id is string => !!id);
}
