import { randomBytes } from "node:crypto";
import type { AdminCoupon, DiscountLink, ProxyCoupon, ProxyRedeemBody } from "@laurel/contracts";
import type { CouponRow, CustomerRow, LedgerEntryRow, ShopRow, Tx } from "@laurel/db";
import {
  buildDiscountCode,
  type Coupon,
  type CouponRevokeSettings,
  checkRevoke,
  codeSuffixFromBytes,
  couponStatus,
  couponTab,
  DEFAULT_COUPON_REVOKE_SETTINGS,
  DEFAULT_CURRENCY,
  type PlanRank,
  planRankOf,
  quoteRedemption,
  type RedemptionQuote,
  type RewardQuote,
  type SpendingProgram,
} from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import { AppError } from "../../infra/errors";
import type { DiscountRequest, DiscountValue, SalesChannel } from "../../platform/port";
import { postEntry, postHold, reserveHold, voidHold } from "../ledger/ledger.service";
import { enqueueEmails } from "../mail/mail.service";
import { storeTimeZoneOf } from "../shops/time-zone";
import * as repo from "./rewards.repository";

/**
 * Redeeming points for rewards and revoking coupons (D-01 … D-21, H-11 … H-13). The domain
 * prices the redemption; this service reserves the points (a hold), asks the platform for the
 * discount code, then posts the hold — or voids it if the platform refuses — exactly once.
 */
export const REWARD_ACTIVITY = {
  redeem: "redeem_point",
  redeemVoided: "redeem_void",
  refundCoupon: "refund_coupon",
} as const;

export interface Shopper {
  shop: ShopRow;
  customer: CustomerRow;
}

/** The shop's spending programs that parse, from the shop context (cached per SHOP_CACHE_MS). */
export async function listSpendingPrograms(deps: Deps, shopId: string): Promise<readonly SpendingProgram[]> {
  return (await deps.shopContexts.byId(shopId))?.spendingPrograms ?? [];
}

function shopFacts(shop: ShopRow) {
  return {
    exchangeRate: shop.settings.exchangeRate ?? 100,
    currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
    planRank: planRankOf(shop.plan) as PlanRank,
    sandbox: shop.settings.sandbox?.enabled ?? false,
    timeZone: storeTimeZoneOf(shop) ?? "UTC",
  };
}

const isTestCustomer = (shop: ShopRow, c: CustomerRow) =>
  (shop.settings.sandbox?.testEmails ?? []).some((e) => e.toLowerCase() === (c.email ?? "").toLowerCase());

export async function quoteFor(
  deps: Deps,
  { shop, customer }: Shopper,
  program: SpendingProgram | null,
  points: number | undefined,
): Promise<RedemptionQuote> {
  // Counted only where a limit applies (D-13): most rewards have none, and the widget asks often.
  const limited =
    program !== null &&
    (program.config.usageLimit.total !== null || program.config.usageLimit.perCustomer !== null);
  const usage = limited
    ? await repo.countRedemptions(deps.db, shop.id, program.id, customer.id)
    : { total: 0, byCustomer: 0 };
  // D-18: a partner voucher program runs out when every code was handed out.
  const vouchersLeft =
    program?.event === "custom_voucher"
      ? (await unusedVoucherCodes(deps.db, shop.id, program)).length
      : undefined;
  return quoteRedemption({
    program,
    ...(points !== undefined ? { requestedPoints: points } : {}),
    balance: { available: customer.available_points },
    customer: { state: customer.type, isTestCustomer: isTestCustomer(shop, customer) },
    usage: {
      programRedemptions: usage.total,
      customerRedemptions: usage.byCustomer,
      ...(vouchersLeft !== undefined ? { vouchersLeft } : {}),
    },
    shop: shopFacts(shop),
    now: deps.clock.now().toISOString(),
  });
}

function refusal(q: Extract<RedemptionQuote, { ok: false }>): AppError {
  const status =
    q.code === "insufficient_points" || q.code.endsWith("_limit")
      ? 409
      : q.code.startsWith("customer_")
        ? 403
        : 422;
  return new AppError(q.code, status, q.message);
}

