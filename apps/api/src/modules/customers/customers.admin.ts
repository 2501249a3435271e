import type {
  AdjustPointsBody,
  AdminActivity,
  BulkCustomersBody,
  CustomerActivityFilter,
  CustomerChild,
  CustomerListItem,
  CustomerProfile,
  CustomerSummary,
  CustomersListQuery,
  CustomersListResponse,
  CustomerTierChangesResponse,
  MembershipBody,
  PageInfo,
  PutCustomerChildrenBody,
  RevokeCouponBody,
  ShopActivityQuery,
  ShopActivityResponse,
  UpdateCustomerBody,
} from "@laurel/contracts";
import type { CustomerRow, LedgerEntryRow, Tx } from "@laurel/db";
import {
  activityTypesOf,
  DEFAULT_CURRENCY,
  decideMembershipChange,
  formatBirthday,
  type MembershipAction,
  parseBirthday,
  utcOffsetMinutes,
} from "@laurel/domain";
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
import { storeTimeZoneOf } from "../shops/time-zone";
import {
  assertTierPointsAdjustable,
  listTierChanges,
  timeZoneOf,
  updateMembersTiers,
} from "../tiers/tiers.service";
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
    phone: c.phone,
    birthday:
      c.birth_month !== null && c.birth_day !== null
        ? formatBirthday({ month: c.birth_month, day: c.birth_day })
        : null,
    type: c.type,
    leftReason: c.left_reason,
    isB2b: c.is_b2b,
    joinedAt: c.joined_at?.toISOString() ?? null,
    availablePoints: c.available_points,
    pendingPoints: c.pending_points,
    tierPoints: c.tier_points,
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
    updatedSource: c.updated_source,
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

const encodeCursor = (key: repo.ListKey) => Buffer.from(JSON.stringify(key)).toString("base64url");

function decodeCursor(cursor: string): repo.ListKey {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(key) &&
      key.length === 2 &&
      (typeof key[0] === "string" || Number.isSafeInteger(key[0])) &&
      typeof key[1] === "string"
    ) {
      return [key[0], key[1]];
    }
  } catch {
    // falls through to the 400
  }
  throw new AppError("validation_failed", 400, "The cursor is not one this list gave.", [
    { field: "cursor", message: "The cursor is not one this list gave." },
  ]);
}

/** J-03: one keyset page of the list; a cursor from another sort fails its cast as a 400. */
export async function listCustomers(
  deps: Deps,
  shopId: string,
  q: CustomersListQuery,
): Promise<CustomersListResponse> {
  const after = q.cursor ? decodeCursor(q.cursor) : undefined;
  if (after && (q.sort === "points") !== (typeof after[0] === "number")) decodeCursor("");
  if (after && (q.sort === "newest" || q.sort === "oldest") && Number.isNaN(Date.parse(String(after[0])))) {
    decodeCursor("");
  }
  const [rows, shop] = await Promise.all([
    repo.listCustomersKeyset(deps.db, shopId, {
      tab: q.tab,
      sort: q.sort,
      search: q.search || undefined,
      after,
      limit: q.pageSize,
    }),
    getShopOrThrow(deps, shopId),
  ]);
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const totals = await repo.orderTotals(
    deps.db,
    shopId,
    page.map((r) => r.id),
  );
  const customers: CustomerListItem[] = page.map((r) => {
    const t = totals.get(r.id);
    return { ...presentCustomer(r), ordersCount: t?.count ?? 0, amountSpentMinor: t?.spentMinor ?? 0 };
  });
  const nextCursor =
    rows.length > q.pageSize && last
      ? encodeCursor([q.sort === "points" ? last.available_points : last.sort_key, last.id])
      : null;
  return { customers, nextCursor, currency: shop.platform_info.currency ?? DEFAULT_CURRENCY };
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
  filter: CustomerActivityFilter = "all",
) {
  await customerOrThrow(deps.db, shopId, id);
  const types = activityTypesOf(filter);
  const { rows, total } = await repo.listFullEntriesPage(deps.db, shopId, id, page, pageSize, types);
  return { activities: rows.map(presentActivity), pageInfo: pageInfo(page, pageSize, total) };
}

