import type {
  PageInfo,
  ProxyActivity,
  ProxyCoupon,
  ProxyCustomerResponse,
  ProxyJoinResponse,
  ProxyRedeemBody,
} from "@laurel/contracts";
import {
  DEFAULT_CURRENCY,
  type ProgramStatus,
  planRankOf,
  programTitleIn,
  rewardKindByEvent,
  statusUnderPlan,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { MicroBatcher } from "../../infra/micro-batcher";
import {
  ensureCustomer,
  findCustomer,
  findCustomerByPlatformId,
  joinProgram,
  listActivitiesPage,
} from "../customers/customers.service";
import { awardJoiningEvents } from "../earning/account-earning.service";
import { storefrontTierDesign } from "../membership/membership.service";
import { listCoupons, quoteFor, redeemReward, revokeCoupon, type Shopper } from "../rewards/rewards.service";
import { shopperTier } from "../tiers/tiers.service";
import {
  findShoppersWithOneTimeAwards,
  type ShopperQuery,
  type ShopperWithAwards,
  setCustomerLocale,
} from "./storefront.repository";
import { pointLabelOf } from "./widget-settings";

async function shopContextOf(deps: Deps, shopId: string) {
  const context = await deps.shopContexts.byId(shopId);
  if (!context) throw new AppError("shop_not_installed", 404);
  return context;
}

function requireShopper(auth: ProxyAuth): string {
  if (!auth.platformCustomerId) throw new AppError("customer_not_logged_in", 401);
  return auth.platformCustomerId;
}

/**
 * `POST /proxy/join`: a signed-in shopper becomes a member and earns the sign-up points
 * (C-25), and the newsletter's if they subscribed as a guest (C-26), in the same transaction.
 * Joining twice changes nothing.
 */
export async function joinAsShopper(deps: Deps, auth: ProxyAuth): Promise<ProxyJoinResponse> {
  const platformCustomerId = requireShopper(auth);
  const { shop } = await shopContextOf(deps, auth.shopId);
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
      const earned = await awardJoiningEvents(deps, trx, shop, joined);
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
      orderName: r.order_name,
    })),
    pageInfo: { page, pageSize, total, hasNextPage: page * pageSize < total },
  };
}

/** The signed-in shopper of a proxy call, with the shop; unknown shoppers have no account yet. */
async function loadShopper(deps: Deps, auth: ProxyAuth): Promise<Shopper> {
  const platformCustomerId = requireShopper(auth);
  const [{ shop }, customer] = await Promise.all([
    shopContextOf(deps, auth.shopId),
    findCustomerByPlatformId(deps.db, auth.shopId, platformCustomerId),
  ]);
  if (!customer) throw new AppError("customer_not_member", 403);
  return { shop, customer };
}

export async function redeemAsShopper(deps: Deps, auth: ProxyAuth, body: ProxyRedeemBody) {
  const shopper = await loadShopper(deps, auth);
  const { coupon, replayed, availablePoints } = await redeemReward(deps, shopper, body);
  // A replay moved nothing: its answer is today's balance.
  if (availablePoints !== null) return { coupon, replayed, availablePoints };
  const now = await findCustomerByPlatformId(deps.db, auth.shopId, shopper.customer.platform_customer_id);
  return { coupon, replayed, availablePoints: now?.available_points ?? 0 };
}

export async function listShopperCoupons(deps: Deps, auth: ProxyAuth) {
  return { coupons: await listCoupons(deps, await loadShopper(deps, auth)) };
}

/**
 * The signed-in shopper's available codes (as `/proxy/coupons` lists them), or none for a visitor
 * without an account: the checkout and account blocks show a list, never an error, to those.
 */