/** `POST /proxy/redeem`: reserve → create the code on the platform → post (or void on failure). */
export async function redeemReward(deps: Deps, shopper: Shopper, body: ProxyRedeemBody) {
  const { shop, customer } = shopper;
  const holdKey = `redeem:${customer.id}:${body.requestId ?? deps.newId("req")}`;
  const programs = await listSpendingPrograms(deps, shop.id);
  const program = programs.find((p) => p.id === body.programId) ?? null;
  if (!program) throw new AppError("reward_program_blank", 404);

  // A retried request (same requestId) answers the coupon it already made.
  const earlier = await repo.findCouponByHoldKey(deps.db, shop.id, holdKey);
  if (earlier) {
    return {
      coupon: presentCouponRow(earlier, program.title, deps.clock.now()),
      replayed: true,
      availablePoints: null,
    };
  }

  const quote = await quoteFor(deps, shopper, program, body.points);
  if (!quote.ok) throw refusal(quote);
  if (program.event === "custom_voucher") return redeemPartnerVoucher(deps, shopper, program, quote, holdKey);

  const code = buildDiscountCode(quote.reward.codePrefix, codeSuffixFromBytes(randomBytes(10)));
  const couponId = deps.newId("cpn");
  const holdId = deps.newId("hold");
  const expiresAt = quote.reward.expiresAt ? new Date(quote.reward.expiresAt) : null;
  const reserved = await deps.db.transaction().execute(async (trx) => {
    // The coupon first and the debit last: the debit locks the customer's row until commit, and a
    // hot customer's redemptions queue on that lock, so it is held for as little as possible.
    const { hold } = await reserveCoupon(deps, trx, shopper, program, quote, {
      couponId,
      holdId,
      code,
      holdKey,
      expiresAt,
    });
    return hold;
  });

  let platformDiscountId: string;
  try {
    const created = await deps.platform.createDiscount(
      { domain: shop.shopify_domain, accessToken: shop.access_token },
      discountRequest(code, program.title, quote.reward, customer, deps.clock.now(), expiresAt),
    );
    platformDiscountId = created.platformDiscountId;
  } catch (error) {
    // The platform said no (or did not answer): the points come back, the coupon never existed.
    await deps.db.transaction().execute(async (trx) => {
      await voidHold(trx, shop.id, holdId, deps.clock.now(), REWARD_ACTIVITY.redeemVoided);
      await repo.deleteCoupon(trx, shop.id, couponId);
    });
    throw error;
  }
  const coupon = await deps.db.transaction().execute(async (trx) => {
    await postHold(trx, shop.id, holdId, deps.clock.now());
    await enqueueRedeemedEmail(deps, trx, shopper, program, { couponId, code, points: quote.points });
    return repo.setPlatformDiscount(trx, shop.id, couponId, platformDiscountId);
  });
  return {
    coupon: presentCouponRow(coupon, program.title, deps.clock.now()),
    replayed: false,
    availablePoints: reserved.balance?.available ?? null,
  };
}

/**
 * A redemption's coupon and the hold on its points, in the caller's transaction: the coupon first
 * and the debit last (the debit locks the customer's row until commit). The same requestId racing
 * itself (a double click) is refused: the first one makes the coupon. Shared by store discounts and
 * partner vouchers, which reserve alike and differ in where the code comes from.
 */
async function reserveCoupon(
  deps: Deps,
  trx: Tx,
  { shop, customer }: Shopper,
  program: SpendingProgram,
  quote: Extract<RedemptionQuote, { ok: true }>,
  c: { couponId: string; holdId: string; code: string; holdKey: string; expiresAt: Date | null },
) {
  const row = await repo.insertCoupon(trx, {
    shopId: shop.id,
    id: c.couponId,
    customerId: customer.id,
    programId: program.id,
    holdId: c.holdId,
    code: c.code,
    points: quote.points,
    reward: { ...quote.reward },
    expiresAt: c.expiresAt,
    createdAt: deps.clock.now(),
  });
  const hold = await reserveHold(trx, {
    shopId: shop.id,
    customerId: customer.id,
    holdId: c.holdId,
    points: quote.points,
    idempotencyKey: c.holdKey,
    activityType: REWARD_ACTIVITY.redeem,
    programId: program.id,
  });
  if (hold.replayed) throw new AppError("request_in_progress", 409);
  return { row, hold };
}

/** The shopper's `reward_redeemed` e-mail, once per coupon, with the redemption's commit. */
async function enqueueRedeemedEmail(
  deps: Deps,
  trx: Tx,
  { shop, customer }: Shopper,
  program: SpendingProgram,
  c: { couponId: string; code: string; points: number },
) {
  const values = { code: c.code, reward: program.title, points: c.points };
  await enqueueEmails(deps, trx, shop, [
    { event: "reward_redeemed", customerId: customer.id, occasion: `coupon:${c.couponId}`, values },
  ]);
}

