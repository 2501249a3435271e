import type { Db } from "@laurel/db";
import { sql } from "kysely";
import type { DiscountRequest } from "../port";

/** The demo platform's own storage: its discount codes. Only the demo adapter uses it. */
export function createDemoStore(db: Db) {
  return {
    async findShopId(domain: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("shops")
        .select("id")
        .where("shopify_domain", "=", domain)
        .executeTakeFirst();
      return row?.id;
    },
    async insertDiscount(shopId: string, id: string, request: DiscountRequest): Promise<boolean> {
      const row = await db
        .insertInto("demo_discounts")
        .values({ shop_id: shopId, id, code: request.code, request: JSON.stringify(request) })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    },
    async deactivate(shopId: string, id: string): Promise<void> {
      await db
        .updateTable("demo_discounts")
        .set({ active: false })
        .where("shop_id", "=", shopId)
        .where("id", "=", id)
        .execute();
    },
    findByCode(shopId: string, code: string) {
      return db
        .selectFrom("demo_discounts")
        .selectAll()
        .where("shop_id", "=", shopId)
        .where(sql<boolean>`upper(code) = upper(${code})`)
        .executeTakeFirst();
    },
  };
}
