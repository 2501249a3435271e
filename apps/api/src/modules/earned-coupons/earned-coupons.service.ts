import { createHmac } from "node:crypto";
import type { ShopRow, Tx } from "@laurel/db";
import { cleanCodePrefix, codeSuffixFromBytes, DEFAULT_CURRENCY } from "@laurel/domain";
import type { Deps } from "../../infra/deps";
import * as jobs from "../../jobs/refs";
import { createDiscountOnce } from "../../platform/create-discount-once";
import type { DiscountRequest, DiscountValue, SalesChannel } from "../../platform/port";
import { findCustomer } from "../customers/customers.service";
import { enqueueEmails } from "../mail/mail.service";
import { getShopOrThrow } from "../shops/shops.service";
import * as repo from "./earned-coupons.repository";

/**
 * Coupons a shopper earns without spending points: a birthday reward paid as a discount (G-01) and
 * a milestone's coupon actions (F-03). Decision 0155: the grant inserts the coupon (its code derived
 * from what earned it, unique per shop by `earned_by`) and enqueues `issue-earned-coupon` in the
 * same transaction; the job creates the discount through the platform port, then e-mails the code.
 * The widget lists a coupon once the platform has it (`listCustomerCoupons`).
 */

export type EarnedDiscount =
  | { kind: "percentage"; percentage: number }
  | { kind: "amount"; amount: number }
  | { kind: "free_shipping" }
  | { kind: "free_gift"; productId: string }
  /** Buy `buyQuantity` of anything, get `getQuantity` of the product free (G-01). */
  | { kind: "bxgy"; productId: string; buyQuantity: number; getQuantity: number };

export interface EarnedCouponRequest {
  customerId: string;
  programId: string;
  /** What earned it, e.g. `birthday:{customer}:{year}`: one coupon per value, ever. */
  earnedBy: string;
  title: string;
  prefix: string;
  discount: EarnedDiscount;
  expiresInDays: number | null;
  minimum: { kind: "none" } | { kind: "amount"; amount: number } | { kind: "quantity"; quantity: number };
  combinesWith: { order: boolean; product: boolean; shipping: boolean };
  salesChannel: SalesChannel;
  purchaseType: "one_time" | "subscription" | "both";
  at: Date;
}

/** What the coupon row keeps of the reward (its `reward` column, read by presentCouponRow too). */
interface StoredReward {
  kind: EarnedDiscount["kind"];
  value: number | null;
  currency: string;
  productId: string | null;
  /** Buy X get Y: the quantities (absent on coupons earned before them, of other kinds). */
  buyQuantity?: number;
  getQuantity?: number;
  title: string;
  minimumRequirement: EarnedCouponRequest["minimum"];
  combinesWith: EarnedCouponRequest["combinesWith"];
  salesChannel: SalesChannel;
  purchaseType: EarnedCouponRequest["purchaseType"];
}

const DAY_MS = 86_400_000;

/** The code of an earned coupon: the prefix and 10 letters derived from the shop and `earned_by`. */
export function earnedCouponCode(secret: string, shopId: string, prefix: string, earnedBy: string): string {
  const digest = createHmac("sha256", secret).update(`earned\n${shopId}\n${earnedBy}`).digest();
  const clean = cleanCodePrefix(prefix);
  return `${clean === "" ? "" : `${clean}-`}${codeSuffixFromBytes(digest.subarray(0, 10))}`;
}

/**
 * Records the coupon a reward earned and enqueues its issue, in the caller's transaction. Answers
 * false when `earnedBy` already has its coupon (a replayed pass or event).
 */
