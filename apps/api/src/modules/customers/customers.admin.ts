import type {
  AdjustPointsBody,
  AdminActivity,
  CustomerSummary,
  CustomersListQuery,
  PageInfo,
  RevokeCouponBody,
} from "@laurel/contracts";
import type { CustomerRow, LedgerEntryRow } from "@laurel/db";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import { type Actor, auditWrite } from "../audit/audit.service";
import { postEntry } from "../ledger/ledger.service";
import {
  couponProgramTitle,
  listCouponsForMerchant,
  presentAdminCoupon,
  revokeCouponAsMerchant,
} from "../rewards/rewards.service";
import { getShopOrThrow } from "../shops/shops.service";
import * as repo from "./customers.repository";

/** The merchant's view of their customers (`/apiSa/customers…`), always scoped to their shop. */

export const MANUAL_ADJUSTMENT_ACTIVITY = "adjust_point";

export function presentCustomer(c: CustomerRow): CustomerSummary {
  return {
    id: c.id,
    platformCustomerId: c.platform_customer_id,
    email: c.email,
    firstName: c.first_name,
    lastName: c.last_name,
    type: c.type,
    joinedAt: c.joined_at?.toISOString() ?? null,
    availablePoints: c.available_points,
    pendingPoints: c.pending_points,
    tierPoints: c.tier_points,
    createdAt: c.created_at.toISOString(),
  };
}

export function presentActivity(e: LedgerEntryRow): AdminActivity {
  return {
    id: String(e.id),
    activityType: e.activity_type,
    points: e.available_delta,
    pendingPoints: e.pending_delta,
    tierPoints: e.tier_points_delta,
    programId: e.program_id,
    source: e.source_ref,
    note: e.note,
    actor: e.actor,
    createdAt: e.created_at.toISOString(),
  };
}

const pageInfo = (page: number, pageSize: number, total: number): PageInfo => ({
  page,
  pageSize,
  total,
  hasNextPage: page * pageSize < total,
});

export async function listCustomers(deps: Deps, shopId: string, q: CustomersListQuery) {
  const { rows, total } = await repo.listCustomersPage(deps.db, shopId, q);
  return { customers: rows.map(presentCustomer), pageInfo: pageInfo(q.page, q.pageSize, total) };
}

async function customerOrThrow(conn: Deps["db"], shopId: string, id: string): Promise<CustomerRow> {
  const c = await repo.findCustomer(conn, shopId, id);
  if (!c || c.redacted_at) throw new AppError("customer_not_found", 404);
  return c;
}

export async function getCustomer(deps: Deps, shopId: string, id: string): Promise<CustomerSummary> {
  return presentCustomer(await customerOrThrow(deps.db, shopId, id));
}

export async function listCustomerActivities(
  deps: Deps,
  shopId: string,
  id: string,
  page: number,
  pageSize: number,
) {
  await customerOrThrow(deps.db, shopId, id);
  const { rows, total } = await repo.listFullEntriesPage(deps.db, shopId, id, page, pageSize);
  return { activities: rows.map(presentActivity), pageInfo: pageInfo(page, pageSize, total) };
}

/**
 * H-14: the merchant adds or subtracts points by hand, with a note; the balance may go below zero.
 * The actor is recorded on the entry. With an idempotency key a retried request changes nothing.
 */
export async function adjustCustomerPoints(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
  customerId: string,
  body: AdjustPointsBody,
  idempotencyKey: string | undefined,
) {
  return deps.db.transaction().execute(async (trx) => {
    await customerOrThrow(trx, shopId, customerId);
    // Past ±MAX_POINTS_BALANCE the posting refuses with a 400 naming `points` (not checked before it:
    // a replayed request must still answer its first result).
    const { entry, replayed } = await postEntry(trx, {
      shopId,
      customerId,
      activityType: MANUAL_ADJUSTMENT_ACTIVITY,
      available: body.points,
      idempotencyKey: `admin-adjust:${idempotencyKey ?? deps.newId("adj")}`,
      note: body.note ?? null,
      actor: actor.userEmail ?? actor.userId ?? "merchant",
      allowNegative: true,
    });
    if (!replayed) {
      await auditWrite(trx, shopId, actor, "customer.points_adjusted", {
        customerId,
        points: body.points,
        note: body.note ?? null,
      });
    }
    const customer = await customerOrThrow(trx, shopId, customerId);
    return { customer: presentCustomer(customer), activity: presentActivity(entry), replayed };
  });
}

/** Who the ledger names for a merchant's action. */
const actorName = (actor: Actor & { userEmail: string | null }) =>
  actor.userEmail ?? actor.userId ?? "merchant";

/** H-11: the customer's coupons (code, order, expiry, used, revoke reason), newest first. */
export async function listCustomerCoupons(deps: Deps, shopId: string, customerId: string) {
  await customerOrThrow(deps.db, shopId, customerId);
  return { coupons: await listCouponsForMerchant(deps, shopId, customerId) };
}

/**
 * H-13: the merchant revokes one of the customer's coupons with an admin note. The points come
 * back once (the storefront's revoke shares the key), the code is deactivated on the platform, and
 * the refund entry records the merchant and the note.
 */
export async function revokeCustomerCoupon(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
  customerId: string,
  couponId: string,
  body: RevokeCouponBody,
) {
  await customerOrThrow(deps.db, shopId, customerId);
  const shop = await getShopOrThrow(deps, shopId);
  const { coupon, entry } = await revokeCouponAsMerchant(deps, shop, customerId, couponId, {
    actor: actorName(actor),
    note: body.note,
  });
  await deps.db
    .transaction()
    .execute((trx) =>
      auditWrite(trx, shopId, actor, "customer.coupon_revoked", { customerId, couponId, note: body.note }),
    );
  const [customer, title] = await Promise.all([
    customerOrThrow(deps.db, shopId, customerId),
    couponProgramTitle(deps, shopId, coupon.program_id),
  ]);
  return {
    coupon: presentAdminCoupon(coupon, title, deps.clock.now()),
    customer: presentCustomer(customer),
    activity: presentActivity(entry),
  };
}