/** J-04 "VIP tier changes": the member's tier changes, newest first, dated in the store's time zone. */
export async function listCustomerTierChanges(
  deps: Deps,
  shopId: string,
  id: string,
  page: number,
  pageSize: number,
): Promise<CustomerTierChangesResponse> {
  await customerOrThrow(deps.db, shopId, id);
  const shop = await getShopOrThrow(deps, shopId);
  const { changes, total } = await listTierChanges(deps.db, shopId, id, page, pageSize);
  return {
    tierChanges: changes,
    pageInfo: pageInfo(page, pageSize, total),
    timeZone: timeZoneOf(shop) ?? "UTC",
  };
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
  const key = idempotencyKey ?? deps.newId("adj");
  // Read before the transaction: on PGlite the one connection is the transaction's until it ends.
  const shop = body.affectTier ? await getShopOrThrow(deps, shopId) : null;
  return deps.db.transaction().execute(async (trx) => {
    await customerOrThrow(trx, shopId, customerId);
    // Past ±MAX_POINTS_BALANCE the posting refuses with a 400 naming `points` (not checked before it:
    // a replayed request must still answer its first result).
    const { entry, replayed } = await postEntry(trx, {
      shopId,
      customerId,
      activityType: MANUAL_ADJUSTMENT_ACTIVITY,
      available: body.points,
      idempotencyKey: `admin-adjust:${key}`,
      note: body.note ?? null,
      actor: actor.userEmail ?? actor.userId ?? "merchant",
      allowNegative: true,
    });
    if (body.affectTier) {
      // J-17 "affect tier": the tier points move by as much ("adjust tier point") and the tier
      // engine re-decides the member's tier; refused for a member in an exclusive tier (H-14).
      await assertTierPointsAdjustable(trx, shopId, customerId);
      const tier = await postEntry(trx, {
        shopId,
        customerId,
        activityType: "adjust_tier_point",
        tierPoints: body.points,
        idempotencyKey: `admin-adjust:${key}:tier`,
        note: body.note ?? null,
        actor: actorName(actor),
      });
      if (!tier.replayed && shop) {
        await updateMembersTiers(deps, trx, shop, new Map([[customerId, `adjust:${entry.id}`]]));
      }
    }
    if (!replayed) {
      await auditWrite(trx, shopId, actor, "customer.points_adjusted", {
        customerId,
        points: body.points,
        note: body.note ?? null,
        affectTier: body.affectTier ?? false,
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

/** J-04 overview: the customer, lifetime points earned and spent, orders and average order value. */
export async function getCustomerProfile(deps: Deps, shopId: string, id: string): Promise<CustomerProfile> {
  const customer = await customerOrThrow(deps.db, shopId, id);
  const [lifetime, totals, shop, children] = await Promise.all([
    repo.lifetimePoints(deps.db, shopId, id),
    repo.orderTotals(deps.db, shopId, [id]),
    getShopOrThrow(deps, shopId),
    repo.listChildren(deps.db, shopId, id),
  ]);
  const orders = totals.get(id);
  const count = orders?.count ?? 0;
  const spent = orders?.spentMinor ?? 0;
  return {
    customer: presentCustomer(customer),
    children: children.map(presentChild),
    stats: {
      lifetimeEarned: lifetime.earned,
      lifetimeSpent: lifetime.spent,
      ordersCount: count,
      amountSpentMinor: spent,
      averageOrderMinor: count === 0 ? 0 : Math.round(spent / count),
      lastOrderAt: orders?.lastAt ? new Date(orders.lastAt).toISOString() : null,
      currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
    },
  };
}

const presentChild = (c: { name: string; gender: CustomerChild["gender"]; birth_date: string | null }) => ({
  name: c.name,
  gender: c.gender,
  birthDate: c.birth_date,
});

/**
 * J-02 / J-04 children info: the merchant saves the whole list (add, edit, remove in one go), in
 * one transaction, audited. A birth date after today (in UTC) is refused, naming the child's row.
 */
export async function replaceCustomerChildren(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string,
  body: PutCustomerChildrenBody,
): Promise<{ children: CustomerChild[] }> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  body.children.forEach((c, i) => {
    if (c.birthDate !== null && c.birthDate > today) {
      const message = "Birth date can't be in the future.";
      throw new AppError("validation_failed", 400, message, [{ field: `children.${i}.birthDate`, message }]);
    }
  });
  return deps.db.transaction().execute(async (trx) => {
    await customerOrThrow(trx, shopId, id);
    await repo.replaceChildren(trx, shopId, id, body.children);
    await auditWrite(trx, shopId, actor, "customer.children_updated", {
      customerId: id,
      children: body.children.length,
    });
    return { children: (await repo.listChildren(trx, shopId, id)).map(presentChild) };
  });
}

/** J-04 personal information: name, birthday (MM/DD, a real day), phone; null clears. Audited. */
export async function updateCustomer(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string,
  body: UpdateCustomerBody,
): Promise<CustomerSummary> {
  const patch: repo.CustomerDetailsPatch = {};
  if (body.firstName !== undefined) patch.first_name = body.firstName || null;
  if (body.lastName !== undefined) patch.last_name = body.lastName || null;
  if (body.phone !== undefined) patch.phone = body.phone || null;
  if (body.birthday !== undefined) {
    if (body.birthday === null) Object.assign(patch, { birth_month: null, birth_day: null });
    else {
      const b = parseBirthday(body.birthday);
      if (!b) {
        throw new AppError("validation_failed", 400, "Birthday is not a real day (MM/DD).", [
          { field: "birthday", message: "Birthday is not a real day (MM/DD)." },
        ]);
      }
      Object.assign(patch, { birth_month: b.month, birth_day: b.day });
    }
  }
  return deps.db.transaction().execute(async (trx) => {
    await customerOrThrow(trx, shopId, id);
    const row = await repo.updateCustomerDetails(trx, shopId, id, patch, "admin");
    await auditWrite(trx, shopId, actor, "customer.updated", { customerId: id, fields: Object.keys(body) });
    return presentCustomer(row);
  });
}

/** J-05: exclude from the program (left, the excluded segment) or join (back) as a member. */
export async function changeMembership(
  deps: Deps,
  shopId: string,
  actor: Actor,
  id: string,
  body: MembershipBody,
): Promise<CustomerSummary> {
  return deps.db.transaction().execute(async (trx) => {
    const { customer } = await applyMembership(deps, trx, shopId, actor, id, body.action);
    return presentCustomer(customer);
  });
}

async function applyMembership(
  deps: Deps,
  trx: Tx,
  shopId: string,
  actor: Actor,
  id: string,
  action: MembershipAction,
): Promise<{ customer: CustomerRow; changed: boolean }> {
  const current = await repo.findCustomerForUpdate(trx, shopId, id);
  if (!current || current.redacted_at) throw new AppError("customer_not_found", 404);
  const change = decideMembershipChange({ type: current.type, leftReason: current.left_reason }, action);
  if (change.kind === "refused") throw new AppError("customer_deleted", 409);
  if (change.kind === "unchanged") return { customer: current, changed: false };
  const customer = await repo.setMembership(trx, shopId, id, change.to, deps.clock.now());
  await auditWrite(trx, shopId, actor, change.event, { customerId: id });
  return { customer, changed: true };
}

/**
 * J-03 bulk actions on selected customers, all or nothing: adjust points (each with its own
 * idempotency key, derived from the request's key when given), exclude or join.
 */
export async function bulkCustomers(
  deps: Deps,
  shopId: string,
  actor: Actor & { userEmail: string | null },
  body: BulkCustomersBody,
  idempotencyKey: string | undefined,
) {
  const ids = [...new Set(body.ids)];
  return deps.db.transaction().execute(async (trx) => {
    const found = await repo.findCustomersForUpdate(trx, shopId, ids);
    const known = new Set(found.filter((c) => !c.redacted_at).map((c) => c.id));
    const missing = ids.filter((id) => !known.has(id));
    let changed = 0;
    const batch = idempotencyKey ?? deps.newId("bulk");
    for (const id of ids.filter((i) => known.has(i))) {
      if (body.action === "adjust_points") {
        const { replayed } = await postEntry(trx, {
          shopId,
          customerId: id,
          activityType: MANUAL_ADJUSTMENT_ACTIVITY,
          available: body.points,
          idempotencyKey: `admin-adjust:${batch}:${id}`,
          note: body.note ?? null,
          actor: actorName(actor),
          allowNegative: true,
        });
        if (!replayed) changed++;
      } else {
        const r = await applyMembership(deps, trx, shopId, actor, id, body.action);
        if (r.changed) changed++;
      }
    }
    if (changed > 0) {
      await auditWrite(trx, shopId, actor, `customers.bulk_${body.action}`, {
        ids: ids.filter((i) => known.has(i)),
        ...(body.action === "adjust_points" ? { points: body.points, note: body.note ?? null } : {}),
      });
    }
    return { changed, missing };
  });
}

/** The instant a store day (YYYY-MM-DD) starts in the shop's time zone. */
function storeDayStart(day: string, timeZone: string | undefined): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - utcOffsetMinutes(timeZone, utcMidnight) * 60_000);
}

/** K-01, K-05: the list's filters as the repository reads them; the days are store days, both included. */
export function shopActivityFilter(
  timeZone: string | undefined,
  q: Pick<ShopActivityQuery, "action" | "program" | "from" | "to" | "customer">,
): repo.ShopActivityFilter {
  const nextDay = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    action: q.action,
    program: q.program,
    from: q.from ? storeDayStart(q.from, timeZone) : undefined,
    to: q.to ? storeDayStart(nextDay(q.to), timeZone) : undefined,
    customer: q.customer || undefined,
  };
}

/** K-01, K-03: point activity across the shop, newest first; dates are store days, both included. */
export async function listShopActivity(
  deps: Deps,
  shopId: string,
  q: ShopActivityQuery,
): Promise<ShopActivityResponse> {
  const shop = await getShopOrThrow(deps, shopId);
  const rows = await repo.listShopActivity(deps.db, shopId, {
    ...shopActivityFilter(storeTimeZoneOf(shop), q),
    beforeId: q.cursor ? Number(q.cursor) : undefined,
    limit: q.pageSize,
  });
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    activities: page.map((r) => ({
      ...presentActivity(r),
      customerId: r.customer_id,
      customerName: [r.first_name, r.last_name].filter(Boolean).join(" ") || null,
      customerEmail: r.email,
      programTitle: r.program_title,
    })),
    nextCursor: rows.length > q.pageSize && last ? String(last.id) : null,
  };
}