export async function earnCoupon(
  deps: Pick<Deps, "newId" | "queue" | "sessionSecret">,
  trx: Tx,
  shop: ShopRow,
  r: EarnedCouponRequest,
): Promise<boolean> {
  const reward: StoredReward = {
    kind: r.discount.kind,
    value:
      r.discount.kind === "percentage"
        ? r.discount.percentage
        : r.discount.kind === "amount"
          ? r.discount.amount
          : null,
    currency: shop.platform_info.currency ?? DEFAULT_CURRENCY,
    productId: r.discount.kind === "free_gift" || r.discount.kind === "bxgy" ? r.discount.productId : null,
    ...(r.discount.kind === "bxgy"
      ? { buyQuantity: r.discount.buyQuantity, getQuantity: r.discount.getQuantity }
      : {}),
    title: r.title,
    minimumRequirement: r.minimum,
    combinesWith: r.combinesWith,
    salesChannel: r.salesChannel,
    purchaseType: r.purchaseType,
  };
  const row = await repo.insertEarnedCoupon(trx, {
    shopId: shop.id,
    id: deps.newId("cpn"),
    customerId: r.customerId,
    programId: r.programId,
    code: earnedCouponCode(deps.sessionSecret, shop.id, r.prefix, r.earnedBy),
    earnedBy: r.earnedBy,
    reward: { ...reward },
    expiresAt: r.expiresInDays === null ? null : new Date(r.at.getTime() + r.expiresInDays * DAY_MS),
    createdAt: r.at,
  });
  if (!row) return false;
  await deps.queue.sendInTransaction(
    trx,
    jobs.issueEarnedCoupon,
    { shopId: shop.id, couponId: row.id },
    { singletonKey: row.id },
  );
  return true;
}

function discountValueOf(r: StoredReward): DiscountValue {
  const all = { all: true } as const;
  switch (r.kind) {
    case "percentage":
      return { kind: "percentage", percentage: r.value ?? 0, items: all };
    case "amount":
      return { kind: "amount", amount: { amount: r.value ?? 0, currency: r.currency }, items: all };
    case "free_shipping":
      return { kind: "free_shipping", maxShippingPrice: null };
    case "free_gift":
      return { kind: "free_product", productIds: r.productId ? [r.productId] : [], quantity: 1 };
    case "bxgy":
      return {
        kind: "buy_x_get_y",
        buys: { quantity: r.buyQuantity ?? 1, items: all },
        gets: {
          quantity: r.getQuantity ?? 1,
          items: { productIds: r.productId ? [r.productId] : [] },
          percentage: 100,
        },
      };
  }
}

/**
 * Job `issue-earned-coupon`: the platform discount of an earned coupon, customer-only and single
 * use, then the e-mail with its code. A coupon already issued, revoked, or gone is left alone.
 */
export async function issueEarnedCoupon(deps: Deps, shopId: string, couponId: string): Promise<void> {
  const coupon = await repo.findEarnedCoupon(deps.db, shopId, couponId);
  if (!coupon || coupon.platform_discount_id !== null || coupon.status !== "available") return;
  const [shop, customer] = await Promise.all([
    getShopOrThrow(deps, shopId),
    findCustomer(deps.db, shopId, coupon.customer_id),
  ]);
  if (!customer) return;
  const r = coupon.reward as unknown as StoredReward;
  const min = r.minimumRequirement;
  const request: DiscountRequest = {
    code: coupon.code,
    title: `${r.title} (${coupon.code})`,
    value: discountValueOf(r),
    minimum:
      min.kind === "amount"
        ? { subtotal: { amount: min.amount, currency: r.currency } }
        : min.kind === "quantity"
          ? { quantity: min.quantity }
          : null,
    customerPlatformId: customer.platform_customer_id,
    usageLimit: 1,
    appliesOncePerCustomer: true,
    combinesWith: {
      orderDiscounts: r.combinesWith.order,
      productDiscounts: r.combinesWith.product,
      shippingDiscounts: r.combinesWith.shipping,
    },
    purchaseType: r.purchaseType,
    salesChannel: r.salesChannel,
    startsAt: coupon.created_at,
    endsAt: coupon.expires_at,
  };
  // The code was fixed when the coupon was earned: a retry after a crash takes the one already made.
  const created = await createDiscountOnce(
    deps.platform,
    { domain: shop.shopify_domain, accessToken: shop.access_token },
    request,
  );
  await deps.db.transaction().execute(async (trx) => {
    const issued = await repo.setIssued(trx, shopId, couponId, created.platformDiscountId);
    if (!issued) return;
    await enqueueEmails(deps, trx, shop, [
      {
        event: "reward_redeemed",
        customerId: customer.id,
        occasion: `coupon:${coupon.id}`,
        values: { code: coupon.code, reward: r.title, points: 0 },
      },
    ]);
  });
}

/** The earned coupons of a customer whose `earned_by` starts with `prefix`, issued or not. */
export function listEarnedCoupons(
  deps: Pick<Deps, "db">,
  shopId: string,
  customerId: string,
  prefix: string,
) {
  return repo.listEarnedBy(deps.db, shopId, customerId, prefix);
}
