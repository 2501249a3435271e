import { randomBytes } from "node:crypto";
import type {
  ExclusiveDealBody,
  ExclusiveDealDesign,
  ExclusiveDealSettings,
  ExclusiveDealView,
  MembershipOverview,
  ProxyExclusiveDeal,
  ProxyMembershipView,
  TierDesignBody,
  TierDesignView,
} from "@laurel/contracts";
import type { CustomerRow, ExclusiveDealRow, ShopRow } from "@laurel/db";
import {
  AUTOMATIC_DISCOUNT_LIMITS,
  buildDiscountCode,
  checkAutomaticDiscountLimit,
  codeSuffixFromBytes,
  DEFAULT_CURRENCY,
  exclusiveDealOpenTo,
  exclusiveDealRunning,
  minimumPlanFor,
  planAllows,
  planRankOf,
  planTierDisplayName,
  validateExclusiveDeal,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { ProxyAuth } from "../../infra/http";
import { markShopChanged, onShopChanged } from "../../infra/shop-changes";
import type { DiscountRequest } from "../../platform/port";
import { type Actor, auditWrite } from "../audit/audit.service";
import { findCustomerByPlatformId } from "../customers/customers.service";
import { getShopOrThrow } from "../shops/shops.service";
import { b2bRequirementsOf } from "../tiers/b2b-requirements";
import { memberTierCoupons } from "../tiers/tier-coupons.service";
import { getTierProgram, tierInForceOf } from "../tiers/tiers.service";
import * as repo from "./membership.repository";

/**
 * The rest of Membership (issue 10; decisions 0116, 0117): the member exclusive deal (I-22, I-23),
 * the VIP Design tab (I-03, I-04, I-27) and the membership overview with B2B requirements (I-21)
 * and the subscription membership gate (I-24).
 */

/** X-74-style defaults the spec leaves open: a 10 % deal for every member, from the first save. */
export function defaultDealSettings(now: Date): ExclusiveDealSettings {
  return {
    name: "Members-only deal",
    discountType: "percentage",
    discountValue: 10,
    condition: "none",
    conditionValue: 0,
    startsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString(),
    endsAt: null,
    eligibility: "all",
    tierIds: [],
    salesChannel: "online_store",
    freeItems: 0,
  };
}

export const DEFAULT_DEAL_DESIGN: ExclusiveDealDesign = {
  actionText: "Shop the deal",
  description: "An exclusive offer for our members.",
  font: "theme",
  fontSize: 14,
  buttonIcon: "gift",
  textColor: "#202223",
  buttonColor: "#008060",
  backgroundColor: "#F6F6F7",
};

export const DEFAULT_TIER_DESIGN: TierDesignView = {
  hideDefaultTier: false,
  showProgress: true,
  showPerks: true,
  accentColor: "#5C6AC4",
};

const planRank = (shop: ShopRow) => planRankOf(shop.plan, { posExtension: shop.is_enable_pos_pro3 });

/** I-22: an image's decoded size from its base64 data URL. */
function imageBytes(dataUrl: string | null): number {
  if (!dataUrl) return 0;
  const b64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/**
 * I-23, D-19: the automatic discounts the shop has active. The member exclusive deal is the only
 * automatic discount Laurel creates today; others are added here when they exist.
 */
function automaticDiscountsInUse(dealEnabled: boolean): number {
  return dealEnabled ? 1 : 0;
}

function presentDeal(
  shop: ShopRow,
  row: Awaited<ReturnType<typeof repo.findDeal>>,
  now: Date,
): ExclusiveDealView {
  const settings = (row?.settings as ExclusiveDealSettings | undefined) ?? defaultDealSettings(now);
  const enabled = row?.enabled ?? false;
  return {
    enabled,
    settings,
    design: { ...DEFAULT_DEAL_DESIGN, ...(row?.design as Partial<ExclusiveDealDesign> | undefined) },
    image: row?.image ?? null,
    running: exclusiveDealRunning({ enabled, ...settings }, now.getTime()),
    planAllowed: planAllows(planRank(shop), "member_exclusive_deal"),
    requiredPlan: planTierDisplayName(minimumPlanFor("member_exclusive_deal")),
    automaticDiscounts: { used: automaticDiscountsInUse(enabled), limit: AUTOMATIC_DISCOUNT_LIMITS.shop },
    saved: row !== undefined,
  };
}

export async function getExclusiveDeal(deps: Deps, shopId: string): Promise<ExclusiveDealView> {
  const shop = await getShopOrThrow(deps, shopId);
  return presentDeal(shop, await repo.findDeal(deps.db, shopId), deps.clock.now());
}

/**
 * Saves the deal (I-22). Its rules are checked field by field (the end after the start, the image
 * at most 200 KB, chosen tiers that exist); switching it on needs Advanced (I-23) and a free place
 * under the platform's automatic discount cap (D-19). Settings may be prepared on any plan.
 */
export async function saveExclusiveDeal(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: ExclusiveDealBody,
): Promise<ExclusiveDealView> {
  const shop = await getShopOrThrow(deps, shopId);
  const errors = validateExclusiveDeal({ ...body.settings, imageBytes: imageBytes(body.image) });
  if (body.settings.eligibility === "tiers" && errors.every((e) => e.field !== "tierIds")) {
    const known = new Set((await getTierProgram(deps, shopId)).tiers.map((t) => t.id));
    if (body.settings.tierIds.some((id) => !known.has(id))) {
      errors.push({ field: "tierIds", message: "Choose tiers of this shop's VIP program" });
    }
  }
  if (errors.length > 0) {
    throw new AppError("validation_failed", 400, errors[0]?.message, errors);
  }
  const view = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockDeal(trx, shopId);
    const turningOn = body.enabled && !current?.enabled;
    if (turningOn) {
      if (!planAllows(planRank(shop), "member_exclusive_deal")) {
        const plan = planTierDisplayName(minimumPlanFor("member_exclusive_deal"));
        throw new AppError(
          "plan_required",
          403,
          `Member exclusive deal is available on the ${plan} plan and above.`,
        );
      }
      const limit = checkAutomaticDiscountLimit(automaticDiscountsInUse(false));
      if (!limit.ok) throw new AppError("automatic_discount_limit", 409, limit.message);
    }
    await repo.upsertDeal(trx, shopId, body);
    await auditWrite(trx, shopId, actor, "membership.exclusive_deal.saved", { enabled: body.enabled });
    return presentDeal(shop, await repo.findDeal(trx, shopId), deps.clock.now());
  });
  markShopChanged(shopId);
  return view;
}

