import type { Db, Tx } from "@laurel/db";
import { sql } from "kysely";

/**
 * The checkout's side of the platform's discount codes (`demo_discounts`, written by Laurel's demo
 * platform adapter as Shopify's Admin API would): find a code, count who used it, record a use.
 * `db` may be a transaction, so the checkout checks and records a use atomically.
 */
export function createDiscountStore(db: Db | Tx) {
  const byCode = (shopId: string, code: string) =>
    db
      .selectFrom("demo_discounts")
      .selectAll()
      .where("shop_id", "=", shopId)
      .where(sql<boolean>`upper(code) = upper(${code})`);
  return {
    findByCode(shopId: string, code: string) {
      return byCode(shopId, code).executeTakeFirst();
    },
    /** The code's row, locked until the transaction ends (usage limits under concurrent checkouts). */
    findByCodeForUpdate(shopId: string, code: string) {
      return byCode(shopId, code).forUpdate().executeTakeFirst();
    },
    /** Orders in which this customer (by id) or this e-mail already used the code. */
    async countUses(
      shopId: string,
      discountId: string,
      who: { customerId: string | null; email: string | null },
    ): Promise<number> {
      if (!who.customerId && !who.email) return 0;
      const row = await db
        .selectFrom("demo_discount_uses")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("shop_id", "=", shopId)
        .where("discount_id", "=", discountId)
        .where((eb) =>
          eb.or([
            ...(who.customerId ? [eb("customer_id", "=", who.customerId)] : []),
            ...(who.email ? [eb(eb.fn("lower", ["email"]), "=", who.email.toLowerCase())] : []),
          ]),
        )
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** A checkout used the code: one more use, and who used it. Recording the same order twice counts once. */
    async recordUse(
      shopId: string,
      discountId: string,
      use: { orderId: string; customerId: string | null; email: string | null; at: Date },
    ): Promise<boolean> {
      const inserted = await db
        .insertInto("demo_discount_uses")
        .values({
          shop_id: shopId,
          discount_id: discountId,
          order_id: use.orderId,
          customer_id: use.customerId,
          email: use.email,
          used_at: use.at,
        })
        .onConflict((oc) => oc.doNothing())
        .returning("order_id")
        .executeTakeFirst();
      if (!inserted) return false;
      await db
        .updateTable("demo_discounts")
        .set((eb) => ({ used_count: eb("used_count", "+", 1), last_used_at: use.at }))
        .where("shop_id", "=", shopId)
        .where("id", "=", discountId)
        .execute();
      return true;
    },
  };
}

export type DiscountStore = ReturnType<typeof createDiscountStore>;
