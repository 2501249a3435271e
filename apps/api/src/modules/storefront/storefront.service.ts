import type {
  PageInfo,
  ProxyActivity,
  ProxyCustomerResponse,
  ProxyJoinResponse,
  ProxyRedeemBody,
} from "@laurel/contracts";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import {
  ensureCustomer,
  findCustomer,
  findCustomerByPlatformId,
  joinProgram,
  listActivitiesPage,
} from "../customers/customers.service";
import { awardAccountEvent } from "../earning/account-earning.service";
import { listEarnedProgramIds } from "../ledger/ledger.service";
import { listProgramRows } from "../programs/programs.service";
import {
  listCoupons,
  listSpendingPrograms,
  quoteFor,
  redeemReward,
  revokeCoupon,
  type Shopper,
} from "../rewards/rewards.service";
import { getShopOrThrow } from "../shops/shops.service";

function requireShopper(auth: ProxyAuth): string {
  if (!auth.platformCustomerId) throw new AppError("customer_not_logged_in", 401);
  return auth.platformCustomerId;
}

/**
 * `POST /proxy/join`: a signed-in shopper becomes a member and earns the sign-up points
 * (C-25) in the same transaction. Joining twice changes nothing.
 */
export async function joinAsShopper(deps: Deps, auth: ProxyAuth): Promise<ProxyJoinResponse> {
  const platformCustomerId = requireShopper(auth);
  const shop = await getShopOrThrow(deps, auth.shopId);
  return deps.db.transaction().execute(async (trx) => {
    const existing = await ensureCustomer(deps, trx, auth.shopId, {
      platformCustomerId,
      email: null,
      firstName: null,
      lastName: null,
    });
    if (existing.type === "left") throw new AppError("customer_left", 403);
    let member = existing;
    if (existing.type !== "member") {
      const joined = await joinProgram(trx, auth.shopId, existing.id, deps.clock.now());
      const earned = await awardAccountEvent(deps, trx, shop, joined, "sign_up");
      member = earned > 0 ? ((await findCustomer(trx, auth.shopId, joined.id)) ?? joined) : joined;
    }
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

/** The signed-in shopper of a proxy call, with the shop; unknown shoppers have no account yet. */
async function loadShopper(deps: Deps, auth: ProxyAuth): Promise<Shopper> {
  const platformCustomerId = requireShopper(auth);
  const [shop, customer] = await Promise.all([
    getShopOrThrow(deps, auth.shopId),
    findCustomerByPlatformId(deps.db, auth.shopId, platformCustomerId),
  ]);
  if (!customer) throw new AppError("customer_not_member", 403);
  return { shop, customer };
}

export async function redeemAsShopper(deps: Deps, auth: ProxyAuth, body: ProxyRedeemBody) {
  const shopper = await loadShopper(deps, auth);
  const { coupon, replayed } = await redeemReward(deps, shopper, body);
  const after = await findCustomerByPlatformId(deps.db, auth.shopId, shopper.customer.platform_customer_id);
  return { coupon, replayed, availablePoints: after?.available_points ?? 0 };
}

export async function listShopperCoupons(deps: Deps, auth: ProxyAuth) {
  return { coupons: await listCoupons(deps, await loadShopper(deps, auth)) };
}

export async function revokeAsShopper(deps: Deps, auth: ProxyAuth, couponId: string) {
  const shopper = await loadShopper(deps, auth);
  const revoked = await revokeCoupon(deps, shopper, couponId);
  const [coupons, after] = await Promise.all([
    listCoupons(deps, shopper),
    findCustomerByPlatformId(deps.db, auth.shopId, shopper.customer.platform_customer_id),
  ]);
  const coupon = coupons.find((c) => c.id === revoked.id);
  if (!coupon) throw new AppError("coupon_not_found", 404);
  return { coupon, availablePoints: after?.available_points ?? 0 };
}

/**
 * `GET /proxy/customer`: what the widget shows on open — membership and balances (when signed in),
 * the ways to earn and to redeem (with whether this shopper can redeem each now), the point label.
 */
export async function getShopperView(deps: Deps, auth: ProxyAuth): Promise<ProxyCustomerResponse> {
  const shop = await getShopOrThrow(deps, auth.shopId);
  const customer = auth.platformCustomerId
    ? await findCustomerByPlatformId(deps.db, auth.shopId, auth.platformCustomerId)
    : undefined;
  const [earning, spending] = await Promise.all([
    listProgramRows(deps.db, shop.id, "earning"),
    listSpendingPrograms(deps, shop.id),
  ]);
  const earnedPrograms = customer
    ? await listEarnedProgramIds(deps.db, shop.id, customer.id)
    : new Set<string>();
  const waysToEarn = earning
    .filter((p) => p.status === "active")
    .map((p) => {
      const c = p.config as { earnBy?: string; earnPoint?: number; rateMoney?: number; rateItem?: number };
      return {
        programId: p.id,
        event: p.event,
        title: p.title,
        points: Math.trunc(c.earnPoint ?? 0),
        perAmount: c.earnBy === "price" ? (c.rateMoney ?? null) : null,
        perItems: c.earnBy === "item" ? (c.rateItem ?? 1) : null,
        // One-time ways (sign up, newsletter) show as done once earned.
        completed: (p.event === "sign_up" || p.event === "sign_up_newsletter") && earnedPrograms.has(p.id),
      };
    });
  const waysToRedeem = [];
  for (const program of spending.filter((p) => p.status === "active")) {
    const quote = customer
      ? await quoteFor(
          deps,
          { shop, customer },
          program,
          program.config.minPoints ?? program.config.pointsCost,
        )
      : null;
    const reward = quote?.ok ? quote.reward : null;
    waysToRedeem.push({
      programId: program.id,
      event: program.event,
      title: program.title,
      redeemType: program.config.redeemType,
      points: program.config.pointsCost,
      minPoints: program.config.minPoints,
      maxPoints: program.config.maxPoints,
      rewardKind: reward?.kind ?? program.event,
      rewardValue: reward?.value ?? program.config.rewardValue ?? null,
      currency: shop.platform_info.currency ?? "USD",
      available: quote?.ok ?? false,
      unavailableReason: quote === null ? "Account not found" : quote.ok ? null : quote.message,
    });
  }
  return {
    signedIn: Boolean(auth.platformCustomerId),
    customer: customer
      ? {
          type: customer.type,
          joinedAt: customer.joined_at?.toISOString() ?? null,
          availablePoints: customer.available_points,
          pendingPoints: customer.pending_points,
          tierPoints: customer.tier_points,
        }
      : null,
    tier: null,
    pointLabel: { singular: "point", plural: "points" },
    waysToEarn,
    waysToRedeem,
  };
}
