import type { Db, Tx } from "@laurel/db";
import { sql } from "kysely";
import type { DiscountRequest } from "../port";

/**
 * The demo platform's Admin API, as far as Laurel uses it: it writes the platform's discount codes
 * (`demo_discounts`) where Shopify's API would create them. The demo store reads and uses them at
 * its checkout with its own queries (apps/demo-store); Laurel hears of a use only from the order
 * webhook (decisions 0015, 0045).
 */
export function createDemoDiscounts(db: Db | Tx) {
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
    /** Case-insensitive, as Shopify's `codeDiscountNodeByCode` (and the unique index) compare codes. */
    async findByCode(shopId: string, code: string): Promise<{ id: string; code: string } | undefined> {
      return db
        .selectFrom("demo_discounts")
        .select(["id", "code"])
        .where("shop_id", "=", shopId)
        .where(sql<string>`upper(code)`, "=", code.toUpperCase())
        .executeTakeFirst();
    },
    async deactivate(shopId: string, id: string): Promise<void> {
      await db
        .updateTable("demo_discounts")
        .set({ active: false })
        .where("shop_id", "=", shopId)
        .where("id", "=", id)
        .execute();
    },
  };
}
