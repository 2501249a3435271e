import type { CouponRow, Db, Tx } from "@laurel/db";

type Conn = Db | Tx;

export interface NewCoupon {
  shopId: string;
  id: string;
  customerId: string;
  programId: string;
  holdId: string;
  code: string;
  points: number;
  reward: Record<string, unknown>;
  expiresAt: Date | null;
  /** The app clock's now: revoke time limits are measured from it (H-12). Default: the database's. */
  createdAt?: Date;
}

export async function insertCoupon(trx: Tx, c: NewCoupon): Promise<CouponRow> {
  return trx
    .insertInto("coupons")
    .values({
      shop_id: c.shopId,
      id: c.id,
      customer_id: c.customerId,
      program_id: c.programId,
      hold_id: c.holdId,
      code: c.code,
      points: c.points,
      reward: JSON.stringify(c.reward),
      expires_at: c.expiresAt,
      ...(c.createdAt ? { created_at: c.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The coupon of a redemption request (its hold's idempotency key), if it got that far. */
export function findCouponByHoldKey(conn: Conn, shopId: string, holdKey: string) {
  return conn
    .selectFrom("coupons as c")
    .innerJoin("holds as h", (join) =>
      join.onRef("h.shop_id", "=", "c.shop_id").onRef("h.id", "=", "c.hold_id"),
    )
    .selectAll("c")
    .where("h.shop_id", "=", shopId)
    .where("h.idempotency_key", "=", holdKey)
    .executeTakeFirst();
}

export function findCoupon(conn: Conn, shopId: string, id: string, forUpdate = false) {
  let q = conn.selectFrom("coupons").selectAll().where("shop_id", "=", shopId).where("id", "=", id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function setPlatformDiscount(trx: Tx, shopId: string, id: string, platformDiscountId: string) {
  return trx
    .updateTable("coupons")
    .set({ platform_discount_id: platformDiscountId })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteCoupon(trx: Tx, shopId: string, id: string) {
  return trx.deleteFrom("coupons").where("shop_id", "=", shopId).where("id", "=", id).execute();
}

export function markRevoked(trx: Tx, shopId: string, id: string, at: Date, reason: string | null) {
  return trx
    .updateTable("coupons")
    .set({ status: "revoked", revoked_at: at, revoke_reason: reason })
    .where("shop_id", "=", shopId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A coupon exists for the shopper once it is issued: its hold posted and its code created on the
 * platform (`platform_discount_id`). Before that (a redemption in flight) it can be neither seen,
 * used nor revoked.
 */
export function listCustomerCoupons(conn: Conn, shopId: string, customerId: string) {
  return conn
    .selectFrom("coupons")
    .selectAll()
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("platform_discount_id", "is not", null)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** D-13: issued coupons (revoked ones gave their redemption back) of a program, total and by customer. */
export async function countRedemptions(conn: Conn, shopId: string, programId: string, customerId: string) {
  const r = await conn
    .selectFrom("coupons")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.countAll<number>().filterWhere("customer_id", "=", customerId).as("by_customer"),
    ])
    .where("shop_id", "=", shopId)
    .where("program_id", "=", programId)
    .where("status", "!=", "revoked")
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), byCustomer: Number(r.by_customer) };
}

/**
 * When the shopper revoked their coupons (H-12 limits). A merchant's revokes do not count against
 * the shopper: they always carry the admin note as their reason (H-13), the shopper's never do.
 */
export async function listRevokeTimes(conn: Conn, shopId: string, customerId: string): Promise<Date[]> {
  const rows = await conn
    .selectFrom("coupons")
    .select("revoked_at")
    .where("shop_id", "=", shopId)
    .where("customer_id", "=", customerId)
    .where("revoked_at", "is not", null)
    .where("revoke_reason", "is", null)
    .execute();
  return rows.flatMap((r) => (r.revoked_at ? [r.revoked_at] : []));
}

/** H-11: coupons used in an order (matched by code, case-insensitive as on Shopify); once. */
export function markUsedByCodes(trx: Tx, shopId: string, codes: string[], orderId: string, at: Date) {
  return trx
    .updateTable("coupons")
    .set({ status: "redeemed", used_at: at, used_order_id: orderId })
    .where("shop_id", "=", shopId)
    .where((eb) =>
      eb(
        eb.fn("upper", ["code"]),
        "in",
        codes.map((c) => c.toUpperCase()),
      ),
    )
    .where("status", "=", "available")
    .where("platform_discount_id", "is not", null)
    .returning(["id"])
    .execute();
}

/**
 * D-18: which of a partner voucher program's codes were already handed out (any status: a revoked
 * code was seen by its shopper, so it never goes to another). Codes are unique per shop.
 */
export async function issuedVoucherCodes(conn: Conn, shopId: string, codes: readonly string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = await conn
    .selectFrom("coupons")
    .select("code")
    .where("shop_id", "=", shopId)
    .where("code", "in", [...codes])
    .execute();
  return new Set(rows.map((r) => r.code));
}

/**
 * D-20: the coupon whose platform discount has this numeric id (the platform's GID ends with it),
 * with its shopper's e-mail.
 */
export function findCouponByPlatformDiscount(conn: Conn, shopId: string, gids: readonly string[]) {
  return conn
    .selectFrom("coupons as c")
    .leftJoin("customers as u", (j) =>
      j.onRef("u.shop_id", "=", "c.shop_id").onRef("u.id", "=", "c.customer_id"),
    )
    .selectAll("c")
    .select("u.email as customer_email")
    .where("c.shop_id", "=", shopId)
    .where("c.platform_discount_id", "in", [...gids])
    .executeTakeFirst();
}