export async function availableCodesOf(deps: Deps, auth: ProxyAuth): Promise<ProxyCoupon[]> {
  if (!auth.platformCustomerId) return [];
  const [{ shop }, customer] = await Promise.all([
    shopContextOf(deps, auth.shopId),
    findCustomerByPlatformId(deps.db, auth.shopId, auth.platformCustomerId),
  ]);
  if (!customer) return [];
  return (await listCoupons(deps, { shop, customer })).filter((c) => c.tab === "available");
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

/** The one-time ways to earn: shown as done once they have rewarded the shopper. */
const ONE_TIME_EVENTS: ReadonlySet<string> = new Set(["sign_up", "sign_up_newsletter"]);

/**
 * `GET /proxy/customer`: what the widget shows on open — membership and balances (when signed in),
 * the ways to earn and to redeem (with whether this shopper can redeem each now), the point label.
 * The shop and its programs come from the shop context; the shopper is one statement.
 */
/**
 * The storefront's shopper reads, one micro-batcher per process (per deps): the reads that arrive
 * while others are in flight share one statement (decision 0055). A read starts after its request
 * arrived, so it sees everything committed before — the same as a read of its own.
 */
const shopperReadBatchers = new WeakMap<Deps, MicroBatcher<ShopperQuery, ShopperWithAwards | undefined>>();
function shopperReads(deps: Deps) {
  let batcher = shopperReadBatchers.get(deps);
  if (!batcher) {
    batcher = new MicroBatcher((queries) => findShoppersWithOneTimeAwards(deps.db, queries), {
      maxBatch: 100,
      concurrency: 2,
    });
    shopperReadBatchers.set(deps, batcher);
  }
  return batcher;
}

/** `GET /proxy/customer`; program names in the storefront's `locale` where translated (S-14). */
export async function getShopperView(
  deps: Deps,
  auth: ProxyAuth,
  locale?: string,
): Promise<ProxyCustomerResponse> {
  const { shop, programRows, spendingPrograms } = await shopContextOf(deps, auth.shopId);
  // C-10 (decision 0124): a program the plan no longer includes is paused, so not offered.
  const planRank = planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });
  const earning = programRows.filter(
    (p) => p.type === "earning" && statusUnderPlan(p.status as ProgramStatus, p, planRank) === "active",
  );
  const shopper = auth.platformCustomerId
    ? await shopperReads(deps).add({
        shopId: shop.id,
        platformCustomerId: auth.platformCustomerId,
        oneTimeProgramIds: earning.filter((p) => ONE_TIME_EVENTS.has(p.event)).map((p) => p.id),
      })
    : undefined;
  const customer = shopper?.customer;
  // Decision 0179: the shopper's e-mails follow the storefront language they use (written only on a change).
  if (customer && locale && customer.locale !== locale) {
    await setCustomerLocale(deps.db, shop.id, customer.id, locale);
  }
  const awarded = new Set(shopper?.awardedProgramIds);
  const waysToEarn = earning.map((p) => {
    const c = p.config as { earnBy?: string; earnPoint?: number; rateMoney?: number; rateItem?: number };
    return {
      programId: p.id,
      event: p.event,
      title: programTitleIn({ title: p.title, translateTitle: p.translate_title }, locale),
      points: Math.trunc(c.earnPoint ?? 0),
      perAmount: c.earnBy === "price" ? (c.rateMoney ?? null) : null,
      perItems: c.earnBy === "item" ? (c.rateItem ?? 1) : null,
      completed: ONE_TIME_EVENTS.has(p.event) && awarded.has(p.id),
    };
  });
  const active = spendingPrograms.filter((p) => p.status === "active");
  const quotes = customer
    ? await Promise.all(
        active.map((program) =>
          quoteFor(deps, { shop, customer }, program, program.config.minPoints ?? program.config.pointsCost),
        ),
      )
    : [];
  const waysToRedeem = active.map((program, i) => {
    const quote = quotes[i] ?? null;
    const reward = quote?.ok ? quote.reward : null;
    return {
      programId: program.id,
      event: program.event,
      title: programTitleIn(program, locale),
      redeemType: program.config.redeemType,
      points: program.config.pointsCost,
      minPoints: program.config.minPoints,
      maxPoints: program.config.maxPoints,
      rewardKind: reward?.kind ?? rewardKindByEvent[program.event],
      rewardValue: reward?.value ?? program.config.rewardValue ?? null,
      currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
      available: quote?.ok ?? false,
      unavailableReason: quote === null ? "Account not found" : quote.ok ? null : quote.message,
    };
  });
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
    tier:
      customer && customer.type === "member"
        ? await shopperTier(deps, shop.id, shopper?.standing ?? null, () =>
            storefrontTierDesign(deps, shop.id),
          )
        : null,
    pointLabel: (({ singular, plural }) => ({ singular, plural }))(pointLabelOf(shop)),
    waysToEarn,
    waysToRedeem,
  };
}