export async function getTierDesign(deps: Deps, shopId: string): Promise<TierDesignView> {
  return { ...DEFAULT_TIER_DESIGN, ...((await repo.findTierDesign(deps.db, shopId)) ?? {}) };
}

/** Per-process cache of the Design tab for the storefront (dropped when the shop changes). */
const designCaches = new WeakMap<Deps, Map<string, { at: number; design: TierDesignView }>>();

function designCacheOf(deps: Deps) {
  let cache = designCaches.get(deps);
  if (!cache) {
    const fresh = new Map<string, { at: number; design: TierDesignView }>();
    onShopChanged((shopId) => fresh.delete(shopId));
    designCaches.set(deps, fresh);
    cache = fresh;
  }
  return cache;
}

/**
 * The Design tab as the storefront reads it (I-04, I-27): cached per process for SHOP_CACHE_MS like
 * the ladder in force, so the shopper's read stays one statement (decision 0055).
 */
export async function storefrontTierDesign(deps: Deps, shopId: string): Promise<TierDesignView> {
  const cache = designCacheOf(deps);
  const now = Date.now();
  const hit = cache.get(shopId);
  if (hit && now - hit.at < deps.config.shopCacheMs) return hit.design;
  const design = await getTierDesign(deps, shopId);
  cache.set(shopId, { at: now, design });
  return design;
}