/** D-18: the program's partner codes not handed out yet, in the merchant's order. */
async function unusedVoucherCodes(conn: Deps["db"] | Tx, shopId: string, program: SpendingProgram) {
  const codes = program.config.voucherCodes.map((c) => c.trim()).filter((c) => c !== "");
  const issued = await repo.issuedVoucherCodes(conn, shopId, codes);
  return codes.filter((c) => !issued.has(c));
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/**
 * D-18 (decision 0121): a partner voucher is one of the merchant's uploaded codes, handed out once.
 * No discount is created on the platform (the code is the partner's, not the store's): the next
 * unused code becomes the coupon and the points are spent in one transaction. Two shoppers racing
 * for the same code collide on the shop's unique coupon code; the loser takes the next one.
 */
async function redeemPartnerVoucher(
  deps: Deps,
  { shop, customer }: Shopper,
  program: SpendingProgram,
  quote: Extract<RedemptionQuote, { ok: true }>,
  holdKey: string,
) {
  const expiresAt = quote.reward.expiresAt ? new Date(quote.reward.expiresAt) : null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const couponId = deps.newId("cpn");
    const holdId = deps.newId("hold");
    try {
      return await deps.db.transaction().execute(async (trx) => {
        const [code] = await unusedVoucherCodes(trx, shop.id, program);
        if (code === undefined) throw new AppError("program_redemption_limit", 409);
        const { row, hold } = await reserveCoupon(deps, trx, { shop, customer }, program, quote, {
          couponId,
          holdId,
          code,
          holdKey,
          expiresAt,
        });
        await postHold(trx, shop.id, holdId, deps.clock.now());
        await enqueueRedeemedEmail(deps, trx, { shop, customer }, program, {
          couponId,
          code,
          points: quote.points,
        });
        return {
          coupon: presentCouponRow(row, program.title, deps.clock.now()),
          replayed: false,
          availablePoints: hold.balance?.available ?? null,
        };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new AppError("request_in_progress", 409);
}

/** A stored coupon as the domain's coupon rules read it (H-11). */
function couponFacts(row: CouponRow): Coupon {
  return {
    code: row.code,
    points: row.points,
    issuedAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    usedAt: row.used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export function presentCouponRow(row: CouponRow, title: string, now: Date): ProxyCoupon {
  const reward = row.reward as Partial<RewardQuote>;
  const status = couponStatus(couponFacts(row), now.toISOString());
  return {
    id: row.id,
    code: row.code,
    programId: row.program_id,
    title,
    points: row.points,
    reward: {
      kind: reward.kind ?? "amount",
      value: reward.value ?? null,
      currency: reward.currency ?? DEFAULT_CURRENCY,
      minimumRequirement: reward.minimumRequirement ?? { kind: "none" },
    },
    status,
    tab: couponTab(status),
    issuedAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    usedAt: row.used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listCoupons(deps: Deps, { shop, customer }: Shopper): Promise<ProxyCoupon[]> {
  const [rows, context] = await Promise.all([
    repo.listCustomerCoupons(deps.db, shop.id, customer.id),
    deps.shopContexts.byId(shop.id),
  ]);
  const programs = context?.programRows ?? [];
  const titles = new Map(programs.map((p) => [p.id, p.title]));
  const now = deps.clock.now();
  return rows.map((r) => presentCouponRow(r, titles.get(r.program_id) ?? "", now));
}

/** A coupon of this customer, once issued (a redemption in flight is not yet a coupon, see listCustomerCoupons). */
async function issuedCouponOf(deps: Deps, shopId: string, customerId: string, couponId: string) {
  const row = await repo.findCoupon(deps.db, shopId, couponId);
  if (!row || row.customer_id !== customerId || !row.platform_discount_id) {
    throw new AppError("coupon_not_found", 404);
  }
  return row;
}

/** H-12, H-13: the shopper revokes an unused coupon within the shop's limits; its points come back once. */
export async function revokeCoupon(deps: Deps, { shop, customer }: Shopper, couponId: string) {
  const row = await issuedCouponOf(deps, shop.id, customer.id, couponId);
  // An earned coupon (birthday, milestone) cost no points: there is nothing to give back (decision 0155).
  if (row.hold_id === null) throw new AppError("revoke_disabled", 422);
  const now = deps.clock.now();
  const settings: CouponRevokeSettings = shop.settings.couponRevoke ?? DEFAULT_COUPON_REVOKE_SETTINGS;
  const check = checkRevoke({
    coupon: couponFacts(row),
    settings,
    priorRevokes: (await repo.listRevokeTimes(deps.db, shop.id, customer.id)).map((d) => d.toISOString()),
    now: now.toISOString(),
  });
  if (!check.ok) throw new AppError(check.code, 422, check.message);
  const { coupon } = await revokeIssuedCoupon(deps, shop, row, {
    refundPoints: check.refundPoints,
    reason: null,
    actor: null,
  });
  return coupon;
}

/**
 * H-13: the merchant revokes a customer's coupon from the admin. The shopper's limits (enabled,
 * count, time limit) do not bind the merchant, but an admin note is required; it becomes the
 * coupon's revoke reason and the refund entry's note, with the merchant as the entry's actor.
 */
export async function revokeCouponAsMerchant(
  deps: Deps,
  shop: ShopRow,
  customerId: string,
  couponId: string,
  by: { actor: string; note: string },
): Promise<{ coupon: CouponRow; entry: LedgerEntryRow }> {
  const row = await issuedCouponOf(deps, shop.id, customerId, couponId);
  const check = checkRevoke({
    coupon: couponFacts(row),
    settings: shop.settings.couponRevoke ?? DEFAULT_COUPON_REVOKE_SETTINGS,
    priorRevokes: [],
    now: deps.clock.now().toISOString(),
    by: "admin",
    reason: by.note,
  });
  if (!check.ok) {
    throw new AppError(check.code, check.code === "revoke_reason_required" ? 400 : 422, check.message);
  }
  return revokeIssuedCoupon(deps, shop, row, {
    refundPoints: check.refundPoints,
    reason: by.note,
    actor: by.actor,
  });
}

/**
 * The revoke itself, whoever asks: the platform code stops working first (a refunded coupon must
 * never still be usable), then, under the coupon's lock, the coupon is marked revoked and its points
 * refunded once (`coupon:{id}:revoke`). A use or a revoke that got in between wins.
 */
async function revokeIssuedCoupon(
  deps: Deps,
  shop: ShopRow,
  row: CouponRow,
  r: { refundPoints: number; reason: string | null; actor: string | null },
): Promise<{ coupon: CouponRow; entry: LedgerEntryRow }> {
  if (row.platform_discount_id) {
    await deps.platform.deactivateDiscount(
      { domain: shop.shopify_domain, accessToken: shop.access_token },
      row.platform_discount_id,
    );
  }
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const locked = await repo.findCoupon(trx, shop.id, row.id, true);
    if (!locked || locked.status === "revoked") throw new AppError("coupon_revoked", 409);
    if (locked.status === "redeemed") throw new AppError("coupon_used", 422);
    const coupon = await repo.markRevoked(trx, shop.id, row.id, now, r.reason);
    const { entry } = await postEntry(trx, {
      shopId: shop.id,
      customerId: row.customer_id,
      activityType: REWARD_ACTIVITY.refundCoupon,
      available: r.refundPoints,
      idempotencyKey: `coupon:${row.id}:revoke`,
      programId: row.program_id,
      sourceRef: row.id,
      note: r.reason,
      actor: r.actor,
    });
    return { coupon, entry };
  });
}

/** H-11: a customer's coupons as the merchant sees them: with the order that used each and why it was revoked. */
export async function listCouponsForMerchant(
  deps: Deps,
  shopId: string,
  customerId: string,
): Promise<AdminCoupon[]> {
  const [rows, context] = await Promise.all([
    repo.listCustomerCoupons(deps.db, shopId, customerId),
    deps.shopContexts.byId(shopId),
  ]);
  const titles = new Map((context?.programRows ?? []).map((p) => [p.id, p.title]));
  const now = deps.clock.now();
  return rows.map((r) => presentAdminCoupon(r, titles.get(r.program_id) ?? "", now));
}

export function presentAdminCoupon(row: CouponRow, title: string, now: Date): AdminCoupon {
  return {
    ...presentCouponRow(row, title, now),
    usedOrderId: row.used_order_id,
    revokeReason: row.revoke_reason,
  };
}

/** The title of a coupon's program, for presenting one coupon. */
export async function couponProgramTitle(deps: Deps, shopId: string, programId: string): Promise<string> {
  const context = await deps.shopContexts.byId(shopId);
  return context?.programRows.find((p) => p.id === programId)?.title ?? "";
}

function itemsOf(scope: RewardQuote["appliesTo"]): DiscountValue extends { items: infer I } ? I : never {
  if (scope.appliesTo === "all") return { all: true } as never;
  if (scope.collectionIds.length > 0) return { collectionIds: scope.collectionIds } as never;
  return { productIds: scope.productIds } as never;
}

/** D-10: the reward's apply channel as the platform port names sale channels. */
export function salesChannelOf(channel: RewardQuote["channel"]): SalesChannel {
  return channel === "applyPos" ? "pos" : channel === "applyAll" ? "all" : "online_store";
}

/** The quoted reward as the platform port's discount request (D-05 … D-17). */
export function discountRequest(
  code: string,
  title: string,
  reward: RewardQuote,
  customer: CustomerRow,
  now: Date,
  endsAt: Date | null,
): DiscountRequest {
  const money = (amount: number) => ({ amount, currency: reward.currency });
  let value: DiscountValue;
  switch (reward.kind) {
    case "amount":
      value = { kind: "amount", amount: money(reward.value ?? 0), items: itemsOf(reward.appliesTo) };
      break;
    case "percentage":
      value = { kind: "percentage", percentage: reward.value ?? 0, items: itemsOf(reward.appliesTo) };
      break;
    case "free_shipping":
      value = {
        kind: "free_shipping",
        maxShippingPrice: reward.maxShippingAmount ? money(reward.maxShippingAmount) : null,
      };
      break;
    case "free_gift":
      value = {
        kind: "free_product",
        productIds: reward.freeGift?.productId ? [reward.freeGift.productId] : [],
        quantity: reward.freeGift?.quantity ?? 1,
      };
      break;
    case "bxgy": {
      const b = reward.bxgy;
      if (!b || b.getDiscount.kind === "amount") throw new AppError("program_inactive", 422);
      value = {
        kind: "buy_x_get_y",
        buys: { quantity: b.buyQuantity, items: itemsOf(b.buyItems) },
        gets: {
          quantity: b.getQuantity,
          items: itemsOf(b.getItems),
          percentage: b.getDiscount.kind === "free" ? 100 : b.getDiscount.value,
        },
      };
      break;
    }
    default:
      throw new AppError("program_inactive", 422);
  }
  const min = reward.minimumRequirement;
  return {
    code,
    title: `${title} (${code})`,
    value,
    minimum:
      min.kind === "amount"
        ? { subtotal: money(min.amount) }
        : min.kind === "quantity"
          ? { quantity: min.quantity }
          : null,
    customerPlatformId: reward.availability === "redeemer_only" ? customer.platform_customer_id : null,
    usageLimit: reward.usageLimit,
    appliesOncePerCustomer: true,
    combinesWith: {
      orderDiscounts: reward.combinesWith.order,
      productDiscounts: reward.combinesWith.product,
      shippingDiscounts: reward.combinesWith.shipping,
    },
    purchaseType:
      reward.purchaseType === "subscription_purchase"
        ? "subscription"
        : reward.purchaseType === "both_purchase"
          ? "both"
          : "one_time",
    salesChannel: salesChannelOf(reward.channel),
    startsAt: now,
    endsAt,
  };
}

/** An order that used Laurel codes marks those coupons used (H-11); a code seen again changes nothing. */
export async function markCouponsUsed(trx: Tx, shopId: string, codes: string[], orderId: string, at: Date) {
  if (codes.length === 0) return 0;
  return (await repo.markUsedByCodes(trx, shopId, codes, orderId, at)).length;
}

/**
 * D-20 (`/discount/{functionId}/{id}`): the platform opens this page for one of its discounts; it
 * answers the reward behind it, or `reward: null` when Laurel did not create that discount.
 */
export async function findRewardOfDiscount(
  deps: Deps,
  shopId: string,
  functionId: string,
  discountId: string,
): Promise<DiscountLink> {
  const numeric = discountId.replace(/^.*\//, "");
  const gids = [
    discountId,
    `gid://shopify/DiscountCodeNode/${numeric}`,
    `gid://demo/DiscountCodeNode/${numeric}`,
  ];
  const row = await repo.findCouponByPlatformDiscount(deps.db, shopId, gids);
  if (!row) return { functionId, discountId, reward: null };
  const coupon = presentAdminCoupon(
    row,
    await couponProgramTitle(deps, shopId, row.program_id),
    deps.clock.now(),
  );
  return {
    functionId,
    discountId,
    reward: {
      couponId: coupon.id,
      code: coupon.code,
      programId: coupon.programId,
      programTitle: coupon.title,
      customerId: row.customer_id,
      customerEmail: row.customer_email ?? null,
      points: coupon.points,
      status: coupon.status,
      issuedAt: coupon.issuedAt,
      expiresAt: coupon.expiresAt,
      usedAt: coupon.usedAt,
      usedOrderId: coupon.usedOrderId,
    },
  };
}
