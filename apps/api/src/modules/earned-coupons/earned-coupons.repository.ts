import type { CouponRow, Db, Tx } from "@laurel/db";

type Conn = Db | Tx;

export interface EarnedCouponInsert {
  shopId: string;
  id: string;
  customerId: string;
  programId: string;
  code: string;
  earnedBy: string;
  reward: Record<string, unknown>;
  expiresAt: Date | null;
  createdAt: Date;
}

/** The coupon of a reward, once: a second insert for the same `earned_by` inserts nothing. */
export async function insertEarnedCoupon(trx: Tx, c: EarnedCouponInsert): Promise<CouponRow | undefined> {
  return trx
    .insertInto("coupons")
    .values({
      shop_id: c.shopId,
      id: c.id,
      customer_id: c.customerId,
      program_id: c.programId,
      hold_id: null,
      code: c.code,
      points: 0,
      reward: JSON.stringify(c.reward),
      expires_at: c.expiresAt,
      earned_by: c.earnedBy,
      created_at: c.createdAt,
    })
    .onConflict((oc) => oc.columns(["shop_id", "earned_by"]).where("earned_by", "is not", null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findEarnedCoupon(conn: Conn, shopId: string, id: string) {
  return conn
    .selectFrom("coupons")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("earned_by", "is not", null)
    .executeTakeFirst();
}

/** Records the platform's discount; a coupon already issued keeps its first one. */
export function setIssued(trx: Tx, shopId: string, id: string, platformDiscountId: string) {
  return trx
    .updateTable("coupons")
    .set({ platform_discount_id: platformDiscountId })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .where("platform_discount_id", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/** Earned coupons of a customer by what earned them (the widget's birthday state, tests). */
export function listEarnedBy(conn: Conn, shopId: string, customerId: string, prefix: string) {
  return conn
    .selectFrom("coupons")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("earned_by", "like", `${prefix}%`)
    .orderBy("created_at", "desc")
    .execute();
}
