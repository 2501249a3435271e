import type { PageInfo, ProxyActivity, ProxyJoinResponse } from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import {
  ensureCustomer,
  findCustomerByPlatformId,
  joinProgram,
  listActivitiesPage,
} from "../customers/customers.service";

function requireShopper(auth: ProxyAuth): string {
  if (!auth.platformCustomerId) throw new AppError("customer_not_logged_in", 401);
  return auth.platformCustomerId;
}

/** `POST /proxy/join`: a signed-in shopper becomes a member. Joining twice changes nothing. */
export async function joinAsShopper(deps: Deps, auth: ProxyAuth): Promise<ProxyJoinResponse> {
  const platformCustomerId = requireShopper(auth);
  return deps.db.transaction().execute(async (trx) => {
    const existing = await ensureCustomer(deps, trx, auth.shopId, {
      platformCustomerId,
      email: null,
      firstName: null,
      lastName: null,
    });
    if (existing.type === "left") throw new AppError("customer_left", 403);
    const member =
      existing.type === "member"
        ? existing
        : await joinProgram(trx, auth.shopId, existing.id, deps.clock.now());
    return {
      type: member.type,
      joinedAt: member.joined_at?.toISOString() ?? null,
      availablePoints: member.available_points,
      pendingPoints: member.pending_points,
    };
  });
}

/** `GET /proxy/activities`: the shopper's point history, newest first. */
export async function listShopperActivities(
  deps: Deps,
  auth: ProxyAuth,
  page: number,
  pageSize: number,
): Promise<{ activities: ProxyActivity[]; pageInfo: PageInfo }> {
  const platformCustomerId = requireShopper(auth);
  const customer = await findCustomerByPlatformId(deps.db, auth.shopId, platformCustomerId);
  if (!customer) return { activities: [], pageInfo: { page, pageSize, total: 0, hasNextPage: false } };
  const { rows, total } = await listActivitiesPage(deps.db, auth.shopId, customer.id, page, pageSize);
  return {
    activities: rows.map((r) => ({
      id: String(r.id),
      activityType: r.activity_type,
      points: r.available_delta,
      pendingPoints: r.pending_delta,
      createdAt: r.created_at.toISOString(),
    })),
    pageInfo: { page, pageSize, total, hasNextPage: page * pageSize < total },
  };
}