/** The Design tab changes how tiers look, never who holds which: not locked while tiers are enabled. */
export async function saveTierDesign(
  deps: Deps,
  shopId: string,
  actor: Actor,
  body: TierDesignBody,
): Promise<TierDesignView> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.upsertTierDesign(trx, shopId, body);
    await auditWrite(trx, shopId, actor, "tiers.design.saved", {});
  });
  markShopChanged(shopId);
  return getTierDesign(deps, shopId);
}

/** B2B partner tiers are set up and launched only when every requirement is met (403 otherwise). */
export async function assertB2bAvailable(deps: Deps, shopId: string): Promise<ShopRow> {
  const shop = await getShopOrThrow(deps, shopId);
  if (!b2bRequirementsOf(shop).available) throw new AppError("b2b_requirements_unmet", 403);
  return shop;
}

/** `/membership` (I-01): each membership's state, B2B's requirements (I-21) and the subscription gate (I-24). */
export async function getMembershipOverview(deps: Deps, shopId: string): Promise<MembershipOverview> {
  const shop = await getShopOrThrow(deps, shopId);
  const [deal, tiers, b2bTiers] = await Promise.all([
    getExclusiveDeal(deps, shopId),
    getTierProgram(deps, shopId),
    getTierProgram(deps, shopId, "b2b"),
  ]);
  return {
    exclusiveDeal: { enabled: deal.enabled, running: deal.running, planAllowed: deal.planAllowed },
    vip: { status: tiers.status, tiers: tiers.tiers.length },
    b2b: {
      ...b2bRequirementsOf(shop),
      status: b2bTiers.status,
      tiers: b2bTiers.tiers.length,
    },
    subscription: {
      planAllowed: planAllows(planRank(shop), "subscription_membership"),
      requiredPlan: planTierDisplayName(minimumPlanFor("subscription_membership")),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The storefront (I-22, N-23; decision 0136)

interface OpenDeal {
  row: ExclusiveDealRow;
  settings: ExclusiveDealSettings;
  design: ExclusiveDealDesign;
  version: string;
}

/**
 * The deal a member may use now: switched on, within its dates, the shop on a plan that allows it
 * (a downgrade closes it), and open to the tier the member holds (I-22 eligibility).
 */
async function openDealFor(deps: Deps, shop: ShopRow, member: CustomerRow): Promise<OpenDeal | null> {
  const row = await repo.findDeal(deps.db, shop.id);
  if (!row) return null;
  const settings = row.settings as ExclusiveDealSettings;
  if (!exclusiveDealRunning({ enabled: row.enabled, ...settings }, deps.clock.now().getTime())) return null;
  if (!planAllows(planRank(shop), "member_exclusive_deal")) return null;
  const tierId = settings.eligibility === "all" ? null : await tierInForceOf(deps.db, shop.id, member.id);
  if (!exclusiveDealOpenTo(settings, tierId)) return null;
  const design = { ...DEFAULT_DEAL_DESIGN, ...(row.design as Partial<ExclusiveDealDesign>) };
  return { row, settings, design, version: new Date(row.updated_at).toISOString() };
}

function presentProxyDeal(deal: OpenDeal, code: string | null): ProxyExclusiveDeal {
  const { settings: s, design: d } = deal;
  return {
    name: s.name,
    description: d.description,
    actionText: d.actionText,
    discountType: s.discountType,
    discountValue: s.discountValue,
    condition: s.condition,
    conditionValue: s.conditionValue,
    endsAt: s.endsAt,
    design: {
      textColor: d.textColor,
      buttonColor: d.buttonColor,
      backgroundColor: d.backgroundColor,
      font: d.font,
      fontSize: d.fontSize,
    },
    image: deal.row.image,
    code,
  };
}

async function shopperMember(
  deps: Deps,
  auth: ProxyAuth,
): Promise<{ shop: ShopRow; member: CustomerRow } | null> {
  if (!auth.platformCustomerId) return null;
  const shop = await getShopOrThrow(deps, auth.shopId);
  const customer = await findCustomerByPlatformId(deps.db, shop.id, auth.platformCustomerId);
  return customer?.type === "member" ? { shop, member: customer } : null;
}

/** `GET /proxy/membership`: the member's exclusive deal, when their tier may use it, and tier coupons. */
export async function getShopperMembership(deps: Deps, auth: ProxyAuth): Promise<ProxyMembershipView> {
  const found = await shopperMember(deps, auth);
  if (!found) return { deal: null, coupons: [] };
  const { shop, member } = found;
  const [deal, coupons] = await Promise.all([
    openDealFor(deps, shop, member),
    memberTierCoupons(deps, shop.id, member.id),
  ]);
  const code = deal ? await repo.findDealCode(deps.db, shop.id, member.id, deal.version) : undefined;
  return { deal: deal ? presentProxyDeal(deal, code?.code ?? null) : null, coupons };
}

/** The deal as a platform discount for one member (decision 0136). */
function dealDiscount(
  shop: ShopRow,
  deal: OpenDeal,
  code: string,
  customerPlatformId: string,
): DiscountRequest {
  const s = deal.settings;
  const currency = shop.platform_info.currency ?? DEFAULT_CURRENCY;
  return {
    code,
    title: `${s.name} (${code})`,
    value:
      s.discountType === "percentage"
        ? { kind: "percentage", percentage: s.discountValue, items: { all: true } }
        : // Free items are worth at most the deal's value: an amount off up to it.
          { kind: "amount", amount: { amount: s.discountValue, currency }, items: { all: true } },
    minimum:
      s.condition === "minimum_subtotal"
        ? { subtotal: { amount: s.conditionValue, currency } }
        : s.condition === "minimum_quantity"
          ? { quantity: s.conditionValue }
          : null,
    customerPlatformId,
    usageLimit: null,
    appliesOncePerCustomer: true,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    purchaseType: "one_time",
    salesChannel: s.salesChannel === "both" ? "all" : s.salesChannel,
    startsAt: new Date(s.startsAt),
    endsAt: s.endsAt === null ? null : new Date(s.endsAt),
  };
}

/**
 * `POST /proxy/membership/deal`: the member's own code for the deal, made on the platform once per
 * deal version (a second call, or a racing one, answers the same code). Refused (403) to a shopper
 * whose tier may not use it.
 */
export async function claimExclusiveDealCode(deps: Deps, auth: ProxyAuth): Promise<ProxyExclusiveDeal> {
  const found = await shopperMember(deps, auth);
  if (!found) throw new AppError("exclusive_deal_unavailable", 403);
  const { shop, member } = found;
  const deal = await openDealFor(deps, shop, member);
  if (!deal) throw new AppError("exclusive_deal_unavailable", 403);
  const code = buildDiscountCode("DEAL", codeSuffixFromBytes(randomBytes(10)));
  const mine = await deps.db
    .transaction()
    .execute((trx) => repo.insertDealCode(trx, shop.id, member.id, deal.version, code));
  if (!mine) {
    const existing = await repo.findDealCode(deps.db, shop.id, member.id, deal.version);
    return presentProxyDeal(deal, existing?.code ?? null);
  }
  try {
    const created = await deps.platform.createDiscount(
      { domain: shop.shopify_domain, accessToken: shop.access_token },
      dealDiscount(shop, deal, code, member.platform_customer_id),
    );
    await deps.db
      .transaction()
      .execute((trx) =>
        repo.setDealCodeDiscount(trx, shop.id, member.id, deal.version, created.platformDiscountId),
      );
  } catch (error) {
    // The platform said no: no code is kept, the member may ask again.
    await deps.db.transaction().execute((trx) => repo.deleteDealCode(trx, shop.id, member.id, deal.version));
    throw error;
  }
  return presentProxyDeal(deal, code);
}
